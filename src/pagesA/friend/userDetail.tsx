import { Button, Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useCallback, useState } from 'react'
import Avatar from '@/components/Avatar'
import Empty from '@/components/Empty'
import { requireLogin } from '@/features/account/requireLogin'
import PostList from '@/features/feed/components/PostList'
import ShareButton from '@/features/share/ShareButton'
import { useShareCard } from '@/features/share/useShareCard'
import { fetchUserDetail, setBlocked, setFollowing } from '@/features/social/api'
import { useStores } from '@/stores'
import type { UserDetail } from '@/types/api/social'
import { setPageTitle } from '@/core/platform'
import './userDetail.scss'

/** Someone's profile: who they are, their counts, follow or unfollow, complaint, block, posts. */
function UserDetailPage() {
  const { params } = useRouter()
  const userId = Number(params.id)
  const { session } = useStores()
  const [user, setUser] = useState<UserDetail | null>(null)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const [generation, setGeneration] = useState(0)

  const load = useCallback(async () => {
    if (!Number.isInteger(userId) || userId <= 0) return setError('用户不存在')
    try {
      const detail = await fetchUserDetail(userId)
      setUser(detail)
      setError('')
      setPageTitle(detail.nickname)
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : '加载失败')
    }
  }, [userId])

  useDidShow(() => {
    void load()
  })

  usePullDownRefresh(() => {
    void load().finally(() => Taro.stopPullDownRefresh())
  })

  const share = useShareCard({
    title: user ? `书友 ${user.nickname}` : '书友',
    desc: user?.signature,
    image: user?.avatar,
    path: `/pagesA/friend/userDetail?id=${userId}`,
  })

  const toggleFollow = () =>
    requireLogin(session, async () => {
      if (!user || busy) return
      if (user.followed) {
        const { confirm } = await Taro.showModal({
          title: '取消关注',
          content: `不再关注 ${user.nickname}？`,
        })
        if (!confirm) return
      }
      setBusy(true)
      try {
        const res = await setFollowing(user.userId, !user.followed)
        setUser({
          ...user,
          followed: res.followed,
          stats: { ...user.stats, followers: res.followers },
        })
      } catch {
        // the request layer has shown why
      } finally {
        setBusy(false)
      }
    })

  const more = () =>
    requireLogin(session, async () => {
      if (!user) return
      let picked: number
      try {
        const res = await Taro.showActionSheet({
          itemList: ['投诉', user.blocked ? '移出黑名单' : '拉黑'],
        })
        picked = res.tapIndex
      } catch {
        return // closed
      }
      if (picked === 0) {
        void Taro.navigateTo({
          url: `/pagesA/friend/feedback?targetType=user&targetId=${user.userId}`,
        })
        return
      }
      if (!user.blocked) {
        const { confirm } = await Taro.showModal({
          title: '拉黑',
          content: '拉黑后你将看不到对方的读后感和评论，对方也无法评论你的读后感或关注你。',
          confirmText: '拉黑',
        })
        if (!confirm) return
      }
      try {
        const res = await setBlocked(user.userId, !user.blocked)
        void Taro.showToast({ title: res.blocked ? '已拉黑' : '已移出黑名单', icon: 'none' })
        await load()
        setGeneration((g) => g + 1)
      } catch {
        // shown by the request layer
      }
    })

  if (error && !user) return <Empty kind="error" text={error} />
  if (!user) return <View className="muted user-detail__loading">加载中…</View>

  return (
    <View className="page user-detail">
      <View className="user-detail__card">
        <View className="user-detail__head">
          <Avatar src={user.avatar} name={user.nickname} size={132} />
          <View className="user-detail__who">
            <Text className="user-detail__name" data-testid="user-name">
              {user.nickname}
            </Text>
            <Text className="muted">{user.signature || '这个人很懒，还没有签名'}</Text>
            {user.followsMe && <Text className="user-detail__tag">关注了你</Text>}
          </View>
          <ShareButton onShare={share} />
        </View>
        <View className="user-detail__stats">
          <View className="user-detail__stat">
            <Text className="user-detail__num">{user.stats.posts}</Text>
            <Text className="muted">读后感</Text>
          </View>
          <View className="user-detail__stat">
            <Text className="user-detail__num">{user.stats.following}</Text>
            <Text className="muted">关注</Text>
          </View>
          <View className="user-detail__stat">
            <Text className="user-detail__num" data-testid="user-followers">
              {user.stats.followers}
            </Text>
            <Text className="muted">粉丝</Text>
          </View>
          <View className="user-detail__stat">
            <Text className="user-detail__num">{user.stats.likes}</Text>
            <Text className="muted">获赞</Text>
          </View>
        </View>
        {!user.isMe && (
          <View className="user-detail__actions">
            <Button
              className={
                user.followed ? 'btn-plain user-detail__follow' : 'btn-primary user-detail__follow'
              }
              data-testid="follow"
              onClick={toggleFollow}
            >
              {user.followed ? '已关注' : '关注'}
            </Button>
            <Button className="btn-plain user-detail__more" data-testid="user-more" onClick={more}>
              更多
            </Button>
          </View>
        )}
        {user.blocked && <Text className="user-detail__blocked">你已将对方拉黑</Text>}
      </View>
      <Text className="user-detail__section">TA的读后感</Text>
      {user.blocked ? (
        <Empty kind="people" text="已拉黑，不再显示对方的读后感" />
      ) : (
        <PostList key={generation} userId={user.userId} emptyText="还没有发表读后感" />
      )}
    </View>
  )
}

export default observer(UserDetailPage)
