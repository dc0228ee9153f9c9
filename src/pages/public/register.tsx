import { View, Text } from '@tarojs/components'
import { useState } from 'react'
import AgreementCheck, { AGREEMENT_REQUIRED } from '@/components/AgreementCheck'
import FormError from '@/components/Form/FormError'
import PasswordFields from '@/components/Form/PasswordFields'
import PhoneCodeFields from '@/features/account/components/PhoneCodeFields'
import SubmitButton from '@/components/Form/SubmitButton'
import { useFormSubmit } from '@/components/Form/useFormSubmit'
import { register } from '@/features/account/api'
import { finishLogin } from '@/features/account/finishLogin'
import { checkPhone, checkPassword, checkSmsCode, ValidationText } from '@rules/validate'
import { useStores } from '@/stores'

export default function RegisterPage() {
  const store = useStores()
  const [mobile, setMobile] = useState('')
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [agreed, setAgreed] = useState(false)
  const check = () =>
    checkPhone(mobile) ||
    checkSmsCode(code) ||
    checkPassword(password) ||
    (password === confirm ? null : ValidationText.passwordMismatch) ||
    (agreed ? null : AGREEMENT_REQUIRED)
  const form = useFormSubmit('注册失败', check)

  const onSubmit = () =>
    form.submit(check(), async () => finishLogin(store, await register({ mobile, code, password })))

  return (
    <View className="page page-pad form-page">
      <Text className="muted">注册后即可同步书架、发表读后感、结交书友</Text>
      <PhoneCodeFields
        phone={mobile}
        onPhone={setMobile}
        code={code}
        onCode={setCode}
        scene="register"
        onInvalid={form.setError}
      />
      <PasswordFields
        password={password}
        onPassword={setPassword}
        confirm={confirm}
        onConfirm={setConfirm}
      />
      <AgreementCheck checked={agreed} onChange={setAgreed} />
      <FormError text={form.error} />
      <SubmitButton busy={form.busy} onClick={onSubmit}>
        注册并登录
      </SubmitButton>
    </View>
  )
}
