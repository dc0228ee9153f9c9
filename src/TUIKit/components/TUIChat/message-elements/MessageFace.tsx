import { Text } from '@tarojs/components'
import { faceOf } from '@/features/chat/emoji'
import type { Message } from '@/TUIKit/engine/types'

/** A face from the basic emoji set, shown large. */
export default function MessageFace({ message }: { message: Message }) {
  const face = faceOf(Number(message.payload.index))
  return (
    <Text className="msg-face" data-testid="msg-face">
      {face ? face.char : `[${String(message.payload.data ?? '表情')}]`}
    </Text>
  )
}
