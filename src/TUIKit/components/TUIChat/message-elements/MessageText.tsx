import { Text } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { pageUrl, Route } from '@/core/routes'
import type { Message } from '@/TUIKit/engine/types'

const LINK = /(https?:\/\/[^\s<>"'，。！？、]+)/g

/** Text with emoji (their characters) inline and links that open in the chat's web view. */
export default function MessageText({ message }: { message: Message }) {
  const text = String(message.payload.text ?? '')
  const parts = text.split(LINK)
  return (
    <Text className="msg-text" userSelect data-testid="msg-text">
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <Text
            key={i}
            className="msg-text__link"
            onClick={() => void Taro.navigateTo({ url: pageUrl(Route.chatWebView, { url: part }) })}
          >
            {part}
          </Text>
        ) : (
          <Text key={i}>{part}</Text>
        ),
      )}
    </Text>
  )
}
