import { Button, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import Empty from '@/components/Empty'
import { Route } from '@/core/routes'
import { openConversation } from '../openChat'
import { useConversationMenu } from '../useConversationMenu'
import { useStores } from '@/stores'
import ConversationRow from './ConversationRow'
import './conversationList.scss'

/** The reader's conversations (pinned first), or the empty state with the add-friend button. */
function ConversationList() {
  const { chat } = useStores()
  const menu = useConversationMenu()

  if (!chat.conversationsLoaded) return <View className="muted conv-list__loading">加载中…</View>
  if (chat.conversations.length === 0) {
    return (
      <Empty
        kind="messages"
        text="暂无会话，去添加书友聊聊读过的书吧"
        action={
          <Button
            className="btn-primary conv-list__add"
            onClick={() => void Taro.navigateTo({ url: Route.fellowList })}
          >
            添加书友
          </Button>
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
