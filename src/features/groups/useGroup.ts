/**
 * One group as the signed-in reader sees it, for every page of a group (route param `id`): loaded
 * on mount, on pull-down and whenever the page is shown again (a change made on a sub-page, a
 * member removed elsewhere), the page titled with its name. A guest loads nothing; an id that is
 * none fails as the server's 404 would.
 */
import { useDidShow } from '@tarojs/taro'
import { useRef } from 'react'
import { setPageTitle } from '@/core/platform'
import { usePageData } from '@/core/usePageData'
import { useStores } from '@/stores'
import type { GroupDetail } from '@/types/api/groups'
import { GroupTexts } from '@rules/groups'
import { fetchGroupDetail } from './api'

export interface GroupOptions {
  /** Put the group's name in the page title (the detail page). */
  title?: boolean
}

export function useGroup(groupId: number, opts: GroupOptions = {}) {
  const { session } = useStores()
  const loggedIn = session.isLoggedIn
  const page = usePageData<GroupDetail | null>(
    async () => {
      if (!loggedIn) return null
      if (!groupId) throw new Error(GroupTexts.notFound)
      const detail = await fetchGroupDetail(groupId)
      if (opts.title && !detail.disbanded) setPageTitle(detail.name)
      return detail
    },
    [groupId, loggedIn],
    { pullDown: true },
  )

  // The first show is the mount's load; later ones (back from a sub-page) load again.
  const shownOnce = useRef(false)
  useDidShow(() => {
    if (!shownOnce.current) return void (shownOnce.current = true)
    if (loggedIn) void page.reload()
  })

  return {
    loggedIn,
    myId: session.user?.user_id ?? 0,
    detail: page.data ?? undefined,
    error: page.error,
    loading: page.loading,
    reload: page.reload,
    setDetail: page.setData,
  }
}

export type GroupHandle = ReturnType<typeof useGroup>
