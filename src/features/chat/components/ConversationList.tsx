import { Button, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import Empty from '@/components/Empty'
import { pageUrl, Route } from '@/core/routes'
import { openConversation } from '../openChat'
import { statusText } from '../onlineStatus'
import { useConversationMenu } from '../useConversationMenu'
import { useOnlineStatus } from '../useOnlineStatus'
import { useStores } from '@/stores'
import ConversationRow from './ConversationRow'
import './conversationList.scss'

/**
 * The reader's conversations (pinned first), or the empty state: the add-friend button, and a way
 * to start a chat with a book friend when there are friends.
 */
function ConversationList({ friends }: { friends: number }) {
  const { chat } = useStores()
  const menu = useConversationMenu()
  const statuses = useOnlineStatus(chat.conversations)

  if (!chat.conversationsLoaded) return <View className="muted conv-list__loading">加载中…</View>
  if (chat.conversations.length === 0) {
    return (
      <Empty
        kind="messages"
        text={friends > 0 ? '暂无会话' : '暂无会话，去添加书友聊聊读过的书吧'}
        action={
          <View className="conv-list__empty-actions">
            {friends > 0 && (
              <Text
                className="link"
                data-testid="chat-with-friend"
                onClick={() =>
                  void Taro.navigateTo({ url: pageUrl(Route.selectFriend, { purpose: 'chat' }) })
                }
              >
                和书友聊聊
              </Text>
            )}
            <Button
              className="btn-primary conv-list__add"
              data-testid="add-friend"
              onClick={() => void Taro.navigateTo({ url: Route.addFriendByCode })}
            >
              添加书友
            </Button>
          </View>
        }
      />
    )
  }
  return (
    <View className="conv-list" data-testid="conversation-list">
      {chat.conversations.map((c) => (
        <ConversationRow
          key={c.conversationID}
          conversation={c}
          me={chat.me}
          status={statusText(statuses.get(c.userProfile.userID))}
          onOpen={() => {
            if (menu.tapAllowed()) openConversation(c.conversationID)
          }}
          onPress={() => menu.press(c)}
          onRelease={menu.release}
          onMenu={() => menu.openMenu(c)}
        />
      ))}
    </View>
  )
}

export default observer(ConversationList)
