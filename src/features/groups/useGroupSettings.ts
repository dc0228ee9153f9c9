/**
 * The group's settings (the owner and admins): how people join (free, approval, closed) and
 * whether only the owner and admins may speak. Each change is sent at once; the group the server
 * answers replaces the one shown.
 */
import { useState } from 'react'
import { toast } from '@/core/toast'
import type { GroupDetail, JoinMode, UpdateGroupReq } from '@/types/api/groups'
import { updateGroup } from './api'
import { JOIN_MODE_TEXT } from './groupRules'

export function useGroupSettings(
  detail: GroupDetail | undefined,
  setDetail: (next: GroupDetail) => void,
) {
  const [busy, setBusy] = useState(false)

  const change = async (patch: Omit<UpdateGroupReq, 'groupId'>, done: string) => {
    if (!detail || busy) return
    setBusy(true)
    try {
      setDetail(await updateGroup({ groupId: detail.groupId, ...patch }))
      toast(done)
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false)
    }
  }

  const setJoinMode = (joinMode: JoinMode) => {
    if (detail?.joinMode === joinMode) return
    return change({ joinMode }, `入群方式已改为${JOIN_MODE_TEXT[joinMode]}`)
  }

  const setMuteAll = (on: boolean) => {
    if (!detail || detail.muteAll === on) return
    return change({ muteAll: on ? 1 : 0 }, on ? '已开启全员禁言' : '已关闭全员禁言')
  }

  return { busy, setJoinMode, setMuteAll }
}
