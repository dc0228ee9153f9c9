import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import Avatar from '@/components/Avatar'
import { Route } from '@/core/routes'
import type { UserProfile } from '@/types/api/account'

/** The mine tab's head: me (a tap opens my profile), or an invitation to log in. */
export default function MineHead({ user }: { user: UserProfile | null }) {
  if (!user) {
    return (
      <View className="mine__head" onClick={() => Taro.navigateTo({ url: Route.login })}>
        <Avatar name="登" size={128} />
        <View className="mine__who">
          <Text className="mine__nickname" data-testid="mine-login">
            点击登录
          </Text>
          <Text className="mine__sign">登录后体验更多功能</Text>
        </View>
        <View className="mine__arrow" />
      </View>
    )
  }
  return (
    <View className="mine__head" onClick={() => Taro.navigateTo({ url: Route.userCenter })}>
      <Avatar src={user.avatar} name={user.nickname} size={128} />
      <View className="mine__who">
        <Text className="mine__nickname" data-testid="mine-nickname">
          {user.nickname}
        </Text>
        <Text className="mine__sign">{user.signature || '这个人很懒，还没有签名'}</Text>
      </View>
      <View className="mine__arrow" />
    </View>
  )
}
