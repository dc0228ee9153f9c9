import { View } from '@tarojs/components'
import { useState } from 'react'
import type { LoginResult } from '@/types/api/account'
import FormError from '@/components/Form/FormError'
import PhoneCodeFields from '@/features/account/components/PhoneCodeFields'
import SubmitButton from '@/components/Form/SubmitButton'
import { useFormSubmit } from '@/components/Form/useFormSubmit'
import { wxBindPhone } from '@/features/account/api'
import { checkPhone, checkSmsCode } from '@rules/validate'

interface Props {
  ticket: string
  onLogin: (result: LoginResult) => Promise<void>
}

/** Finishes a WeChat login by a phone number and SMS code (H5 has no getPhoneNumber button). */
export default function BindPhoneForm({ ticket, onLogin }: Props) {
  const [phone, setPhone] = useState('')
  const [code, setCode] = useState('')
  const check = () => checkPhone(phone) || checkSmsCode(code)
  const form = useFormSubmit('绑定失败', check)

  const onSubmit = () =>
    form.submit(check(), async () => onLogin(await wxBindPhone({ ticket, phone, code })))

  return (
    <View>
      <PhoneCodeFields
        phone={phone}
        onPhone={setPhone}
        code={code}
        onCode={setCode}
        scene="bind"
        onInvalid={form.setError}
        phoneName="phone"
        phonePlaceholder="绑定手机号"
      />
      <FormError text={form.error} />
      <SubmitButton busy={form.busy} onClick={onSubmit}>
        绑定手机号并登录
      </SubmitButton>
    </View>
  )
}
