import { View, Text, Button } from '@tarojs/components'
import Taro from '@tarojs/taro'
import AgreementCheck from '@/components/AgreementCheck'
import { canLoginWithWeChat, isWeapp } from '@/core/platform'
import { Route } from '@/core/routes'
import BindPhoneForm from '@/features/account/BindPhoneForm'
import { useWeChatLogin } from '@/features/account/useWeChatLogin'
import './loginByWx.scss'

/** WeChat login (see useWeChatLogin), or the way to the phone-number login. */
export default function LoginByWxPage() {
  const wx = useWeChatLogin()
  const buttonClass = wx.busy ? 'btn-primary is-disabled' : 'btn-primary'

  return (
    <View className="page page-pad wx-login">
      <View className="wx-login__logo">书</View>
      <Text className="wx-login__title">书友 · 读书社区</Text>
      {!canLoginWithWeChat() ? (
        <View className="muted wx-login__hint">请在微信中打开，使用微信一键登录</View>
      ) : wx.ticket ? (
        <View>
          <View className="muted wx-login__hint">首次使用微信登录，请绑定手机号</View>
          {isWeapp() && (
            <Button
              className={buttonClass}
              openType="getPhoneNumber"
              onGetPhoneNumber={wx.onPhone}
              loading={wx.busy}
              disabled={wx.busy}
            >
              授权微信手机号
            </Button>
          )}
          <BindPhoneForm ticket={wx.ticket} onLogin={wx.onLogin} />
        </View>
      ) : (
        <Button className={buttonClass} loading={wx.busy} disabled={wx.busy} onClick={wx.start}>
          微信一键登录
        </Button>
      )}
      {!wx.ticket && <AgreementCheck checked={wx.agreed} onChange={wx.setAgreed} />}
      {wx.error && <View className="form-error">{wx.error}</View>}
      <Button className="btn-plain" onClick={() => Taro.redirectTo({ url: Route.login })}>
        使用手机号登录
      </Button>
    </View>
  )
}
