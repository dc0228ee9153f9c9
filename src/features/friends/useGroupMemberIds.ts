/**
 * For inviting friends into a group: who is in it already, so the picker shows them disabled.
 * Read in pages of 50 for a group of up to MAX_READ members; a larger group leaves the rows enabled
 * (the server skips members it is asked to invite anyway).
 */
import { useEffect, useState } from 'react'
import { fetchGroupMembers } from '@/features/groups/public'

const PAGE_SIZE = 50
const MAX_READ = 500

export function useGroupMemberIds(groupId: number, active: boolean): ReadonlySet<number> {
  const [ids, setIds] = useState<ReadonlySet<number>>(new Set())
  useEffect(() => {
    if (!active || !(groupId > 0)) return
    let live = true
    void (async () => {
      const found = new Set<number>()
      for (let page = 1; page * PAGE_SIZE <= MAX_READ; page++) {
        const res = await fetchGroupMembers(groupId, page, PAGE_SIZE)
        for (const m of res.list) found.add(m.userId)
        if (res.total > MAX_READ) return
        if (page * PAGE_SIZE >= res.total) break
      }
      if (live) setIds(found)
    })().catch(() => undefined)
    return () => {
      live = false
    }
  }, [groupId, active])
  return ids
}
