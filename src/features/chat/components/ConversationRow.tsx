import { Text, View } from '@tarojs/components'
import { useRef } from 'react'
import Avatar from '@/components/Avatar'
import { formatMessageTime } from '@/core/time'
import type { Conversation } from '@/TUIKit/engine/types'
import { messageAbstract } from '../abstract'
import { badgeText } from '@/core/badge'
import { ChatLimits, GroupAtType } from '@rules/chat'

interface Props {
  conversation: Conversation
  me: string
  /** One-to-one rows: 在线 / 离线 when the server shows it, else ''. */
  status?: string
  onOpen: () => void
  onPress: () => void
  onRelease: () => void
  /** Right click on a PC browser. */
  onMenu: () => void
}

/** H5 on a PC: the right click opens the row's menu (the mini-program has no such event). */
function rightClick(onMenu: () => void): object {
  if (process.env.TARO_ENV !== 'h5') return {}
  return {
    onContextMenu: (e: { preventDefault: () => void }) => {
      e.preventDefault()
      onMenu()
    },
  }
}

/** The row's @ notice while an @ of me or of everyone is unread. */
function atNotice(c: Conversation): string {
  const types = (c.groupAtInfoList ?? []).flatMap((a) => a.atTypeArray)
  if (types.includes(GroupAtType.atMe)) return '[有人@我]'
  if (types.includes(GroupAtType.atAll)) return '[@所有人]'
  return ''
}

/** One conversation: avatar, name, last message or draft, time, unread count, mute icon. */
export default function ConversationRow({
  conversation: c,
  me,
  status = '',
  onOpen,
  onPress,
  onRelease,
  onMenu,
}: Props) {
  const group = c.type === 'GROUP' ? c.groupProfile : undefined
  // A book friend's remark (备注) replaces their nickname.
  const name = group ? group.name : c.remark || c.userProfile.nick || c.userProfile.userID
  const avatar = group ? group.avatar : c.userProfile.avatar
  const at = atNotice(c)
  const unread = badgeText(c.unreadCount) ?? ''
  // When the press lasted long enough to open the menu, lifting the finger must not become a
  // click: the browser would send it to the menu's mask, which closes the menu.
  const pressedAt = useRef(0)
  return (
    <View
      className={c.isPinned ? 'conv-row conv-row--pinned' : 'conv-row'}
      data-testid="conversation-row"
      data-id={c.conversationID}
      onClick={onOpen}
      onTouchStart={() => {
        pressedAt.current = Date.now()
        onPress()
      }}
      onTouchEnd={(e) => {
        const held =
          pressedAt.current > 0 && Date.now() - pressedAt.current >= ChatLimits.longPressMs
        pressedAt.current = 0
        if (held) e.preventDefault?.()
        onRelease()
      }}
      onTouchMove={() => {
        pressedAt.current = 0
        onRelease()
      }}
      {...rightClick(onMenu)}
    >
      <View className="conv-row__avatar">
        <Avatar src={avatar} name={name} size={88} />
        {unread !== '' && (
          <Text
            className={c.isMuted ? 'conv-row__dot' : 'conv-row__unread'}
            data-testid="conversation-unread"
          >
            {c.isMuted ? '' : unread}
          </Text>
        )}
      </View>
      <View className="conv-row__body">
        <View className="conv-row__line">
          <View className="conv-row__who">
            <Text className="conv-row__name">{name}</Text>
            {status !== '' && (
              <Text
                className={
                  status === '在线' ? 'conv-row__status conv-row__status--on' : 'conv-row__status'
                }
                data-testid="conversation-status"
              >
                {status}
              </Text>
            )}
          </View>
          <Text className="conv-row__time">{c.time ? formatMessageTime(c.time) : ''}</Text>
        </View>
        <View className="conv-row__line">
          <Text className="conv-row__abstract">
            {c.draftText ? (
              <Text className="conv-row__draft">[草稿] {c.draftText}</Text>
            ) : (
              <Text>
                {at && (
                  <Text className="conv-row__at" data-testid="conversation-at">
                    {at}
                  </Text>
                )}
                {c.isMuted && c.unreadCount > 0 ? `[${unread}条] ` : ''}
                {c.lastMessage ? messageAbstract(c.lastMessage, me) : ''}
              </Text>
            )}
          </Text>
          {c.isMuted && (
            <Text className="conv-row__mute" data-testid="conversation-muted">
              🔕
            </Text>
          )}
        </View>
      </View>
    </View>
  )
}
