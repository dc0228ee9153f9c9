/**
 * The applications waiting to join one group (its owner and admins): accepted or rejected one at
 * a time; a handled row fades for 150 ms, then leaves the list. `active` false loads nothing (a
 * reader who may not manage the group).
 */
import { useEffect, useRef, useState } from 'react'
import { errorText } from '@/core/usePageData'
import { toast } from '@/core/toast'
import type { GroupApplication } from '@/types/api/groups'
import { fetchGroupApplications, handleGroupApplication } from './api'

/** How long a handled row fades before it goes. */
export const FADE_MS = 150

export function useGroupApplications(groupId: number, active: boolean) {
  const [list, setList] = useState<GroupApplication[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  /** Rows being handled (their buttons do nothing), and rows fading out. */
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set())
  const [leaving, setLeaving] = useState<ReadonlySet<number>>(new Set())
  const alive = useRef(true)
  useEffect(() => {
    alive.current = true
    return () => {
      alive.current = false
    }
  }, [])

  const reload = async () => {
    if (!active) return
    try {
      const next = await fetchGroupApplications(groupId)
      if (!alive.current) return
      setList(next)
      setError(null)
    } catch (err) {
      if (alive.current) setError(errorText(err))
    }
  }

  useEffect(() => {
    void reload()
  }, [groupId, active]) // eslint-disable-line react-hooks/exhaustive-deps

  const mark = (set: typeof setBusy, id: number, on: boolean) =>
    set((prev) => {
      const next = new Set(prev)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })

  const handle = async (app: GroupApplication, accept: boolean) => {
    const id = app.applicationId
    if (busy.has(id) || leaving.has(id)) return
    mark(setBusy, id, true)
    try {
      await handleGroupApplication(id, accept)
      toast(accept ? `已同意${app.nickname || '书友'}入群` : '已拒绝')
      mark(setLeaving, id, true)
      setTimeout(() => {
        if (!alive.current) return
        setList((prev) => prev?.filter((a) => a.applicationId !== id) ?? null)
        mark(setLeaving, id, false)
      }, FADE_MS)
    } catch {
      // shown by the request layer (a handled one: 该申请已处理); load the list again
      void reload()
    } finally {
      if (alive.current) mark(setBusy, id, false)
    }
  }

  return { list, error, busy, leaving, handle, reload }
}
