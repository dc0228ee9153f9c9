import { View, Text, Button } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { useEffect, useRef, useState } from 'react'
import type { LoginResult } from '@/types/api/account'
import AgreementCheck, { AGREEMENT_REQUIRED } from '@/components/AgreementCheck'
import BindPhoneForm from '@/features/account/BindPhoneForm'
import { getSysConf, wxGainUserPhone, wxOauth } from '@/features/account/api'
import { finishLogin } from '@/features/account/finishLogin'
import { newLoginState, wechatAuthorizeUrl, wechatReturnCode } from '@/features/account/wechatWeb'
import { canLoginWithWeChat, isWeapp } from '@/core/platform'
import { useStores } from '@/stores'
import './loginByWx.scss'

interface PhoneEvent {
  detail: { code?: string; errMsg?: string }
}

const LOGIN_PATH = '/pages/public/loginByWx'

/**
 * WeChat login. Mini-program: `Taro.login` gives a code for /api/login/oauth. H5 in WeChat's
 * browser: WeChat's web authorisation sends the person back here with a code. A WeChat account
 * already bound logs straight in; otherwise the person completes it with their phone number (the
 * getPhoneNumber button in the mini-program, an SMS code anywhere).
 */
export default function LoginByWxPage() {
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
      setError(err instanceof Error ? err.message : '微信登录失败')
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
    window.history.replaceState(null, '', LOGIN_PATH)
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
      `${window.location.origin}${LOGIN_PATH}`,
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
      setError(err instanceof Error ? err.message : '微信登录失败')
    } finally {
      setBusy(false)
    }
  }

  const buttonClass = busy ? 'btn-primary is-disabled' : 'btn-primary'

  return (
    <View className="page page-pad wx-login">
      <View className="wx-login__logo">书</View>
      <Text className="wx-login__title">书友 · 读书社区</Text>
      {!canLoginWithWeChat() ? (
        <View className="muted wx-login__hint">请在微信中打开，使用微信一键登录</View>
      ) : ticket ? (
        <View>
          <View className="muted wx-login__hint">首次使用微信登录，请绑定手机号</View>
          {isWeapp() && (
            <Button
              className={buttonClass}
              openType="getPhoneNumber"
              onGetPhoneNumber={onPhone}
              loading={busy}
              disabled={busy}
            >
              授权微信手机号
            </Button>
          )}
          <BindPhoneForm ticket={ticket} onLogin={onLogin} />
        </View>
      ) : (
        <Button className={buttonClass} loading={busy} disabled={busy} onClick={start}>
          微信一键登录
        </Button>
      )}
      {!ticket && <AgreementCheck checked={agreed} onChange={setAgreed} />}
      {error && <View className="form-error">{error}</View>}
      <Button className="btn-plain" onClick={() => Taro.redirectTo({ url: '/pages/public/login' })}>
        使用手机号登录
      </Button>
    </View>
  )
}
