import { View, Button, Text } from '@tarojs/components'
import Taro, { usePullDownRefresh } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import Cell, { CellGroup } from '@/components/Cell'
import Empty from '@/components/Empty'
import { syncMessagesUnread } from '@/features/social/unread'
import { useMessageUnread } from '@/features/social/useMessageUnread'
import { useStores } from '@/stores'
import { Route } from '@/core/routes'

/**
 * The conversations tab: the messages centre entry (with its unread count); the conversation list
 * itself arrives with the chat issue.
 */
function ConversationsPage() {
  const { session, unread } = useStores()
  const unreadMessages = useMessageUnread()

  // What the tab shows: the messages count (the conversation list arrives with the chat issue).
  usePullDownRefresh(() => {
    void syncMessagesUnread(session.isLoggedIn, unread).finally(() => Taro.stopPullDownRefresh())
  })

  return (
    <View className="page">
      {session.isLoggedIn ? (
        <View>
          <CellGroup>
            <Cell
              title="消息通知"
              value={
                unreadMessages > 0 ? (
                  <Text className="badge" data-testid="messages-unread">
                    {unreadMessages > 99 ? '99+' : unreadMessages}
                  </Text>
                ) : null
              }
              onClick={() => void Taro.navigateTo({ url: Route.msg })}
            />
            <Cell
              title="关注与粉丝"
              onClick={() => void Taro.navigateTo({ url: Route.fellowList })}
            />
          </CellGroup>
          <Empty kind="messages" text="暂无会话" />
        </View>
      ) : (
        <Empty
          kind="messages"
          text="登录后和书友聊聊读过的书"
          action={
            <Button className="btn-primary" onClick={() => Taro.navigateTo({ url: Route.login })}>
              去登录
            </Button>
          }
        />
      )}
    </View>
  )
}

export default observer(ConversationsPage)
