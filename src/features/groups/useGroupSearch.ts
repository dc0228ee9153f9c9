/**
 * Finding groups to join (selectGroup): groups open to joining, newest first, narrowed by a name
 * keyword. Each row's button goes by where I stand: a free group is joined at once and its chat
 * opens; an approval group opens an inline box for an optional reason (at most 50 characters),
 * then the row shows 已申请; a group I am in opens its chat. A row opens the group's page.
 */
import Taro from '@tarojs/taro'
import { useCallback, useState } from 'react'
import { usePagedListHandle } from '@/components/PagedList/usePagedListHandle'
import { pageUrl, Route } from '@/core/routes'
import { toast } from '@/core/toast'
import { openConversation } from '@/features/chat/public'
import type { GroupBrief } from '@/types/api/groups'
import { GroupLimits } from '@rules/groups'
import { clipText } from '@rules/validate'
import { joinGroup, searchGroups } from './api'
import { groupConversation, joinState } from './groupRules'

const PAGE_SIZE = 20

export function useGroupSearch() {
  const rows = usePagedListHandle<GroupBrief>()
  const [keyword, setKeyword] = useState('')
  /** The group whose reason box is open. */
  const [applying, setApplying] = useState<number | null>(null)
  const [reason, setReasonText] = useState('')
  const [busy, setBusy] = useState<number | null>(null)

  const load = useCallback((page: number) => searchGroups(keyword, page, PAGE_SIZE), [keyword])

  const search = (text: string) => {
    setApplying(null)
    setKeyword(text.trim())
  }

  const edit = (groupId: number, change: Partial<GroupBrief>) =>
    rows.update(
      (g) => g.groupId === groupId,
      (g) => ({ ...g, ...change }),
    )

  const send = async (g: GroupBrief, why?: string) => {
    if (busy !== null) return
    setBusy(g.groupId)
    try {
      const res = await joinGroup(g.groupId, why)
      if (res.state === 'applied') {
        edit(g.groupId, { applied: true })
        setApplying(null)
        setReasonText('')
        toast('已发送入群申请')
        return
      }
      edit(g.groupId, { myRole: 'member', memberCount: g.memberCount + 1 })
      toast('已加入群聊')
      openConversation(groupConversation(g.groupId))
    } catch {
      // shown by the request layer
    } finally {
      setBusy(null)
    }
  }

  /** The row's button. */
  const act = (g: GroupBrief) => {
    const state = joinState(g)
    if (state === 'member') return openConversation(groupConversation(g.groupId))
    if (state === 'join') return void send(g)
    if (state === 'apply') {
      setReasonText('')
      setApplying(applying === g.groupId ? null : g.groupId)
      return
    }
    if (state === 'applied') toast('已申请，请等待群主或管理员同意')
  }

  const open = (g: GroupBrief) =>
    void Taro.navigateTo({ url: pageUrl(Route.groupDetail, { id: g.groupId }) })

  return {
    keyword,
    listKey: keyword,
    load,
    rowsRef: rows.ref,
    search,
    applying,
    reason,
    setReason: (text: string) =>
      setReasonText(clipText(text, GroupLimits.applicationReasonMaxChars)),
    cancelApply: () => setApplying(null),
    busy,
    act,
    apply: (g: GroupBrief) => send(g, reason),
    open,
  }
}
