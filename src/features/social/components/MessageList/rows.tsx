import { Image, Text, View, type ITouchEvent } from '@tarojs/components'
import Taro from '@tarojs/taro'
import Avatar from '@/components/Avatar'
import { resolveAssetUrl } from '@/core/assets'
import { pageUrl, Route } from '@/core/routes'
import { formatMessageTime } from '@/core/time'
import type { UserMessage } from '@/types/api/social'
import { actorName, messageAction } from '../../messages'
import { useOpenProfile } from '../../openProfile'

const open = (url: string) =>
  Taro.navigateTo({ url }).catch(() => Taro.redirectTo({ url }).catch(() => undefined))

/** The post or the video a message is about, if any. */
const openPost = (message: UserMessage) => {
  if (message.videoId) void open(pageUrl(Route.videoPlay, { id: message.videoId }))
  else if (message.postId) void open(pageUrl(Route.reportDetail, { id: message.postId }))
}

/** A notice from the platform; a tap opens the post or video it is about, if any. */
export function NoticeRow({ message: m }: { message: UserMessage }) {
  return (
    <View
      className="msg-item msg-item--notice"
      hoverClass={m.postId || m.videoId ? 'msg-item--hover' : 'none'}
      data-testid={`message-${m.id}`}
      data-unread={m.read ? '0' : '1'}
      onClick={() => openPost(m)}
    >
      {!m.read && <View className="msg-item__dot" />}
      <View className="msg-item__body">
        <View className="msg-item__head">
          <Text className="msg-item__title">{m.title || '系统通知'}</Text>
          <Text className="muted">{formatMessageTime(m.createdAt)}</Text>
        </View>
        <Text className="msg-item__notice">{m.content}</Text>
      </View>
    </View>
  )
}

/** A comment on, or a like of, my post: who, what, when, and the post on the right. */
export function PostMessageRow({ message: m }: { message: UserMessage }) {
  const openProfile = useOpenProfile()
  const onActor = (e: ITouchEvent) => {
    e.stopPropagation()
    if (m.actor) openProfile(m.actor.userId)
  }
  return (
    <View
      className="msg-item"
      hoverClass={m.postId || m.videoId ? 'msg-item--hover' : 'none'}
      data-testid={`message-${m.id}`}
      data-unread={m.read ? '0' : '1'}
      onClick={() => openPost(m)}
    >
      {!m.read && <View className="msg-item__dot" />}
      <View className="msg-item__avatar" onClick={onActor} data-testid={`message-actor-${m.id}`}>
        <Avatar src={m.actor?.avatar} name={actorName(m)} size={80} />
      </View>
      <View className="msg-item__body">
        <Text className="msg-item__name" onClick={onActor}>
          {actorName(m)}
        </Text>
        <Text className="msg-item__text">{messageAction(m)}</Text>
        <Text className="muted">{formatMessageTime(m.createdAt)}</Text>
      </View>
      {m.postImage ? (
        <Image
          className="msg-item__post-image"
          src={resolveAssetUrl(m.postImage)}
          mode="aspectFill"
        />
      ) : m.postExcerpt ? (
        <View className="msg-item__post">
          <Text className="msg-item__post-text">{m.postExcerpt}</Text>
        </View>
      ) : null}
    </View>
  )
}
