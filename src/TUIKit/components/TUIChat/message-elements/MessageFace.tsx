import { Image, Text } from '@tarojs/components'
import { customEmojiBase, faceView } from '@/features/chat/bigEmoji'
import type { Message } from '@/TUIKit/engine/types'
import './MessageFace.scss'

/** A face: a big or custom emoji's image at its size, a basic emoji large, else its name. */
export default function MessageFace({ message }: { message: Message }) {
  const view = faceView(message.payload, customEmojiBase())
  if (view.kind === 'image') {
    return (
      <Image
        className="msg-face msg-face--image"
        data-testid="msg-face"
        src={view.url}
        mode="aspectFit"
        aria-label={view.name}
      />
    )
  }
  return (
    <Text className="msg-face" data-testid="msg-face">
      {view.kind === 'basic' ? view.char : view.text}
    </Text>
  )
}
