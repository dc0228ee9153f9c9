import { Button, Text, View } from '@tarojs/components'
import Taro, { usePullDownRefresh } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import Cell, { CellGroup } from '@/components/Cell'
import Empty from '@/components/Empty'
import { Route } from '@/core/routes'
import NetBanner from './NetBanner'
import { syncMessagesUnread, useMessageUnread } from '@/features/social/public'
import { useStores } from '@/stores'
import { badgeText } from '@/core/badge'
import FriendsMenu from './FriendsMenu'
import { useFriendCounts } from '../useFriendCounts'
import { pageUrl } from '@/core/routes'
import ConversationList from './ConversationList'

/**
 * The conversations tab (/pages/friend/index) and the kit's own page: the messages-centre entry,
 * then the reader's conversations.
 */
function ConversationsScreen() {
  const { session, unread, chat } = useStores()
  const unreadMessages = useMessageUnread()
  const counts = useFriendCounts()
  const [menuOpen, setMenuOpen] = useState(false)

  usePullDownRefresh(() => {
    void Promise.all([
      counts.refresh(),
      syncMessagesUnread(session.isLoggedIn, unread),
      chat.refreshConversations().catch(() => undefined),
    ]).finally(() => Taro.stopPullDownRefresh())
  })

  if (!session.isLoggedIn) {
    return (
      <View className="page">
        <Empty
          kind="messages"
          text="登录后和书友聊聊读过的书"
          action={
            <Button className="btn-primary" onClick={() => Taro.navigateTo({ url: Route.login })}>
              去登录
            </Button>
          }
        />
      </View>
    )
  }
  return (
    <View className="page conv-screen">
      <View className="conv-screen__head">
        <Text
          className="conv-screen__friends"
          data-testid="friend-total"
          onClick={() => void Taro.navigateTo({ url: Route.friendList })}
        >
          {counts.friends === null ? '书友' : `书友 ${counts.friends}`}
        </Text>
        <Text
          className="conv-screen__plus"
          data-testid="friends-menu-open"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          ＋
        </Text>
      </View>
      {menuOpen && <FriendsMenu onClose={() => setMenuOpen(false)} />}
      <NetBanner />
      <CellGroup>
        <Cell
          title="新的书友"
          value={
            counts.requests > 0 ? (
              <Text className="badge" data-testid="friend-requests-unread">
                {badgeText(counts.requests)}
              </Text>
            ) : null
          }
          onClick={() =>
            void Taro.navigateTo({ url: pageUrl(Route.friendList, { tab: 'requests' }) })
          }
        />
        <Cell
          title="消息通知"
          value={
            unreadMessages > 0 ? (
              <Text className="badge" data-testid="messages-unread">
                {badgeText(unreadMessages)}
              </Text>
            ) : null
          }
          onClick={() => void Taro.navigateTo({ url: Route.msg })}
        />
        <Cell title="关注与粉丝" onClick={() => void Taro.navigateTo({ url: Route.fellowList })} />
      </CellGroup>
      <ConversationList friends={counts.friends ?? 0} />
    </View>
  )
}

export default observer(ConversationsScreen)
