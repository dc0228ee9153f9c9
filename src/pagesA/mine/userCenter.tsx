import { View, Text, Input, Textarea, Picker, Progress } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import type { Gender } from '@/types/api/account'
import Avatar from '@/components/Avatar'
import FormError from '@/components/Form/FormError'
import SubmitButton from '@/components/Form/SubmitButton'
import { useFormSubmit } from '@/components/Form/useFormSubmit'
import { updateProfile, uploadImage } from '@/features/account/api'
import { checkNickname, checkSignature, SIGNATURE_MAX } from '@rules/validate'
import { BLOCKED_TEXT_MESSAGE, findBlockedWords } from '@rules/moderation'
import { useStores } from '@/stores'
import LoginRequired from '@/components/LoginRequired'
import './userCenter.scss'

const GENDERS = ['保密', '男', '女']

function UserCenterPage() {
  const { session } = useStores()
  const user = session.user
  const [nickname, setNickname] = useState(user?.nickname ?? '')
  const [sex, setSex] = useState<Gender>(user?.sex ?? 0)
  const [signature, setSignature] = useState(user?.signature ?? '')
  const [progress, setProgress] = useState<number | null>(null)
  const check = () =>
    checkNickname(nickname) ||
    checkSignature(signature) ||
    (findBlockedWords(`${nickname} ${signature}`).length ? BLOCKED_TEXT_MESSAGE : null)
  const form = useFormSubmit('保存失败', check)

  if (!user) return <LoginRequired />

  const changeAvatar = async () => {
    let filePath: string
    try {
      const picked = await Taro.chooseImage({
        count: 1,
        sizeType: ['compressed'],
        sourceType: ['album', 'camera'],
      })
      filePath = picked.tempFilePaths[0]
    } catch {
      return // the person closed the picker
    }
    setProgress(0)
    form.setError('')
    try {
      const uploaded = await uploadImage(filePath, setProgress)
      session.setUser(await updateProfile({ avatar: uploaded.url }))
      void Taro.showToast({ title: '头像已更新', icon: 'success' })
    } catch (err) {
      form.fail(err instanceof Error ? err.message : '头像上传失败')
    } finally {
      setProgress(null)
    }
  }

  const save = () =>
    form.submit(check(), async () => {
      session.setUser(await updateProfile({ nickname: nickname.trim(), sex, signature }))
      void Taro.showToast({ title: '已保存', icon: 'success' })
    })

  return (
    <View className="page user-center">
      <View className="user-center__avatar" onClick={changeAvatar} data-testid="change-avatar">
        <Avatar src={user.avatar} name={user.nickname} size={160} />
        <Text className="muted">点击更换头像</Text>
        {progress !== null && (
          <View className="user-center__progress">
            <Progress percent={Math.round(progress * 100)} strokeWidth={4} activeColor="#c0392b" />
            <Text className="muted">上传中 {Math.round(progress * 100)}%</Text>
          </View>
        )}
      </View>
      <View className="user-center__form">
        <View className="user-center__row">
          <Text className="user-center__label">昵称</Text>
          <Input
            className="user-center__input"
            name="nickname"
            value={nickname}
            maxlength={16}
            placeholder="请输入昵称"
            onInput={(e) => setNickname(e.detail.value)}
          />
        </View>
        <Picker
          mode="selector"
          range={GENDERS}
          value={sex}
          onChange={(e) => setSex(Number(e.detail.value) as Gender)}
        >
          <View className="user-center__row">
            <Text className="user-center__label">性别</Text>
            <Text className="user-center__input">{GENDERS[sex]}</Text>
          </View>
        </Picker>
        <View className="user-center__row user-center__row--top">
          <Text className="user-center__label">个性签名</Text>
          <Textarea
            className="user-center__textarea"
            name="signature"
            value={signature}
            maxlength={SIGNATURE_MAX}
            placeholder="写一句喜欢的话"
            onInput={(e) => setSignature(e.detail.value)}
          />
        </View>
      </View>
      <View className="page-pad">
        <FormError text={form.error} />
        <SubmitButton busy={form.busy} onClick={save}>
          保存
        </SubmitButton>
      </View>
    </View>
  )
}

export default observer(UserCenterPage)
