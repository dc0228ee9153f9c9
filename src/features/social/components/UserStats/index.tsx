import { Text, View } from '@tarojs/components'
import type { UserDetail } from '@/types/api/social'

/** A profile's four counts: posts, following, followers, likes received. */
export default function UserStats({ stats }: { stats: UserDetail['stats'] }) {
  return (
    <View className="user-detail__stats">
      <View className="user-detail__stat">
        <Text className="user-detail__num">{stats.posts}</Text>
        <Text className="muted">读后感</Text>
      </View>
      <View className="user-detail__stat">
        <Text className="user-detail__num">{stats.following}</Text>
        <Text className="muted">关注</Text>
      </View>
      <View className="user-detail__stat">
        <Text className="user-detail__num" data-testid="user-followers">
          {stats.followers}
        </Text>
        <Text className="muted">粉丝</Text>
      </View>
      <View className="user-detail__stat">
        <Text className="user-detail__num">{stats.likes}</Text>
        <Text className="muted">获赞</Text>
      </View>
    </View>
  )
}
