import { View, Text } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useState } from 'react'
import Field from '@/components/Field'
import FormError from '@/components/Form/FormError'
import PasswordFields from '@/components/Form/PasswordFields'
import SubmitButton from '@/components/Form/SubmitButton'
import { useFormSubmit } from '@/components/Form/useFormSubmit'
import { changePassword } from '@/features/account/api'
import { checkPassword, ValidationText } from '@rules/validate'
import { finishWith } from '@/core/finish'
import { Route } from '@/core/routes'

export default function ChangePasswordPage() {
  const [oldPassword, setOldPassword] = useState('')
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const check = () =>
    (oldPassword ? null : '请输入原密码') ||
    checkPassword(password) ||
    (password === confirm ? null : ValidationText.passwordMismatch) ||
    (password === oldPassword ? '新密码不能与原密码相同' : null)
  const form = useFormSubmit('修改失败', check)

  const onSubmit = () =>
    form.submit(check(), async () => {
      await changePassword({ old_password: oldPassword, password })
      finishWith('密码已修改', 'back')
    })

  return (
    <View className="page page-pad form-page">
      <Field
        label="原密码"
        name="old_password"
        password
        maxlength={32}
        value={oldPassword}
        onInput={setOldPassword}
        placeholder="请输入原密码"
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
        确认修改
      </SubmitButton>
      <View className="form-aside">
        <Text className="link" onClick={() => Taro.navigateTo({ url: Route.mineFindPwd })}>
          忘记原密码？
        </Text>
      </View>
    </View>
  )
}
