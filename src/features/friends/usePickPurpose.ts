/**
 * What the friend picker is for, from its route: start a chat (one friend), create a group (a name
 * and friends: then its chat opens), invite friends into a group (then back), or choose whom to
 * give a gift (one friend: then the gift's select page of `kind` again, with them).
 */
import Taro from '@tarojs/taro'
import { useState } from 'react'
import { toast } from '@/core/toast'
import { openCreatedChat } from '@/features/chat/public'
import { giftEntryUrl, type GiftKind } from '@/features/gifts/public'
import { createGroup, groupNameError, inviteToGroup } from '@/features/groups/public'
import type { PickMode } from './useFriendPicker'

export type PickPurpose = 'chat' | 'group' | 'invite' | 'gift'

export const purposeOf = (value: string | undefined): PickPurpose =>
  value === 'group' || value === 'invite' || value === 'gift' ? value : 'chat'

const GIFT_KINDS: readonly GiftKind[] = ['book', 'doc', 'mag', 'newspaper']
/** The gift kind a picker for a gift came with (book by default). */
export const giftKindOf = (value: string | undefined): GiftKind =>
  GIFT_KINDS.find((k) => k === value) ?? 'book'

export const PURPOSE_MODE: Record<PickPurpose, PickMode> = {
  chat: 'radio',
  group: 'multi',
  invite: 'multi',
  gift: 'radio',
}

export const PURPOSE_TITLE: Record<PickPurpose, string> = {
  chat: '选择书友',
  group: '发起群聊',
  invite: '邀请书友入群',
  gift: '选择赠送的书友',
}

export function usePickPurpose(purpose: PickPurpose, groupId: number, giftKind: GiftKind = 'book') {
  const [groupName, setGroupName] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  const finish = async (ids: number[]) => {
    if (ids.length === 0 || busy) return
    if (purpose === 'chat') return openCreatedChat(`C2C${ids[0]}`)
    if (purpose === 'gift') {
      void Taro.redirectTo({ url: giftEntryUrl(giftKind, ids[0]) })
      return
    }
    if (purpose === 'group') {
      const nameError = groupNameError(groupName)
      if (nameError) return setError(nameError)
    }
    setError('')
    setBusy(true)
    try {
      if (purpose === 'group') {
        const group = await createGroup({ name: groupName.trim(), userIds: ids })
        void openCreatedChat(`GROUP${group.groupId}`)
        return
      }
      await inviteToGroup(groupId, ids)
      toast('已邀请')
      setTimeout(() => void Taro.navigateBack(), 500)
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false)
    }
  }

  return { groupName, setGroupName, error, busy, finish }
}
