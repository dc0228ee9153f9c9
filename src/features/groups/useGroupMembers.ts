/**
 * A group's members page by page (15 a page: a group of thousands loads only what is scrolled
 * to), in member order, narrowed by a nickname keyword; a new keyword loads from the first page.
 * `now` (unix seconds, taken at each first page) tells who is muted.
 */
import { useCallback, useState } from 'react'
import type { PageResult } from '@/components/PagedList/usePagedList'
import type { GroupMember } from '@/types/api/groups'
import { GroupLimits } from '@rules/groups'
import { fetchGroupMembers } from './api'
import { nowSeconds } from './groupRules'

export function useGroupMembers(groupId: number) {
  const [keyword, setKeyword] = useState('')
  const [total, setTotal] = useState<number | null>(null)
  const [now, setNow] = useState(nowSeconds)

  const load = useCallback(
    async (page: number): Promise<PageResult<GroupMember>> => {
      if (page === 1) setNow(nowSeconds())
      const res = await fetchGroupMembers(groupId, page, GroupLimits.memberPageSize, keyword)
      setTotal(res.total)
      return res
    },
    [groupId, keyword],
  )

  const search = (text: string) => {
    setTotal(null)
    setKeyword(text.trim())
  }

  return { keyword, total, now, load, listKey: `${groupId}|${keyword}`, search }
}
