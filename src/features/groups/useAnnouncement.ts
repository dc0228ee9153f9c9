/**
 * The group's announcement: everyone reads it; the owner and admins edit it in place (the text
 * typed stays until it is saved), with its live count; over 150 characters it is refused here
 * and not sent. Saving an empty text clears it.
 */
import { useState } from 'react'
import { toast } from '@/core/toast'
import { updateGroup } from './api'
import { announcementState, canManage } from './groupRules'
import { useGroup } from './useGroup'

export function useAnnouncement(groupId: number) {
  const group = useGroup(groupId)
  const { detail, setDetail } = group
  /** What the manager typed; null while they have typed nothing. */
  const [draft, setDraft] = useState<string | null>(null)
  const [problem, setProblem] = useState('')
  const [busy, setBusy] = useState(false)

  const editable = detail ? canManage(detail) : false
  const text = draft ?? detail?.announcement ?? ''
  const { count, over } = announcementState(text)

  const input = (next: string) => {
    setDraft(next)
    // A refusal on screen goes as soon as the text is short enough again.
    if (problem && !announcementState(next).error) setProblem('')
  }

  const save = async () => {
    if (!detail || !editable || busy) return
    const refusal = announcementState(text).error
    setProblem(refusal)
    if (refusal) return
    setBusy(true)
    try {
      setDetail(await updateGroup({ groupId, announcement: text.trim() }))
      setDraft(null)
      toast(text.trim() ? '群公告已更新' : '群公告已清空')
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false)
    }
  }

  return { ...group, editable, text, count, over, problem, busy, input, save }
}
