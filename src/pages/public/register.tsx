import { View, Text, Button } from '@tarojs/components'
import { useState } from 'react'
import Field from '@/components/Field'
import SmsCodeButton from '@/components/SmsCodeButton'
import AgreementCheck, { AGREEMENT_REQUIRED } from '@/components/AgreementCheck'
import { register } from '@/features/account/api'
import { finishLogin } from '@/features/account/finishLogin'
import { checkPhone, checkPassword, checkSmsCode, ValidationText } from '@/core/validate'
import { useStores } from '@/stores'

export default function RegisterPage() {
  const store = useStores()
  const [mobile, setMobile] = useState('')
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [agreed, setAgreed] = useState(false)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  const submit = async () => {
    const problem =
      checkPhone(mobile) ||
      checkSmsCode(code) ||
      checkPassword(password) ||
      (password === confirm ? null : ValidationText.passwordMismatch) ||
      (agreed ? null : AGREEMENT_REQUIRED)
    setError(problem ?? '')
    if (problem) return
    setBusy(true)
    try {
      await finishLogin(store, await register({ mobile, code, password }))
    } catch (err) {
      setError(err instanceof Error ? err.message : '注册失败')
    } finally {
      setBusy(false)
    }
  }

  return (
    <View className="page page-pad" style={{ background: '#fff' }}>
      <Text className="muted">注册后即可同步书架、发表读后感、结交书友</Text>
      <Field
        label="手机号"
        name="mobile"
        type="number"
        maxlength={11}
        value={mobile}
        onInput={setMobile}
        placeholder="请输入手机号"
      />
      <Field
        label="验证码"
        name="code"
        type="number"
        maxlength={6}
        value={code}
        onInput={setCode}
        placeholder="6位验证码"
        extra={<SmsCodeButton mobile={mobile} scene="register" onInvalid={setError} />}
      />
      <Field
        label="密码"
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
        placeholder="再次输入密码"
      />
      <AgreementCheck checked={agreed} onChange={setAgreed} />
      {error && <View className="form-error">{error}</View>}
      <Button
        className={busy ? 'btn-primary is-disabled' : 'btn-primary'}
        loading={busy}
        disabled={busy}
        onClick={submit}
      >
        注册并登录
      </Button>
    </View>
  )
}
