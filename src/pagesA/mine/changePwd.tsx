import { View, Text, Button } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useState } from 'react'
import Field from '@/components/Field'
import { changePassword } from '@/features/account/api'
import { checkPassword, ValidationText } from '@/core/validate'

export default function ChangePasswordPage() {
  const [oldPassword, setOldPassword] = useState('')
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  const submit = async () => {
    const problem =
      (oldPassword ? null : '请输入原密码') ||
      checkPassword(password) ||
      (password === confirm ? null : ValidationText.passwordMismatch) ||
      (password === oldPassword ? '新密码不能与原密码相同' : null)
    setError(problem ?? '')
    if (problem) return
    setBusy(true)
    try {
      await changePassword({ old_password: oldPassword, password })
      void Taro.showToast({ title: '密码已修改', icon: 'success' })
      setTimeout(() => void Taro.navigateBack(), 800)
    } catch (err) {
      setError(err instanceof Error ? err.message : '修改失败')
    } finally {
      setBusy(false)
    }
  }

  return (
    <View className="page page-pad" style={{ background: '#fff' }}>
      <Field
        label="原密码"
        name="old_password"
        password
        maxlength={32}
        value={oldPassword}
        onInput={setOldPassword}
        placeholder="请输入原密码"
      />
      <Field
        label="新密码"
        name="password"
        password
        maxlength={32}
        value={password}
        onInput={setPassword}
        placeholder="至少6位，含字母和数字"
      />
      <Field
        label="确认密码"
        name="confirm"
        password
        maxlength={32}
        value={confirm}
        onInput={setConfirm}
        placeholder="再次输入新密码"
      />
      {error && <View className="form-error">{error}</View>}
      <Button
        className={busy ? 'btn-primary is-disabled' : 'btn-primary'}
        loading={busy}
        disabled={busy}
        onClick={submit}
      >
        确认修改
      </Button>
      <View style={{ marginTop: '16px', textAlign: 'right' }}>
        <Text className="link" onClick={() => Taro.navigateTo({ url: '/pagesA/mine/findPwd' })}>
          忘记原密码？
        </Text>
      </View>
    </View>
  )
}
