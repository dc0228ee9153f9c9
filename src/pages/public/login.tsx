import { View, Text, Button } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useState } from 'react'
import Field from '@/components/Field'
import FormError from '@/components/Form/FormError'
import SubmitButton from '@/components/Form/SubmitButton'
import { useFormSubmit } from '@/components/Form/useFormSubmit'
import SmsCodeField from '@/features/account/components/SmsCodeField'
import AgreementCheck, { AGREEMENT_REQUIRED } from '@/components/AgreementCheck'
import { loginByCode, loginByPassword } from '@/features/account/api'
import { finishLogin } from '@/features/account/finishLogin'
import { checkPhone, checkPassword, checkSmsCode } from '@rules/validate'
import { canLoginWithWeChat } from '@/core/platform'
import { useStores } from '@/stores'
import './login.scss'
import { Route } from '@/core/routes'

type Mode = 'password' | 'code'

export default function LoginPage() {
  const store = useStores()
  const [mode, setMode] = useState<Mode>('password')
  const [mobile, setMobile] = useState('')
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [agreed, setAgreed] = useState(false)
  const check = () =>
    checkPhone(mobile) ||
    (mode === 'password' ? checkPassword(password) : checkSmsCode(code)) ||
    (agreed ? null : AGREEMENT_REQUIRED)
  const form = useFormSubmit('登录失败', check)

  const onSubmit = () =>
    form.submit(check(), async () => {
      const result =
        mode === 'password'
          ? await loginByPassword(mobile, password)
          : await loginByCode(mobile, code)
      await finishLogin(store, result)
    })

  return (
    <View className="page page-pad login">
      <Text className="login__title">欢迎回来</Text>
      <View className="login__tabs">
        <Text
          className={mode === 'password' ? 'login__tab login__tab--on' : 'login__tab'}
          onClick={() => setMode('password')}
        >
          密码登录
        </Text>
        <Text
          className={mode === 'code' ? 'login__tab login__tab--on' : 'login__tab'}
          onClick={() => setMode('code')}
        >
          验证码登录
        </Text>
      </View>
      <Field
        label="手机号"
        name="mobile"
        type="number"
        maxlength={11}
        value={mobile}
        onInput={setMobile}
        placeholder="请输入手机号"
      />
      {mode === 'password' ? (
        <Field
          label="密码"
          name="password"
          password
          maxlength={32}
          value={password}
          onInput={setPassword}
          placeholder="请输入密码"
        />
      ) : (
        <SmsCodeField
          phone={mobile}
          code={code}
          onCode={setCode}
          scene="login"
          onInvalid={form.setError}
        />
      )}
      <AgreementCheck checked={agreed} onChange={setAgreed} />
      <FormError text={form.error} />
      <SubmitButton busy={form.busy} onClick={onSubmit}>
        登录
      </SubmitButton>
      <View className="login__links">
        <Text className="link" onClick={() => Taro.navigateTo({ url: Route.register })}>
          注册账号
        </Text>
        <Text className="link" onClick={() => Taro.navigateTo({ url: Route.findPwd })}>
          忘记密码
        </Text>
      </View>
      {canLoginWithWeChat() && (
        <Button
          className="btn-plain login__wx"
          onClick={() => Taro.navigateTo({ url: Route.loginByWx })}
        >
          微信登录
        </Button>
      )}
    </View>
  )
}
