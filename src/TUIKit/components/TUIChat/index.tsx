import { Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import Empty from '@/components/Empty'
import NetBanner from '@/features/chat/components/NetBanner'
import { useChatInput } from '@/features/chat/useChatInput'
import { useChatPage } from '@/features/chat/useChatPage'
import MessageInput from './MessageInput'
import MessageList from './MessageList'
import './chat.scss'

/** The chat page: `conversationID` must start with C2C or GROUP. */
function ChatPage() {
  const { params } = useRouter()
  const conversationID = String(params.conversationID ?? '')
  const page = useChatPage(conversationID)
  const input = useChatInput(page.room, page.target !== null)

  if (page.error || !page.target) return <Empty kind="error" text={page.error} />
  const peer = page.conversation?.userProfile
  return (
    <View className="chat-page" data-testid="chat-page">
      <View className="chat-page__head">
        <Text className="chat-page__more" data-testid="chat-more" onClick={page.more}>
          ···
        </Text>
      </View>
      <NetBanner />
      <MessageList
        room={page.room}
        scrollTo={page.scrollTo}
        setScrollTo={page.setScrollTo}
        blinkID={page.blinkID}
        peerAvatar={peer?.avatar ?? ''}
        peerName={peer?.nick ?? ''}
        onPress={(m) => page.press(m, { quote: input.setQuote })}
        onRelease={page.release}
        onResend={(m) => void page.resend(m)}
        onReEdit={(m) => input.setText(String(m.payload.text ?? ''))}
        onJumpToQuote={page.jumpTo}
      />
      <MessageInput
        room={page.room}
        text={input.text}
        setText={input.setText}
        quote={input.quote}
        clearQuote={() => input.setQuote(null)}
        onSend={() => void input.send()}
      />
      {page.room.messages.length === 0 && page.room.isCompleted && (
        <Text className="chat-page__empty muted">还没有消息，打个招呼吧</Text>
      )}
    </View>
  )
}

export default observer(ChatPage)
