import Taro, { useDidShow, usePullDownRefresh } from '@tarojs/taro'
import { useStores } from '@/stores'
import { syncMessagesUnread } from './unread'
import { useMessageUnread } from './useMessageUnread'
import { useMyStatistics } from './useMyStatistics'

/**
 * The mine tab's data: my profile and counts (posts, following, followers, likes) on every show;
 * on pull-down the same and the messages count (a show fetches that by itself).
 */
export function useMineRefresh() {
  const { session, unread } = useStores()
  const { stats, refresh: refreshStats } = useMyStatistics()
  const unreadMessages = useMessageUnread()

  const refresh = (): Promise<unknown> =>
    Promise.all([
      session.isLoggedIn ? session.refreshProfile().catch(() => undefined) : undefined,
      refreshStats(),
    ])

  useDidShow(() => {
    void refresh()
  })

  usePullDownRefresh(() => {
    void Promise.all([refresh(), syncMessagesUnread(session.isLoggedIn, unread)]).finally(() =>
      Taro.stopPullDownRefresh(),
    )
  })

  return { stats, unreadMessages }
}
