import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import LoginRequired from '@/components/LoginRequired'
import { badgeText } from '@/core/badge'
import {
  MESSAGE_KINDS,
  MESSAGE_LABELS,
  MESSAGE_ROUTES,
  unreadCount,
} from '@/features/social/messages'
import { useMessageCounts } from '@/features/social/useMessageCounts'
import { useStores } from '@/stores'
import type { MessageKind } from '@/types/api/social'
import './msg.scss'

const ICONS: Record<MessageKind, string> = { notice: '通', comment: '评', like: '赞', follow: '关' }

const HINTS: Record<MessageKind, string> = {
  notice: '平台通知与公告',
  comment: '谁评论或回复了我',
  like: '谁赞了我的读后感',
  follow: '谁关注了我',
}

const open = (url: string) =>
  Taro.navigateTo({ url }).catch(() => Taro.redirectTo({ url }).catch(() => undefined))

/** The messages centre: notices, comments, likes and new followers, each with its unread count. */
function MessagesPage() {
  const { session } = useStores()
  const loggedIn = session.isLoggedIn
  const { counts, error, reload } = useMessageCounts()

  if (!loggedIn) return <LoginRequired kind="messages" text="登录后查看消息" />

  return (
    <View className="page msg-centre">
      <View className="msg-centre__group">
        {MESSAGE_KINDS.map((kind) => {
          const badge = badgeText(unreadCount(counts?.[kind]))
          return (
            <View
              key={kind}
              className="msg-centre__row"
              hoverClass="msg-centre__row--hover"
              data-testid={`msg-row-${kind}`}
              onClick={() => void open(MESSAGE_ROUTES[kind])}
            >
              <View className={`msg-centre__icon msg-centre__icon--${kind}`}>
                <Text>{ICONS[kind]}</Text>
              </View>
              <View className="msg-centre__body">
                <Text className="msg-centre__title">{MESSAGE_LABELS[kind]}</Text>
                <Text className="muted">{HINTS[kind]}</Text>
              </View>
              {badge && (
                <Text className="msg-centre__badge" data-testid={`msg-unread-${kind}`}>
                  {badge}
                </Text>
              )}
              <View className="msg-centre__arrow" />
            </View>
          )
        })}
      </View>
      {error && (
        <View className="msg-centre__error" onClick={() => void reload()}>
          <Text className="muted">未读数{error}，点击重试</Text>
        </View>
      )}
    </View>
  )
}

export default observer(MessagesPage)
