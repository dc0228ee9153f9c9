/**
 * The agent home (吧主中心): my agent detail (balance, pending, today's and this month's commission,
 * members, unread notices, coupons to give), again on pull-down and whenever the page shows (after
 * a withdrawal, a notice read, a coupon given). Silent: a reader who is no agent is shown the
 * application instead (isNotAgent), other failures on the page.
 */
import { useDidShow } from '@tarojs/taro'
import { badgeText } from '@/core/badge'
import { usePageData } from '@/core/usePageData'
import type { AgentDetail } from '@/types/api/agent'
import { fetchAgentDetail } from './api'
import type { AgentEntryKey } from './links'

/** What an entry shows beside its title (the tab badge's rule): coupons to give, unread notices. */
export function entryBadge(key: AgentEntryKey, detail: AgentDetail): string | null {
  if (key === 'coupon') return badgeText(detail.unissuedCoupons)
  if (key === 'msg') return badgeText(detail.unreadNotices)
  return null
}

export function useAgentDetail(loggedIn: boolean, silent = false) {
  const page = usePageData<AgentDetail | null>(
    () => (loggedIn ? fetchAgentDetail(silent) : Promise.resolve(null)),
    [loggedIn],
    { pullDown: true },
  )
  useDidShow(() => {
    // Not while the first load is under way (the page's first show).
    if (loggedIn && !page.loading) void page.reload()
  })
  return page
}
