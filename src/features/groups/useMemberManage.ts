/**
 * A manager's actions on the members shown (groupSet): which a row offers comes from
 * memberActions (the owner: admins, mutes, removals, handing over; an admin: mutes and removals
 * of plain members). Muting asks how long; removing and handing over ask first. The rows change
 * in place; after handing the group over the page goes back (I am no longer its owner).
 */
import Taro from '@tarojs/taro'
import { useState } from 'react'
import { usePagedListHandle } from '@/components/PagedList/usePagedListHandle'
import { finishWith } from '@/core/finish'
import { Route } from '@/core/routes'
import { BRAND_COLOR } from '@/core/theme'
import { toast } from '@/core/toast'
import type { GroupMember } from '@/types/api/groups'
import { muteMember, removeMembers, setGroupAdmin, transferOwner } from './api'
import { MUTE_CHOICES, muteSecondsAt, nowSeconds, type MemberAction } from './groupRules'

const nameOf = (m: GroupMember) => m.nickname || '书友'

const confirmed = async (title: string, content: string, confirmText: string) =>
  (await Taro.showModal({ title, content, confirmText, confirmColor: BRAND_COLOR })).confirm

/** The seconds chosen in the action sheet, or null when it was closed. */
async function askMuteSeconds(): Promise<number | null> {
  try {
    const res = await Taro.showActionSheet({ itemList: MUTE_CHOICES.map((c) => c.label) })
    return muteSecondsAt(res.tapIndex)
  } catch {
    return null // closed
  }
}

export function useMemberManage(groupId: number) {
  const rows = usePagedListHandle<GroupMember>()
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set())
  const mark = (id: number, on: boolean) =>
    setBusy((prev) => {
      const next = new Set(prev)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })
  const edit = (userId: number, change: Partial<GroupMember>) =>
    rows.update(
      (m) => m.userId === userId,
      (m) => ({ ...m, ...change }),
    )

  /** What the action sends, after asking what it must; null when the person changed their mind. */
  const plan = async (
    action: MemberAction,
    m: GroupMember,
  ): Promise<(() => Promise<void>) | null> => {
    const id = m.userId
    switch (action) {
      case 'setAdmin':
      case 'unsetAdmin': {
        const admin = action === 'setAdmin'
        return async () => {
          await setGroupAdmin(groupId, id, admin)
          edit(id, { role: admin ? 'admin' : 'member' })
          toast(admin ? `已将${nameOf(m)}设为管理员` : `已取消${nameOf(m)}的管理员`)
        }
      }
      case 'mute': {
        const seconds = await askMuteSeconds()
        if (seconds === null) return null
        return async () => {
          await muteMember(groupId, id, seconds)
          edit(id, { muteUntil: nowSeconds() + seconds })
          toast(`已禁言${nameOf(m)}`)
        }
      }
      case 'unmute':
        return async () => {
          await muteMember(groupId, id, 0)
          edit(id, { muteUntil: 0 })
          toast(`已解除${nameOf(m)}的禁言`)
        }
      case 'remove':
        if (!(await confirmed('移出群聊', `确定将“${nameOf(m)}”移出群聊吗？`, '移出'))) return null
        return async () => {
          await removeMembers(groupId, [id])
          rows.remove((r) => r.userId === id)
          toast('已移出群聊')
        }
      case 'transfer': {
        const text = `确定将群主转让给“${nameOf(m)}”吗？转让后你将成为普通成员。`
        if (!(await confirmed('转让群主', text, '转让'))) return null
        return async () => {
          await transferOwner(groupId, id)
          finishWith('已转让群主', { backOr: Route.friend })
        }
      }
    }
  }

  const run = async (action: MemberAction, m: GroupMember) => {
    if (busy.has(m.userId)) return
    const work = await plan(action, m)
    if (!work) return
    mark(m.userId, true)
    try {
      await work()
    } catch {
      // shown by the request layer
    } finally {
      mark(m.userId, false)
    }
  }

  return { rowsRef: rows.ref, busy, run }
}
