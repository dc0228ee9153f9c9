import { Button, Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { useState } from 'react'
import { observer } from 'mobx-react-lite'
import Avatar from '@/components/Avatar'
import Empty from '@/components/Empty'
import Tabs from '@/components/Tabs'
import { pageUrl, Route } from '@/core/routes'
import { openChatWith } from '@/features/chat/openChat'
import PostList from '@/features/feed/components/PostList'
import ShareButton from '@/features/share/ShareButton'
import { useShareCard } from '@/features/share/useShareCard'
import UserStats from '@/features/social/components/UserStats'
import { useUserDetail } from '@/features/social/useUserDetail'
import UserVideos from '@/features/video/components/UserVideos'
import './userDetail.scss'

const TABS = ['读后感', '视频'] as const

/**
 * Someone's profile: who they are, their counts, follow or unfollow, complaint, block, and their
 * posts or their published videos.
 */
function UserDetailPage() {
  const { params } = useRouter()
  const userId = Number(params.id)
  const { user, error, generation, toggleFollow, more } = useUserDetail(userId)
  const [tab, setTab] = useState(0)

  const share = useShareCard({
    title: user ? `书友 ${user.nickname}` : '书友',
    desc: user?.signature,
    image: user?.avatar,
    path: pageUrl(Route.userDetail, { id: userId }),
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
        <UserStats stats={user.stats} />
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
            <Button
              className="btn-plain user-detail__message"
              data-testid="send-message"
              onClick={() => openChatWith(user.userId)}
            >
              发消息
            </Button>
            <Button className="btn-plain user-detail__more" data-testid="user-more" onClick={more}>
              更多
            </Button>
          </View>
        )}
        {user.blocked && <Text className="user-detail__blocked">你已将对方拉黑</Text>}
      </View>
      <Tabs className="user-detail__tabs" titles={TABS} current={tab} onChange={setTab} />
      {user.blocked ? (
        <Empty kind="people" text={`已拉黑，不再显示对方的${TABS[tab]}`} />
      ) : tab === 0 ? (
        <PostList key={`posts-${generation}`} userId={user.userId} emptyText="还没有发表读后感" />
      ) : (
        <UserVideos key={`videos-${generation}`} userId={user.userId} emptyText="还没有发布视频" />
      )}
    </View>
  )
}

export default observer(UserDetailPage)
