import { Text } from '@tarojs/components'
import { messageAbstract } from '@/features/chat/abstract'
import type { Message } from '@/TUIKit/engine/types'
import { CHAT_TEXTS } from '@rules/chat'

/** Custom messages: the kinds later issues build show their own cards; others the unknown text. */
export default function MessageCustom({ message }: { message: Message }) {
  const text = messageAbstract(message)
  return (
    <Text className="msg-text msg-custom" data-testid="msg-custom">
      {text === '[自定义消息]' ? CHAT_TEXTS.unknownType : text}
    </Text>
  )
}
