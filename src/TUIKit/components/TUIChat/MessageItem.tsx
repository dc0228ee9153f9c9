import { Progress, Text, View } from '@tarojs/components'
import { useEffect, useRef } from 'react'
import Avatar from '@/components/Avatar'
import { formatMessageTime } from '@/core/time'
import { revokedText } from '@/features/chat/abstract'
import { faceView } from '@/features/chat/bigEmoji'
import { customTipText, groupTipText } from '@/features/chat/groupTips'
import { parseReply } from '@/features/chat/quote'
import { isGiftMessage } from '@/features/gifts/card'
import type { ModifyMessage } from '@/features/gifts/useGiftCard'
import type { Message } from '@/TUIKit/engine/types'
import { ChatLimits } from '@rules/chat'
import MessageBody from './message-elements'
import { RiskyMark } from './message-elements/MessageRisky'
import MessageTip from './message-elements/MessageTip'
import ReadReceiptStatus from './ReadReceiptStatus'
import MessageReactions from './MessageReactions'
import { checkboxA11y } from './forwardA11y'

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
  /** The reader is the group's owner or an admin: mute tips show when every mute ends. */
  isManager?: boolean
  /** Opens the message's menu (a long press, or a right click on a PC). */
  onMenu: () => void
  /** The sender's avatar was tapped. */
  onAvatar: () => void
  onResend: () => void
  onReEdit: () => void
  onJumpToQuote: (messageID: string) => void
  /** Changes a sent message in the chat (a gift card after the receiver settled it). */
  onModify: ModifyMessage
  /** 多选 is on: the message's tick (a tap anywhere on it toggles it when it may be forwarded). */
  select?: { ticked: boolean; enabled: boolean; onTick: () => void }
}

interface TouchLike {
  preventDefault?: () => void
}

/**
 * The menu's gestures on a bubble: a press of ChatLimits.messageLongPressMs (moving cancels it),
 * and on H5 the right click. When the press opened the menu, lifting the finger must not become
 * a click: the browser would send it to the menu's mask, which closes the menu.
 */
function useMenuGestures(onMenu: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const touching = useRef(false)
  const opened = useRef(false)
  // The message as it is when the press ends (a press begun while it was sending opens its menu
  // for the message as sent, with 转发 and 引用).
  const latest = useRef(onMenu)
  latest.current = onMenu
  const stop = () => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
  }
  useEffect(() => stop, [])
  const end = (e: TouchLike) => {
    stop()
    touching.current = false
    if (opened.current) e.preventDefault?.()
    opened.current = false
  }
  const touch = {
    onTouchStart: () => {
      stop()
      touching.current = true
      opened.current = false
      timer.current = setTimeout(() => {
        timer.current = null
        opened.current = true
        latest.current()
      }, ChatLimits.messageLongPressMs)
    },
    onTouchMove: stop,
    onTouchEnd: end,
    onTouchCancel: end,
  }
  if (process.env.TARO_ENV !== 'h5') return touch
  return {
    ...touch,
    // A touch browser also reports a long press as a context menu: the timer handles that one.
    onContextMenu: (e: TouchLike) => {
      e.preventDefault?.()
      if (!touching.current) onMenu()
    },
  }
}

/** One message: its divider, avatar, bubble (with a quote reference) and send state. */
export default function MessageItem(props: Props) {
  const { message: m, me, showTime } = props
  const gestures = useMenuGestures(props.onMenu)
  const out = m.flow === 'out'
  const reply = parseReply(m.cloudCustomData)
  const uploading = m.status === 'unSend' && FILE_TYPES.has(m.type) && m.progress < 1
  const tip =
    m.type === 'TIMGroupTipElem'
      ? groupTipText(m.payload, me, { timeSec: m.time, isManager: props.isManager })
      : m.type === 'TIMCustomElem'
        ? customTipText(m.payload)
        : null
  const select = !m.isRevoked && tip === null ? props.select : undefined
  return (
    <View
      className={select ? 'msg msg--select' : 'msg'}
      id={`msg-${m.ID.replace(/[^A-Za-z0-9_-]/g, '_')}`}
      data-testid="msg"
      data-id={m.ID}
      onClick={() => select?.enabled && select.onTick()}
    >
      {showTime && <Text className="msg__time">{formatMessageTime(m.time)}</Text>}
      {select && (
        <View
          className={[
            'fwd-tick msg__tick',
            select.ticked ? 'fwd-tick--on' : '',
            select.enabled ? '' : 'fwd-tick--off',
          ].join(' ')}
          data-testid="msg-tick"
          {...checkboxA11y('选择消息', select.ticked, !select.enabled)}
        />
      )}
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
            onClick={out ? undefined : props.onAvatar}
          />
          <View className="msg__content">
            {props.showNick && !out && <Text className="msg__nick">{m.nick || m.from}</Text>}
            <View
              className={[
                'msg__bubble',
                isGiftMessage(m) ? 'msg__bubble--card' : '',
                m.type === 'TIMFaceElem' && faceView(m.payload).kind === 'image'
                  ? 'msg__bubble--face'
                  : '',
                props.blinking ? 'msg__bubble--blink' : '',
              ]
                .filter(Boolean)
                .join(' ')}
              data-testid="msg-bubble"
              {...gestures}
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
            <MessageReactions message={m} />
            {uploading && (
              <Progress
                className="msg__progress"
                percent={Math.round(m.progress * 100)}
                strokeWidth={3}
              />
            )}
            {out && <ReadReceiptStatus message={m} />}
          </View>
          <View className="msg__state">
            {m.status === 'unSend' && !uploading && <Text className="msg__spinner" />}
            {m.status === 'fail' && (
              <Text className="msg__fail" data-testid="msg-fail" onClick={props.onResend}>
                !
              </Text>
            )}
            {out && m.status === 'success' && m.hasRiskContent && (
              <RiskyMark onResend={props.onResend} />
            )}
          </View>
        </View>
      )}
    </View>
  )
}
