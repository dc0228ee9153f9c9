import { Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useCallback, useEffect, useRef, useState } from 'react'
import LoginRequired from '@/components/LoginRequired'
import { badgeText } from '@/core/badge'
import { fetchUnreadByKind } from '@/features/social/api'
import {
  MESSAGE_KINDS,
  MESSAGE_LABELS,
  MESSAGE_ROUTES,
  MESSAGES_UNREAD_SOURCE,
  sumUnread,
  unreadCount,
} from '@/features/social/messages'
import { useStores } from '@/stores'
import type { MessageKind, UnreadByKind } from '@/types/api/social'
import './msg.scss'

const ICONS: Record<MessageKind, string> = { notice: '通', comment: '评', like: '赞', follow: '关' }

const HINTS: Record<MessageKind, string> = {
  notice: '平台通知与公告',
  comment: '谁评论了我的动态',
  like: '谁赞了我的动态',
  follow: '谁关注了我',
}

const open = (url: string) =>
  Taro.navigateTo({ url }).catch(() => Taro.redirectTo({ url }).catch(() => undefined))

/** The messages centre: notices, comments, likes and new followers, each with its unread count. */
function MessagesPage() {
  const { session, unread } = useStores()
  const loggedIn = session.isLoggedIn
  const [counts, setCounts] = useState<Partial<UnreadByKind> | null>(null)
  const [error, setError] = useState('')
  const request = useRef(0)
  const loaded = useRef(false)

  const load = useCallback((): Promise<void> => {
    const id = ++request.current
    setError('')
    return fetchUnreadByKind()
      .then((res) => {
        if (id !== request.current) return
        loaded.current = true
        setCounts(res)
        unread.setSource(MESSAGES_UNREAD_SOURCE, sumUnread(res))
      })
      .catch((err: unknown) => {
        if (id === request.current) {
          setError(err instanceof Error && err.message ? err.message : '加载失败')
        }
      })
  }, [unread])

  useEffect(() => {
    if (loggedIn) void load()
    else {
      request.current += 1
      loaded.current = false
      setCounts(null)
    }
  }, [loggedIn, load])

  // Back from a list (now read) or after a while: the counts again.
  useDidShow(() => {
    if (session.isLoggedIn && loaded.current) void load()
  })

  usePullDownRefresh(() => {
    if (session.isLoggedIn) void load().finally(() => Taro.stopPullDownRefresh())
    else void Taro.stopPullDownRefresh()
  })

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
        <View className="msg-centre__error" onClick={() => void load()}>
          <Text className="muted">未读数{error}，点击重试</Text>
        </View>
      )}
    </View>
  )
}

export default observer(MessagesPage)
