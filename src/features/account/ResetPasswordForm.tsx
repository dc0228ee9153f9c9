import { View, Button } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useState } from 'react'
import Field from '@/components/Field'
import SmsCodeButton from '@/components/SmsCodeButton'
import { checkPhone, checkPassword, checkSmsCode, ValidationText } from '@/core/validate'

interface Props {
  initialMobile?: string
  submit: (req: { mobile: string; code: string; password: string }) => Promise<unknown>
}

/** Mobile + SMS code + new password, shared by the public and the in-app "forgot password". */
export default function ResetPasswordForm({ initialMobile = '', submit }: Props) {
  const [mobile, setMobile] = useState(initialMobile)
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  const onSubmit = async () => {
    const problem =
      checkPhone(mobile) ||
      checkSmsCode(code) ||
      checkPassword(password) ||
      (password === confirm ? null : ValidationText.passwordMismatch)
    setError(problem ?? '')
    if (problem) return
    setBusy(true)
    try {
      await submit({ mobile, code, password })
      void Taro.showToast({ title: '密码已重置，请重新登录', icon: 'none' })
      setTimeout(() => void Taro.redirectTo({ url: '/pages/public/login' }), 1000)
    } catch (err) {
      setError(err instanceof Error ? err.message : '重置失败')
    } finally {
      setBusy(false)
    }
  }

  return (
    <View>
      <Field
        label="手机号"
        name="mobile"
        type="number"
        maxlength={11}
        value={mobile}
        onInput={setMobile}
        placeholder="请输入注册手机号"
      />
      <Field
        label="验证码"
        name="code"
        type="number"
        maxlength={6}
        value={code}
        onInput={setCode}
        placeholder="6位验证码"
        extra={<SmsCodeButton mobile={mobile} scene="reset" onInvalid={setError} />}
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
        onClick={onSubmit}
      >
        重置密码
      </Button>
    </View>
  )
}
