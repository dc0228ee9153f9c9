/**
 * WeChat login's steps. Mini-program: `Taro.login` gives a code for /api/login/oauth. H5 in
 * WeChat's browser: WeChat's web authorisation sends the person back to the page with a code. A
 * WeChat account already bound logs straight in; otherwise `ticket` is set and the person completes
 * it with their phone number (the getPhoneNumber button in the mini-program, an SMS code anywhere).
 */
import Taro, { useRouter } from '@tarojs/taro'
import { useEffect, useRef, useState } from 'react'
import { AGREEMENT_REQUIRED } from '@/components/AgreementCheck'
import { isWeapp } from '@/core/platform'
import { Route } from '@/core/routes'
import { useStores } from '@/stores'
import type { LoginResult } from '@/types/api/account'
import { getSysConf, wxGainUserPhone, wxOauth } from './api'
import { finishLogin } from './finishLogin'
import { newLoginState, wechatAuthorizeUrl, wechatReturnCode } from './wechatWeb'

export interface PhoneEvent {
  detail: { code?: string; errMsg?: string }
}

const failed = (err: unknown) => (err instanceof Error ? err.message : '微信登录失败')

export function useWeChatLogin() {
  const store = useStores()
  const { params } = useRouter()
  const [ticket, setTicket] = useState('')
  const [agreed, setAgreed] = useState(false)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const returned = useRef(false)

  const onLogin = (result: LoginResult) => finishLogin(store, result)

  const exchange = async (code: string, source: 'weapp' | 'h5') => {
    setBusy(true)
    setError('')
    try {
      const res = await wxOauth(code, source)
      if (res.bound) await onLogin(res)
      else setTicket(res.ticket)
    } catch (err) {
      setError(failed(err))
    } finally {
      setBusy(false)
    }
  }

  // Back from WeChat's web authorisation (H5): the agreement was accepted before leaving.
  useEffect(() => {
    if (returned.current || isWeapp()) return
    const code = wechatReturnCode(params, window.sessionStorage)
    if (!code) {
      if (params.code) setError('微信授权已失效，请重新登录')
      return
    }
    returned.current = true
    setAgreed(true)
    window.history.replaceState(null, '', Route.loginByWx)
    void exchange(code, 'h5')
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the code on arrival
  }, [])

  const start = async () => {
    if (!agreed) {
      setError(AGREEMENT_REQUIRED)
      return
    }
    if (isWeapp()) {
      const login = await Taro.login().catch(() => null)
      if (login?.code) await exchange(login.code, 'weapp')
      else setError('微信登录失败，请重试')
      return
    }
    const conf = await getSysConf().catch(() => null)
    if (!conf?.wechat_mp_appid) {
      setError('暂未开通微信公众号登录，请使用手机号登录')
      return
    }
    window.location.href = wechatAuthorizeUrl(
      conf.wechat_mp_appid,
      `${window.location.origin}${Route.loginByWx}`,
      newLoginState(window.sessionStorage),
    )
  }

  const onPhone = async (e: PhoneEvent) => {
    if (!e.detail.code) {
      setError('需要授权手机号才能完成登录，也可以用短信验证码绑定')
      return
    }
    setBusy(true)
    try {
      await onLogin(await wxGainUserPhone({ code: e.detail.code, ticket }))
    } catch (err) {
      setError(failed(err))
    } finally {
      setBusy(false)
    }
  }

  return { ticket, agreed, setAgreed, error, busy, start, onPhone, onLogin }
}
