/**
 * The conversations tab's friend numbers: my friend total (the spec's count query) and the new
 * friend requests not seen yet, which also count on the tab badge. Fetched when the tab shows and
 * on pull-down; a failure keeps the last numbers.
 */
import { useDidShow } from '@tarojs/taro'
import { useCallback, useState } from 'react'
import { useStores } from '@/stores'
import { fetchFriendTotal, fetchRequestUnread } from './api'

export const FRIEND_REQUESTS_SOURCE = 'friendRequests'

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
