import { View, Text, Input, Textarea, Picker, Progress } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import type { Gender } from '@/types/api/account'
import Avatar from '@/components/Avatar'
import FormError from '@/components/Form/FormError'
import SubmitButton from '@/components/Form/SubmitButton'
import LoginRequired from '@/components/LoginRequired'
import { useProfileEdit } from '@/features/account/useProfileEdit'
import { SIGNATURE_MAX } from '@rules/validate'
import './userCenter.scss'
import { BRAND_COLOR } from '@/core/theme'

const GENDERS = ['保密', '男', '女']

/** My profile: avatar, nickname, gender, signature. */
function UserCenterPage() {
  const { user, fields: f, progress, form, changeAvatar, save } = useProfileEdit()

  if (!user) return <LoginRequired />

  return (
    <View className="page user-center">
      <View className="user-center__avatar" onClick={changeAvatar} data-testid="change-avatar">
        <Avatar src={user.avatar} name={user.nickname} size={160} />
        <Text className="muted">点击更换头像</Text>
        {progress !== null && (
          <View className="user-center__progress">
            <Progress
              percent={Math.round(progress * 100)}
              strokeWidth={4}
              activeColor={BRAND_COLOR}
            />
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
            value={f.nickname}
            maxlength={16}
            placeholder="请输入昵称"
            onInput={(e) => f.setNickname(e.detail.value)}
          />
        </View>
        <Picker
          mode="selector"
          range={GENDERS}
          value={f.sex}
          onChange={(e) => f.setSex(Number(e.detail.value) as Gender)}
        >
          <View className="user-center__row">
            <Text className="user-center__label">性别</Text>
            <Text className="user-center__input">{GENDERS[f.sex]}</Text>
          </View>
        </Picker>
        <View className="user-center__row user-center__row--top">
          <Text className="user-center__label">个性签名</Text>
          <Textarea
            className="user-center__textarea"
            name="signature"
            value={f.signature}
            maxlength={SIGNATURE_MAX}
            placeholder="写一句喜欢的话"
            onInput={(e) => f.setSignature(e.detail.value)}
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
