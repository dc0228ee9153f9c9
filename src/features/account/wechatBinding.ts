/**
 * The 微信 row of the account page: the binding state (User.User.IsBindWechatUser), asked each time
 * the page shows, and what a tap tells (User.User.GetWeChatUserInfo).
 */
import Taro, { useDidShow } from '@tarojs/taro'
import { useState } from 'react'
import type { WechatBindState, WechatUserInfo } from '@/types/api/account'
import { getWechatUserInfo, isBindWechatUser } from './api'

export const wechatRowValue = (bound: boolean): string => (bound ? '已绑定' : '未绑定')

/** The modal text for the binding details. Pure. */
export function wechatDetail(info: WechatUserInfo): string {
  if (!info.bound) return '当前账号未绑定微信。在微信中使用“微信登录”并验证本账号手机号即可绑定。'
  const where = [info.mini && '小程序', info.mp && '公众号'].filter(Boolean).join('、')
  return `当前账号已绑定微信${where ? `（${where}）` : ''}，显示为“${info.nickname}”。`
}

/**
 * The binding state, starting from the stored profile's flag until the server answers; asked only
 * when `loggedIn`.
 */
export function useWechatBinding(initialBound: boolean, loggedIn: boolean) {
  const [state, setState] = useState<WechatBindState | null>(null)

  useDidShow(() => {
    if (!loggedIn) return
    isBindWechatUser()
      .then(setState)
      .catch(() => undefined)
  })

  const showDetail = async () => {
    try {
      const info = await getWechatUserInfo()
      setState({ bound: info.bound, mini: info.mini, mp: info.mp })
      await Taro.showModal({ title: '微信', content: wechatDetail(info), showCancel: false })
    } catch {
      // the request layer has shown why
    }
  }

  return { bound: state ? state.bound : initialBound, showDetail }
}
