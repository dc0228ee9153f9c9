/**
 * 通知: the operators' notices to me, newest first, unread ones dotted; opening one shows it read
 * on the way back (the detail call marks it read on the server), and 通知详情: one notice in full.
 */
import Taro from '@tarojs/taro'
import { usePagedListHandle } from '@/components/PagedList/usePagedListHandle'
import { usePageData } from '@/core/usePageData'
import type { Notice } from '@/types/api/agent'
import { AgentText } from '@rules/agent'
import { AGENT_PAGE_SIZE, fetchNotice, fetchNotices } from './api'
import { noticeUrl } from './links'
import { useAgentList } from './useAgentList'

export function useNotices(loggedIn: boolean) {
  const rows = usePagedListHandle<Notice>()
  const notices = useAgentList<Notice>({
    fetchPage: fetchNotices,
    pageSize: AGENT_PAGE_SIZE,
    keyOf: (n) => n.id,
    versionOf: (n) => (n.read ? 1 : 0),
    active: loggedIn,
  })

  const open = (n: Notice) => {
    rows.update(
      (x) => x.id === n.id,
      (x) => ({ ...x, read: true }),
    )
    void Taro.navigateTo({ url: noticeUrl(n.id) })
  }

  return { notices, rows, open }
}

/** A route's id: a positive integer, else 0. */
export const noticeIdOf = (raw: string | undefined): number => {
  const id = Number(raw)
  return Number.isInteger(id) && id > 0 ? id : 0
}

export function useNotice(rawId: string | undefined, loggedIn: boolean) {
  const id = noticeIdOf(rawId)
  return usePageData<Notice | null>(
    async () => {
      if (!loggedIn) return null
      if (!id) throw new Error(AgentText.noticeNotFound)
      return fetchNotice(id)
    },
    [id, loggedIn],
    { pullDown: true },
  )
}
