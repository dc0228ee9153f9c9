/**
 * The group's information page: the group (see useGroup) and what the reader's role lets them do
 * there: join or apply (with an optional reason), open its chat, invite friends, quit (asking
 * first; the owner is told to hand the group over first), disband (the owner, asking first), and
 * the way to the sub-pages.
 */
import Taro from '@tarojs/taro'
import { useState } from 'react'
import { finishWith } from '@/core/finish'
import { pageUrl, Route } from '@/core/routes'
import { BRAND_COLOR } from '@/core/theme'
import { toast } from '@/core/toast'
import { openConversation } from '@/features/chat/public'
import { GroupLimits, GroupTexts } from '@rules/groups'
import { clipText } from '@rules/validate'
import { disbandGroup, joinGroup, quitGroup } from './api'
import { canAskToJoin, groupConversation, joinState } from './groupRules'
import { useGroup } from './useGroup'

const go = (url: string) => void Taro.navigateTo({ url })

export function useGroupDetail(groupId: number) {
  const group = useGroup(groupId, { title: true })
  const { detail, setDetail } = group
  const [busy, setBusy] = useState(false)
  const [reason, setReason] = useState('')

  /** One change at a time; the request layer shows a failure's message. */
  const once = async (work: () => Promise<void>) => {
    if (busy) return
    setBusy(true)
    try {
      await work()
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false)
    }
  }

  const join = () =>
    once(async () => {
      if (!detail || !canAskToJoin(joinState(detail))) return
      const res = await joinGroup(groupId, detail.joinMode === 'approval' ? reason : undefined)
      if (res.state === 'applied') {
        setDetail({ ...detail, applied: true })
        toast('已发送入群申请')
        return
      }
      toast('已加入群聊')
      await group.reload()
    })

  const quit = async () => {
    if (!detail) return
    if (detail.myRole === 'owner') {
      await Taro.showModal({
        title: '退出群聊',
        content: GroupTexts.ownerCannotQuit,
        showCancel: false,
        confirmColor: BRAND_COLOR,
      })
      return
    }
    const { confirm } = await Taro.showModal({
      title: '退出群聊',
      content: `确定退出“${detail.name}”吗？退出后不再收到群消息。`,
      confirmText: '退出',
      confirmColor: BRAND_COLOR,
    })
    if (!confirm) return
    await once(async () => {
      await quitGroup(groupId)
      finishWith('已退出群聊', { backOr: Route.friend })
    })
  }

  const disband = async () => {
    if (!detail || detail.myRole !== 'owner') return
    const { confirm } = await Taro.showModal({
      title: '解散群聊',
      content: `确定解散“${detail.name}”吗？解散后所有成员将被移出，且无法恢复。`,
      confirmText: '解散',
      confirmColor: BRAND_COLOR,
    })
    if (!confirm) return
    await once(async () => {
      await disbandGroup(groupId)
      finishWith('群聊已解散', { backOr: Route.friend })
    })
  }

  const links = {
    chat: () => openConversation(groupConversation(groupId)),
    invite: () => go(pageUrl(Route.selectFriend, { purpose: 'invite', groupId })),
    manage: () => go(pageUrl(Route.groupSet, { id: groupId })),
    applications: () => go(pageUrl(Route.groupSet, { id: groupId, section: 'applications' })),
    edit: () => go(pageUrl(Route.groupDetailEdit, { id: groupId })),
    announcement: () => go(pageUrl(Route.groupDetailOpen, { id: groupId })),
    members: () => go(pageUrl(Route.groupMember, { id: groupId })),
    member: (userId: number) => go(pageUrl(Route.friendDetail, { type: 'group', id: userId })),
  }

  return {
    ...group,
    state: detail ? joinState(detail) : null,
    busy,
    reason,
    setReason: (text: string) => setReason(clipText(text, GroupLimits.applicationReasonMaxChars)),
    join,
    quit,
    disband,
    links,
  }
}
