import { Button, Text, View } from '@tarojs/components'
import Taro, { usePullDownRefresh } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import Cell, { CellGroup } from '@/components/Cell'
import Empty from '@/components/Empty'
import { Route } from '@/core/routes'
import NetBanner from './NetBanner'
import { syncMessagesUnread, useMessageUnread } from '@/features/social/public'
import { useStores } from '@/stores'
import { badgeText } from '@/core/badge'
import ConversationList from './ConversationList'

/**
 * The conversations tab (/pages/friend/index) and the kit's own page: the messages-centre entry,
 * then the reader's conversations.
 */
function ConversationsScreen() {
  const { session, unread, chat } = useStores()
  const unreadMessages = useMessageUnread()

  usePullDownRefresh(() => {
    void Promise.all([
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
    <View className="page">
      <NetBanner />
      <CellGroup>
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
      <ConversationList />
    </View>
  )
}

export default observer(ConversationsScreen)
