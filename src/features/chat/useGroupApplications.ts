/**
 * The join applications of a group, for its owner and admins in the chat (chat-spec sections 2
 * and 4): the count with a handle link, a drawer to agree or reject each; a handled row fades out
 * for 150 ms before it leaves, and the drawer closes when none are left.
 */
import { useCallback, useEffect, useState } from 'react'
import { toast } from '@/core/toast'
import { fetchGroupApplications, handleGroupApplication } from '@/features/groups/public'
import type { GroupApplication } from '@/types/api/groups'

/** A handled row's fade before it leaves (chat-spec section 9). */
const ROW_REMOVE_MS = 150

export function useGroupApplications(groupId: number, isManager: boolean) {
  const [list, setList] = useState<GroupApplication[]>([])
  const [open, setOpen] = useState(false)
  const [leaving, setLeaving] = useState<ReadonlySet<number>>(new Set())

  const reload = useCallback(async () => {
    if (!isManager || !(groupId > 0)) return setList([])
    try {
      setList(await fetchGroupApplications(groupId))
    } catch {
      // silent: the bar just does not show
    }
  }, [groupId, isManager])

  useEffect(() => {
    void reload()
  }, [reload])

  // The drawer closes once the last application is handled.
  useEffect(() => {
    if (list.length === 0) setOpen(false)
  }, [list.length])

  const handle = async (a: GroupApplication, accept: boolean) => {
    if (leaving.has(a.applicationId)) return
    try {
      await handleGroupApplication(a.applicationId, accept)
    } catch {
      return // shown by the request layer
    }
    toast(accept ? '已同意' : '已拒绝')
    setLeaving((prev) => new Set(prev).add(a.applicationId))
    setTimeout(() => {
      setList((prev) => prev.filter((x) => x.applicationId !== a.applicationId))
    }, ROW_REMOVE_MS)
  }

  return { list, open, setOpen, leaving, handle, reload }
}
