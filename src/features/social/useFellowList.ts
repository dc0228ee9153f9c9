/**
 * Whom I follow and who follows me: the chosen tab, its live list (a follow changes its row at
 * once), and my counts for the tab labels (again after
 * a follow here and when the page is shown again).
 */
import { useDidShow } from '@tarojs/taro'
import { useCallback, useEffect, useState } from 'react'
import { useLiveList } from '@/components/PagedList/useLiveList'
import { usePagedListHandle } from '@/components/PagedList/usePagedListHandle'
import type { RelatedUser, UserStatistics } from '@/types/api/social'
import { fetchFollowList, fetchStatistics } from './api'
import { useFollowToggle } from './components/FollowButton'

export type FellowTab = 'following' | 'followers'

const PAGE_SIZE = 20

export const fellowTabOf = (type: string | undefined): FellowTab =>
  type === 'followers' || type === 'fans' ? 'followers' : 'following'

export function useFellowList(initial: FellowTab, loggedIn: boolean) {
  const [tab, setTab] = useState<FellowTab>(initial)
  const [stats, setStats] = useState<UserStatistics | null>(null)
  const rows = usePagedListHandle<RelatedUser>()
  const follow = useFollowToggle((id, followed) =>
    rows.update(
      (u) => u.userId === id,
      (u) => ({ ...u, followed }),
    ),
  )

  const list = useLiveList<RelatedUser>({
    fetchPage: (page) => fetchFollowList(tab, page, PAGE_SIZE),
    pageSize: PAGE_SIZE,
    keyOf: (u) => u.userId,
    versionOf: (u) => (u.followed ? 1 : 0),
    active: loggedIn,
  })

  const loadStats = useCallback(() => {
    fetchStatistics()
      .then(setStats)
      .catch(() => undefined)
  }, [])

  useEffect(() => {
    if (loggedIn) loadStats()
  }, [loggedIn, loadStats])

  // Followed or unfollowed on someone's page meanwhile: the counts again (the list by itself).
  useDidShow(() => {
    if (loggedIn && stats) loadStats()
  })

  const choose = (next: FellowTab) => {
    if (next !== tab) setTab(next)
  }

  const toggle = async (user: RelatedUser, followed: boolean) => {
    await follow.toggle(user, followed)
    loadStats()
  }

  return {
    tab,
    choose,
    stats,
    listKey: `${tab}|${list.generation}`,
    load: list.load,
    rowsRef: rows.ref,
    toggle,
  }
}
