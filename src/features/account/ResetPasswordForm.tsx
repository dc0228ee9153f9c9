import { View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useState } from 'react'
import FormError from '@/components/Form/FormError'
import PasswordFields from '@/components/Form/PasswordFields'
import PhoneCodeFields from '@/features/account/components/PhoneCodeFields'
import SubmitButton from '@/components/Form/SubmitButton'
import { useFormSubmit } from '@/components/Form/useFormSubmit'
import { checkPhone, checkPassword, checkSmsCode, ValidationText } from '@rules/validate'
import { Route } from '@/core/routes'

interface Props {
  submit: (req: { mobile: string; code: string; password: string }) => Promise<unknown>
}

/** Mobile + SMS code + new password, shared by the public and the in-app "forgot password". */
export default function ResetPasswordForm({ submit }: Props) {
  const [mobile, setMobile] = useState('')
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const check = () =>
    checkPhone(mobile) ||
    checkSmsCode(code) ||
    checkPassword(password) ||
    (password === confirm ? null : ValidationText.passwordMismatch)
  const form = useFormSubmit('重置失败', check)

  const onSubmit = () =>
    form.submit(check(), async () => {
      await submit({ mobile, code, password })
      void Taro.showToast({ title: '密码已重置，请重新登录', icon: 'none' })
      setTimeout(() => void Taro.redirectTo({ url: Route.login }), 1000)
    })

  return (
    <View>
      <PhoneCodeFields
        phone={mobile}
        onPhone={setMobile}
        code={code}
        onCode={setCode}
        scene="reset"
        onInvalid={form.setError}
        phonePlaceholder="请输入注册手机号"
      />
      <PasswordFields
        label="新密码"
        password={password}
        onPassword={setPassword}
        confirm={confirm}
        onConfirm={setConfirm}
      />
      <FormError text={form.error} />
      <SubmitButton busy={form.busy} onClick={onSubmit}>
        重置密码
      </SubmitButton>
    </View>
  )
}
