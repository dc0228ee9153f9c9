import { View, Text } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react'
import { useState } from 'react'
import FormError from '@/components/Form/FormError'
import PhoneCodeFields from '@/components/Form/PhoneCodeFields'
import SubmitButton from '@/components/Form/SubmitButton'
import { useFormSubmit } from '@/components/Form/useFormSubmit'
import LoginRequired from '@/components/LoginRequired'
import { changePhone } from '@/features/account/api'
import { checkPhone, checkSmsCode } from '@/core/validate'
import { useStores } from '@/stores'

function ChangePhonePage() {
  const { session } = useStores()
  const [phone, setPhone] = useState('')
  const [code, setCode] = useState('')
  const form = useFormSubmit('更换失败')

  if (!session.user) return <LoginRequired />

  const onSubmit = () =>
    form.submit(checkPhone(phone) || checkSmsCode(code), async () => {
      session.setUser(await changePhone({ phone, code }))
      void Taro.showToast({ title: '手机号已更换', icon: 'success' })
      setTimeout(() => void Taro.navigateBack(), 800)
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
      <FormError text={form.error} />
      <SubmitButton busy={form.busy} onClick={onSubmit}>
        确认更换
      </SubmitButton>
    </View>
  )
}

export default observer(ChangePhonePage)
