/**
 * The messages centre's unread count per kind: loaded once logged in, again on every later show
 * (back from a list, now read) and on pull-down; the total goes to the unread store's badge.
 */
import { useDidShow } from '@tarojs/taro'
import { useEffect } from 'react'
import { usePageData } from '@/core/usePageData'
import { useStores } from '@/stores'
import { fetchUnreadByKind } from './api'
import { MESSAGES_UNREAD_SOURCE, sumUnread } from './messages'

export function useMessageCounts() {
  const { session, unread } = useStores()
  const loggedIn = session.isLoggedIn
  const page = usePageData(
    () => (loggedIn ? fetchUnreadByKind() : Promise.resolve(null)),
    [loggedIn],
    { pullDown: true },
  )
  const counts = page.data ?? null

  useEffect(() => {
    if (counts) unread.setSource(MESSAGES_UNREAD_SOURCE, sumUnread(counts))
  }, [counts, unread])

  useDidShow(() => {
    if (session.isLoggedIn && counts) void page.reload()
  })

  return { counts, error: page.error, reload: page.reload }
}
