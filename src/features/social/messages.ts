/**
 * The messages centre's pure rules: its four kinds, their pages, the unread sum and what a message
 * row says. No Taro import: unit-tested.
 */
import type { MessageKind, UnreadByKind, UserMessage } from '@/types/api/social'
import { Route, type RoutePath } from '@/core/routes'

export const MESSAGE_KINDS: readonly MessageKind[] = ['notice', 'comment', 'like', 'follow']

export const MESSAGE_LABELS: Readonly<Record<MessageKind, string>> = {
  notice: '通知',
  comment: '评论',
  like: '点赞',
  follow: '新增关注',
}

export const MESSAGE_ROUTES: Readonly<Record<MessageKind, RoutePath>> = {
  notice: Route.notice,
  comment: Route.comment,
  like: Route.likes,
  follow: Route.myFellow,
}

/** The unread store's source the messages centre reports to. */
export const MESSAGES_UNREAD_SOURCE = 'messages'

/** A count as the server sent it: a non-negative integer, anything else 0. */
export function unreadCount(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value)
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0
}

/** The unread total over the four kinds (missing or odd values count 0). */
export function sumUnread(byKind: Partial<UnreadByKind> | null | undefined): number {
  if (!byKind) return 0
  return MESSAGE_KINDS.reduce((sum, kind) => sum + unreadCount(byKind[kind]), 0)
}

/**
 * What happened, as the row's main line says it (plain text: shown in a <Text>): a reply to my
 * comment is told as a reply, a comment on my post (读后感) or video as a comment; a like names
 * what was liked (a post, a video, or a comment on a video).
 */
export function messageAction(
  message: Pick<UserMessage, 'kind' | 'content'> &
    Partial<Pick<UserMessage, 'reply' | 'videoId' | 'commentId'>>,
): string {
  const target = message.videoId ? '视频' : '读后感'
  switch (message.kind) {
    case 'comment':
      return `${message.reply ? '回复了你的评论' : `评论了你的${target}`}：${message.content}`
    case 'like':
      return message.videoId && message.commentId ? '赞了你的评论' : `赞了你的${target}`
    case 'follow':
      return '关注了你'
    default:
      return message.content
  }
}

/** The name shown for a message's actor (a deleted account may come without one). */
export function actorName(message: Pick<UserMessage, 'actor'>): string {
  return message.actor?.nickname || '书友'
}
