import { useDidShow } from '@tarojs/taro'
import { useStores } from '@/stores'
import { MESSAGES_UNREAD_SOURCE } from './messages'
import { syncMessagesUnread } from './unread'

/** The messages centre's unread count, fetched when a tab shows, feeds the tab badge store. */
export function useMessageUnread(): number {
  const { session, unread } = useStores()
  useDidShow(() => {
    // The native badge may have been missed while another page showed.
    unread.syncTabBadge()
    void syncMessagesUnread(session.isLoggedIn, unread)
  })
  return unread.sources.get(MESSAGES_UNREAD_SOURCE) ?? 0
}
