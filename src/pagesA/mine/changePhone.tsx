import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import Field from '@/components/Field'
import FormError from '@/components/Form/FormError'
import PhoneCodeFields from '@/features/account/components/PhoneCodeFields'
import SubmitButton from '@/components/Form/SubmitButton'
import { useFormSubmit } from '@/components/Form/useFormSubmit'
import LoginRequired from '@/components/LoginRequired'
import { changePhone } from '@/features/account/api'
import { checkPhone, checkSmsCode } from '@rules/validate'
import { useStores } from '@/stores'
import { finishWith } from '@/core/finish'

function ChangePhonePage() {
  const { session } = useStores()
  const [phone, setPhone] = useState('')
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  const needsPassword = Boolean(session.user?.has_password)
  const check = () =>
    checkPhone(phone) ||
    checkSmsCode(code) ||
    (needsPassword && !password ? '请输入登录密码' : null)
  const form = useFormSubmit('更换失败', check)

  if (!session.user) return <LoginRequired />

  const onSubmit = () =>
    form.submit(check(), async () => {
      session.setUser(await changePhone({ phone, code, password }))
      finishWith('手机号已更换', 'back')
    })

  return (
    <View className="page page-pad form-page">
      <Text className="muted">当前手机号：{session.user.mobile}</Text>
      <PhoneCodeFields
        phone={phone}
        onPhone={setPhone}
        code={code}
        onCode={setCode}
        scene="change_phone"
        onInvalid={form.setError}
        phoneName="phone"
        phoneLabel="新手机号"
        phonePlaceholder="请输入新手机号"
      />
      {needsPassword && (
        <Field
          label="登录密码"
          name="password"
          password
          maxlength={32}
          value={password}
          onInput={setPassword}
          placeholder="验证身份，请输入登录密码"
        />
      )}
      <FormError text={form.error} />
      <SubmitButton busy={form.busy} onClick={onSubmit}>
        确认更换
      </SubmitButton>
    </View>
  )
}

export default observer(ChangePhonePage)
