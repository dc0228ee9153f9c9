import { View } from '@tarojs/components'
import Taro, { usePullDownRefresh } from '@tarojs/taro'
import { useEffect } from 'react'
import Empty from '@/components/Empty'
import { setPageTitle } from '@/core/platform'
import { fetchUserDetail } from '@/features/social/public'
import PostList from '../PostList'

/** One person's reading reports, the page titled with their name (a feed page, a friend's page). */
export default function UserPosts({ userId }: { userId: number }) {
  const valid = Number.isInteger(userId) && userId > 0

  useEffect(() => {
    if (!valid) return
    fetchUserDetail(userId)
      .then((user) => setPageTitle(user.isMe ? '我的读后感' : `${user.nickname}的读后感`))
      .catch(() => undefined)
  }, [userId, valid])

  usePullDownRefresh(() => {
    if (!valid) void Taro.stopPullDownRefresh()
  })

  if (!valid) return <Empty kind="error" text="用户不存在" />
  return (
    <View className="page">
      <PostList userId={userId} emptyText="还没有发表读后感" />
    </View>
  )
}
