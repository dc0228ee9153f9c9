/**
 * The conversations tab's friend numbers: my friend total (the spec's count query) and the new
 * friend requests not seen yet, which also count on the tab badge. Fetched when the tab shows and
 * on pull-down, and by the chat store when a request arrives (the engine's
 * onFriendApplicationListUpdated); a failure keeps the last numbers.
 */
import { useDidShow } from '@tarojs/taro'
import { useCallback, useState } from 'react'
import * as friendsCalls from '@/types/api/calls/friends.gen'
import { call } from '@/core/request'
import { useStores } from '@/stores'
import { FRIEND_REQUESTS_SOURCE } from '@/stores/ChatStore'

export { FRIEND_REQUESTS_SOURCE }

const silent = { silent: true } as const

/**
 * The spec's friend count query (page size 10, only `total` read) and the unread requests: two
 * calls of their own here, so the conversations tab (main package) carries none of the friends
 * pages' code.
 */
const fetchFriendTotal = async (): Promise<number> =>
  (await call(friendsCalls.friendList.rest, { pageIndex: 1, pageSize: 10 }, silent)).total

/** Also the chat store's, when a request arrives while another tab is open (appHooks.ts). */
export const fetchRequestUnread = async (): Promise<number> =>
  (await call(friendsCalls.requestUnread.rest, {}, silent)).total

export function useFriendCounts() {
  const { session, unread } = useStores()
  const [friends, setFriends] = useState<number | null>(null)
  const loggedIn = session.isLoggedIn

  const refresh = useCallback(async (): Promise<void> => {
    if (!loggedIn) {
      unread.clearSource(FRIEND_REQUESTS_SOURCE)
      return
    }
    const [total, requests] = await Promise.allSettled([fetchFriendTotal(), fetchRequestUnread()])
    if (total.status === 'fulfilled') setFriends(total.value)
    if (requests.status === 'fulfilled') unread.setSource(FRIEND_REQUESTS_SOURCE, requests.value)
  }, [loggedIn, unread])

  useDidShow(() => void refresh())

  return { friends, requests: unread.sources.get(FRIEND_REQUESTS_SOURCE) ?? 0, refresh }
}
