import type { UnreadStore } from '@/stores'
import { fetchUnreadTotal } from './api'
import { MESSAGES_UNREAD_SOURCE, unreadCount } from './messages'

/** The messages centre's unread total into the unread store (the tab badge). Never throws. */
export async function refreshMessagesUnread(unread: UnreadStore): Promise<void> {
  try {
    const { total } = await fetchUnreadTotal()
    unread.setSource(MESSAGES_UNREAD_SOURCE, unreadCount(total))
  } catch {
    // silent: the badge keeps its last count
  }
}

/**
 * What a tab does on show and on pull-down: the count fetched for a reader, cleared for a guest.
 * Never throws.
 */
export function syncMessagesUnread(loggedIn: boolean, unread: UnreadStore): Promise<void> {
  if (loggedIn) return refreshMessagesUnread(unread)
  unread.clearSource(MESSAGES_UNREAD_SOURCE)
  return Promise.resolve()
}
