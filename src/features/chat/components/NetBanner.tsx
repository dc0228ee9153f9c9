import { Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useStores } from '@/stores'
import { CHAT_TEXTS } from '@rules/chat'

/** The network banner of chat-spec section 8 while chat is not connected. */
function NetBanner() {
  const { chat, session } = useStores()
  // Connecting (at start or after a drop) shows nothing: only a lost connection is news.
  if (!session.isLoggedIn || chat.netState !== 'disconnected') return null
  return (
    <Text className="chat-net-banner" data-testid="net-banner">
      {CHAT_TEXTS.netDisconnected}
    </Text>
  )
}

export default observer(NetBanner)
