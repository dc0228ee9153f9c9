import { View } from '@tarojs/components'
import Taro, { usePullDownRefresh, useRouter } from '@tarojs/taro'
import { useEffect } from 'react'
import Empty from '@/components/Empty'
import PostList from '@/features/feed/components/PostList'
import { fetchUserDetail } from '@/features/social/api'
import { setPageTitle } from '@/core/platform'

/** One person's reading reports. */
export default function UserPostsPage() {
  const { params } = useRouter()
  const userId = Number(params.id)
  const valid = Number.isInteger(userId) && userId > 0

  useEffect(() => {
    if (!valid) return
    fetchUserDetail(userId)
      .then((user) => setPageTitle(`${user.nickname}的读后感`))
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
