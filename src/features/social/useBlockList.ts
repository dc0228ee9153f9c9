/**
 * Whom I blocked, as a live list (blocking happens on a person's page: followed when this page is
 * shown again), and taking someone off it after asking; `busy` holds the rows being taken off.
 */
import { useLiveList } from '@/components/PagedList/useLiveList'
import type { RelatedUser } from '@/types/api/social'
import { fetchBlockList, setBlocked } from './api'
import { useConfirmedRemoval } from '@/core/useConfirmedRemoval'

const PAGE_SIZE = 20

export function useBlockList(loggedIn: boolean) {
  const list = useLiveList<RelatedUser>({
    fetchPage: (page) => fetchBlockList(page, PAGE_SIZE),
    pageSize: PAGE_SIZE,
    keyOf: (u) => u.userId,
    active: loggedIn,
  })
  const removal = useConfirmedRemoval<RelatedUser>({
    key: (user) => user.userId,
    ask: (user) => ({
      title: '移出黑名单',
      content: `确定将“${user.nickname || '书友'}”移出黑名单吗？移出后你将能看到对方的读后感和评论。`,
      confirmText: '移出',
    }),
    remove: (user) => setBlocked(user.userId, false),
    removed: (user) => list.remove(user.userId),
    doneText: '已移出黑名单',
  })
  return { list, busy: removal.busy, unblock: removal.run }
}
