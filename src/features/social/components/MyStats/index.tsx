import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { pageUrl, Route } from '@/core/routes'
import type { UserStatistics } from '@/types/api/social'

interface Props {
  userId: number
  /** null before the first answer: shown as '-'. */
  stats: UserStatistics | null
}

const go = (url: string) => () => Taro.navigateTo({ url })

/** My four counts on the mine tab; posts, following and followers open their lists. */
export default function MyStats({ userId, stats }: Props) {
  return (
    <View className="mine__stats">
      <View className="mine__stat" onClick={go(pageUrl(Route.reportUser, { id: userId }))}>
        <Text className="mine__num" data-testid="stat-posts">
          {stats?.posts ?? '-'}
        </Text>
        <Text className="muted">读后感</Text>
      </View>
      <View className="mine__stat" onClick={go(pageUrl(Route.fellowList, { type: 'following' }))}>
        <Text className="mine__num" data-testid="stat-following">
          {stats?.following ?? '-'}
        </Text>
        <Text className="muted">关注</Text>
      </View>
      <View className="mine__stat" onClick={go(pageUrl(Route.fellowList, { type: 'followers' }))}>
        <Text className="mine__num" data-testid="stat-followers">
          {stats?.followers ?? '-'}
        </Text>
        <Text className="muted">粉丝</Text>
      </View>
      <View className="mine__stat">
        <Text className="mine__num" data-testid="stat-likes">
          {stats?.likes ?? '-'}
        </Text>
        <Text className="muted">获赞</Text>
      </View>
    </View>
  )
}
