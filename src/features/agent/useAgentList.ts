/**
 * An agent page's list (members, orders, coupons, records, notices): useLiveList, plus whether the
 * server said the reader is no agent (403 '您还不是吧主'), so the page shows the way to apply
 * instead of a list whose every load fails. A pull-down then tries again.
 */
import Taro, { usePullDownRefresh } from '@tarojs/taro'
import { useState } from 'react'
import type { PageResult } from '@/components/PagedList/usePagedList'
import { useLiveList, type LiveList } from '@/components/PagedList/useLiveList'
import { errorText } from '@/core/usePageData'
import { isNotAgent } from './format'

export interface AgentListOptions<T> {
  fetchPage: (page: number) => Promise<PageResult<T>>
  pageSize: number
  keyOf: (item: T) => string | number
  versionOf?: (item: T) => string | number
  /** False for a guest. */
  active: boolean
}

export type AgentList<T> = LiveList<T> & {
  /** The server answered that the reader is no agent: show AgentError, not the list. */
  denied: boolean
}

export function useAgentList<T>(options: AgentListOptions<T>): AgentList<T> {
  const [denied, setDenied] = useState(false)
  const { fetchPage } = options
  const list = useLiveList<T>({
    ...options,
    active: options.active && !denied,
    fetchPage: (page) =>
      fetchPage(page).catch((err: unknown) => {
        if (isNotAgent(errorText(err))) setDenied(true)
        throw err
      }),
  })

  // Without a list on the page, nothing else would end the pull-down: try the list again.
  usePullDownRefresh(() => {
    if (!denied) return
    setDenied(false)
    list.reload()
    void Taro.stopPullDownRefresh()
  })

  return { ...list, denied }
}
