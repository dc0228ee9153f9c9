import { Text, View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useCallback, useRef } from 'react'
import type { EmptyKind } from '@/components/Empty'
import LoginRequired from '@/components/LoginRequired'
import PagedList from '@/components/PagedList'
import { useLiveList } from '@/components/PagedList/useLiveList'
import { usePagedListHandle } from '@/components/PagedList/usePagedListHandle'
import { formatMessageTime } from '@/core/time'
import { useStores } from '@/stores'
import type { MessageKind, UserMessage } from '@/types/api/social'
import { fetchMessages, markRead } from '../../api'
import { refreshMessagesUnread } from '../../unread'
import FollowButton, { useFollowToggle } from '../FollowButton'
import UserRow from '../UserRow'
import { NoticeRow, PostMessageRow } from './rows'
import './index.scss'

const PAGE_SIZE = 20

const EMPTY_TEXT: Record<MessageKind, string> = {
  notice: '暂时没有通知',
  comment: '还没有人评论或回复你',
  like: '还没有人赞过你的读后感',
  follow: '还没有新的关注',
}

const EMPTY_KIND: Record<MessageKind, EmptyKind> = {
  notice: 'messages',
  comment: 'comments',
  like: 'messages',
  follow: 'people',
}

const LOGIN_TEXT: Record<MessageKind, string> = {
  notice: '登录后查看通知',
  comment: '登录后查看评论消息',
  like: '登录后查看点赞消息',
  follow: '登录后查看新增关注',
}

interface Props {
  kind: MessageKind
}

/**
 * One list of the messages centre (notices, comments, likes, new followers), newest first. The
 * kind is marked read once the first page has answered (so the rows still show what was new) and
 * again each time the page is shown; then the unread badge is counted again.
 */
function MessageList({ kind }: Props) {
  const { session, unread } = useStores()
  const loggedIn = session.isLoggedIn
  const rows = usePagedListHandle<UserMessage>()
  const follow = useFollowToggle((id, followed) =>
    rows.update(
      (m) => m.actor?.userId === id,
      (m) => ({ ...m, followed }),
    ),
  )
  /** A first page has been shown: from then on each show marks the kind read. */
  const shown = useRef(false)
  /** The newest message shown: marking read stops there, so one that came later stays new. */
  const newestShown = useRef(0)

  const markSeen = useCallback(() => {
    if (!newestShown.current) return
    markRead(kind, newestShown.current)
      .catch(() => undefined)
      .then(() => refreshMessagesUnread(unread))
  }, [kind, unread])

  const list = useLiveList<UserMessage>({
    fetchPage: (page) => fetchMessages(kind, page, PAGE_SIZE),
    pageSize: PAGE_SIZE,
    keyOf: (m) => m.id,
    active: loggedIn,
  })

  const listLoad = list.load
  // The list's own loads (opening, pulling down, loading again after a change): a first page marks
  // the kind read once it answered, so its rows still show what was new.
  const load = useCallback(
    async (page: number) => {
      const res = await listLoad(page)
      if (page === 1) {
        shown.current = true
        newestShown.current = res.list.reduce((max, m) => Math.max(max, m.id), 0)
        markSeen()
      }
      return res
    },
    [listLoad, markSeen],
  )

  // Shown again (back from a post): what was shown counts as seen.
  useDidShow(() => {
    if (session.isLoggedIn && shown.current) markSeen()
  })

  if (!loggedIn) return <LoginRequired kind={EMPTY_KIND[kind]} text={LOGIN_TEXT[kind]} />

  const renderItem = (m: UserMessage) => {
    if (kind === 'notice') return <NoticeRow message={m} />
    if (kind !== 'follow') return <PostMessageRow message={m} />
    if (!m.actor) return null
    const actor = m.actor
    const followed = m.followed
    return (
      <View data-testid={`message-${m.id}`} data-unread={m.read ? '0' : '1'}>
        <UserRow
          user={actor}
          dot={!m.read}
          subtitle={
            <Text className="user-row__sub">关注了你 · {formatMessageTime(m.createdAt)}</Text>
          }
          action={
            <FollowButton
              followed={followed}
              followsMe
              testId={`follow-${actor.userId}`}
              onClick={() => void follow.toggle(actor, followed)}
            />
          }
        />
      </View>
    )
  }

  return (
    <View className={`page msg-list msg-list--${kind}`}>
      <PagedList
        key={list.generation}
        load={load}
        handle={rows.ref}
        keyOf={(m) => m.id}
        renderItem={renderItem}
        emptyText={EMPTY_TEXT[kind]}
        emptyKind={EMPTY_KIND[kind]}
      />
    </View>
  )
}

export default observer(MessageList)
