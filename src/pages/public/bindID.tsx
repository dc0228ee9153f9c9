import { View, Text } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import Field from '@/components/Field'
import FormError from '@/components/Form/FormError'
import SubmitButton from '@/components/Form/SubmitButton'
import { useFormSubmit } from '@/components/Form/useFormSubmit'
import LoginRequired from '@/components/LoginRequired'
import { idcardAuth } from '@/features/account/api'
import { checkIdCard, checkRealName } from '@rules/validate'
import { useStores } from '@/stores'

function BindIdPage() {
  const { session } = useStores()
  const [name, setName] = useState('')
  const [idCard, setIdCard] = useState('')
  const check = () => checkRealName(name) || checkIdCard(idCard)
  const form = useFormSubmit('认证失败', check)
  const user = session.user

  if (!user) return <LoginRequired text="请先登录后再进行实名认证" />

  if (user.real_name_verified) {
    return (
      <View className="page card">
        <View className="form-heading">已完成实名认证</View>
        <View className="muted">认证姓名：{user.real_name}</View>
      </View>
    )
  }

  const onSubmit = () =>
    form.submit(check(), async () => {
      session.setUser(await idcardAuth({ real_name: name.trim(), id_card: idCard.trim() }))
      void Taro.showToast({ title: '认证成功', icon: 'success' })
    })

  return (
    <View className="page page-pad form-page">
      <Text className="muted">
        实名认证为自愿，发布内容和交友无需认证。信息仅用于身份核验，不会公开。
      </Text>
      <Field
        label="真实姓名"
        name="real_name"
        value={name}
        onInput={setName}
        placeholder="请输入真实姓名"
      />
      <Field
        label="身份证号"
        name="id_card"
        type="idcard"
        maxlength={18}
        value={idCard}
        onInput={setIdCard}
        placeholder="请输入18位身份证号"
      />
      <FormError text={form.error} />
      <SubmitButton busy={form.busy} onClick={onSubmit}>
        提交认证
      </SubmitButton>
    </View>
  )
}

export default observer(BindIdPage)
