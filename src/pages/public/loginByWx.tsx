import { View, Text, Button } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useState } from 'react'
import AgreementCheck, { AGREEMENT_REQUIRED } from '@/components/AgreementCheck'
import { wxGainUserPhone, wxOauth } from '@/features/account/api'
import { finishLogin } from '@/features/account/finishLogin'
import { isWeapp } from '@/core/platform'
import { useStores } from '@/stores'
import './loginByWx.scss'

interface PhoneEvent {
  detail: { code?: string; errMsg?: string }
}

/**
 * Mini-program login: `Taro.login` gives a code for /api/login/oauth. A WeChat account already bound
 * logs straight in; otherwise the person grants their phone number (getPhoneNumber button) and
 * /api/login/gainUserPhone finds or creates the account for it.
 */
export default function LoginByWxPage() {
  const store = useStores()
  const [ticket, setTicket] = useState('')
  const [agreed, setAgreed] = useState(false)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  const start = async () => {
    if (!agreed) {
      setError(AGREEMENT_REQUIRED)
      return
    }
    setError('')
    setBusy(true)
    try {
      const { code } = await Taro.login()
      const res = await wxOauth(code)
      if (res.bound) await finishLogin(store, res)
      else setTicket(res.ticket)
    } catch (err) {
      setError(err instanceof Error ? err.message : '微信登录失败')
    } finally {
      setBusy(false)
    }
  }

  const onPhone = async (e: PhoneEvent) => {
    if (!e.detail.code) {
      setError('需要授权手机号才能完成登录')
      return
    }
    setBusy(true)
    try {
      await finishLogin(store, await wxGainUserPhone({ code: e.detail.code, ticket }))
    } catch (err) {
      setError(err instanceof Error ? err.message : '微信登录失败')
    } finally {
      setBusy(false)
    }
  }

  return (
    <View className="page page-pad wx-login">
      <View className="wx-login__logo">书</View>
      <Text className="wx-login__title">书友 · 读书社区</Text>
      {!isWeapp() ? (
        <View className="muted wx-login__hint">请在“书友”微信小程序中使用微信一键登录</View>
      ) : ticket ? (
        <Button
          className="btn-primary"
          openType="getPhoneNumber"
          onGetPhoneNumber={onPhone}
          loading={busy}
          disabled={busy}
        >
          授权手机号完成登录
        </Button>
      ) : (
        <Button
          className={busy ? 'btn-primary is-disabled' : 'btn-primary'}
          loading={busy}
          disabled={busy}
          onClick={start}
        >
          微信一键登录
        </Button>
      )}
      <AgreementCheck checked={agreed} onChange={setAgreed} />
      {error && <View className="form-error">{error}</View>}
      <Button className="btn-plain" onClick={() => Taro.redirectTo({ url: '/pages/public/login' })}>
        使用手机号登录
      </Button>
    </View>
  )
}
