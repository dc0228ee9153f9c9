import { View, Text, Button } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react'
import { useState } from 'react'
import Field from '@/components/Field'
import SmsCodeButton from '@/components/SmsCodeButton'
import { changePhone } from '@/features/account/api'
import { checkPhone, checkSmsCode } from '@/core/validate'
import { useStores } from '@/stores'
import LoginRequired from '@/components/LoginRequired'

function ChangePhonePage() {
  const { session } = useStores()
  const [phone, setPhone] = useState('')
  const [code, setCode] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  if (!session.user) return <LoginRequired />

  const submit = async () => {
    const problem = checkPhone(phone) || checkSmsCode(code)
    setError(problem ?? '')
    if (problem) return
    setBusy(true)
    try {
      session.setUser(await changePhone({ phone, code }))
      void Taro.showToast({ title: '手机号已更换', icon: 'success' })
      setTimeout(() => void Taro.navigateBack(), 800)
    } catch (err) {
      setError(err instanceof Error ? err.message : '更换失败')
    } finally {
      setBusy(false)
    }
  }

  return (
    <View className="page page-pad" style={{ background: '#fff' }}>
      <Text className="muted">当前手机号：{session.user?.mobile ?? ''}</Text>
      <Field
        label="新手机号"
        name="phone"
        type="number"
        maxlength={11}
        value={phone}
        onInput={setPhone}
        placeholder="请输入新手机号"
      />
      <Field
        label="验证码"
        name="code"
        type="number"
        maxlength={6}
        value={code}
        onInput={setCode}
        placeholder="6位验证码"
        extra={<SmsCodeButton mobile={phone} scene="change_phone" onInvalid={setError} />}
      />
      {error && <View className="form-error">{error}</View>}
      <Button
        className={busy ? 'btn-primary is-disabled' : 'btn-primary'}
        loading={busy}
        disabled={busy}
        onClick={submit}
      >
        确认更换
      </Button>
    </View>
  )
}

export default observer(ChangePhonePage)
