import { Progress, Text, View } from '@tarojs/components'
import Avatar from '@/components/Avatar'
import { formatMessageTime } from '@/core/time'
import { revokedText } from '@/features/chat/abstract'
import { customTipText, groupTipText } from '@/features/chat/groupTips'
import { parseReply } from '@/features/chat/quote'
import { isGiftMessage } from '@/features/gifts/card'
import type { ModifyMessage } from '@/features/gifts/useGiftCard'
import type { Message } from '@/TUIKit/engine/types'
import MessageBody from './message-elements'
import MessageTip from './message-elements/MessageTip'

const FILE_TYPES = new Set(['TIMImageElem', 'TIMFileElem', 'TIMVideoFileElem', 'TIMSoundElem'])

interface Props {
  message: Message
  me: string
  /** Shows a time divider above it. */
  showTime: boolean
  /** Blinking after a jump from a quote. */
  blinking: boolean
  peerAvatar: string
  peerName: string
  myAvatar: string
  myName: string
  /** Group chats: the sender's name above incoming bubbles. */
  showNick: boolean
  onPress: () => void
  onRelease: () => void
  onResend: () => void
  onReEdit: () => void
  onJumpToQuote: (messageID: string) => void
  /** Changes a sent message in the chat (a gift card after the receiver settled it). */
  onModify: ModifyMessage
}

/** One message: its divider, avatar, bubble (with a quote reference) and send state. */
export default function MessageItem(props: Props) {
  const { message: m, me, showTime } = props
  const out = m.flow === 'out'
  const reply = parseReply(m.cloudCustomData)
  const uploading = m.status === 'unSend' && FILE_TYPES.has(m.type) && m.progress < 1
  const tip =
    m.type === 'TIMGroupTipElem'
      ? groupTipText(m.payload, me)
      : m.type === 'TIMCustomElem'
        ? customTipText(m.payload)
        : null
  return (
    <View
      className="msg"
      id={`msg-${m.ID.replace(/[^A-Za-z0-9_-]/g, '_')}`}
      data-testid="msg"
      data-id={m.ID}
    >
      {showTime && <Text className="msg__time">{formatMessageTime(m.time)}</Text>}
      {m.isRevoked ? (
        <MessageTip
          text={revokedText(m, me)}
          action={
            out && m.type === 'TIMTextElem' ? (
              <Text className="msg-tip__action" onClick={props.onReEdit}>
                重新编辑
              </Text>
            ) : null
          }
        />
      ) : tip !== null ? (
        <MessageTip text={tip} />
      ) : (
        <View className={out ? 'msg__row msg__row--out' : 'msg__row'}>
          <Avatar
            src={out ? props.myAvatar : props.peerAvatar || m.avatar}
            name={out ? props.myName : props.peerName || m.nick}
            size={72}
          />
          <View className="msg__content">
            {props.showNick && !out && <Text className="msg__nick">{m.nick || m.from}</Text>}
            <View
              className={[
                'msg__bubble',
                isGiftMessage(m) ? 'msg__bubble--card' : '',
                props.blinking ? 'msg__bubble--blink' : '',
              ]
                .filter(Boolean)
                .join(' ')}
              onTouchStart={props.onPress}
              onTouchEnd={props.onRelease}
              onTouchMove={props.onRelease}
            >
              <MessageBody message={m} modify={props.onModify} />
            </View>
            {reply && (
              <View
                className="msg__reply"
                data-testid="msg-reply"
                onClick={() => props.onJumpToQuote(reply.messageID)}
              >
                <Text>{`${reply.messageSender}：${reply.messageAbstract}`}</Text>
              </View>
            )}
            {uploading && (
              <Progress
                className="msg__progress"
                percent={Math.round(m.progress * 100)}
                strokeWidth={3}
              />
            )}
          </View>
          <View className="msg__state">
            {m.status === 'unSend' && !uploading && <Text className="msg__spinner" />}
            {m.status === 'fail' && (
              <Text className="msg__fail" data-testid="msg-fail" onClick={props.onResend}>
                !
              </Text>
            )}
          </View>
        </View>
      )}
    </View>
  )
}
