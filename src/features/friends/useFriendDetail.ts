/**
 * A book friend's page: who they are (loaded on show and pull-down), my remark for them (checked
 * for its 96 bytes before it is sent), blocking, and ending the friendship after asking (our chat
 * stays, marked as no longer friends).
 */
import Taro, { useDidShow } from '@tarojs/taro'
import { useRef, useState } from 'react'
import { setPageTitle } from '@/core/platform'
import { toast } from '@/core/toast'
import { usePageData } from '@/core/usePageData'
import { setBlocked } from '@/features/social/public'
import { friendName, remarkError } from '@rules/friends'
import { deleteFriend, fetchFriendDetail, updateRemark } from './api'

const BLOCK_WARNING = '拉黑后对方无法给你发消息、加你为书友，你也看不到对方的读后感和评论。'

export function useFriendDetail(userId: number) {
  const [busy, setBusy] = useState(false)
  const page = usePageData(
    async () => {
      if (!Number.isInteger(userId) || userId <= 0) throw new Error('用户不存在')
      const detail = await fetchFriendDetail(userId)
      setPageTitle(friendName(detail))
      return detail
    },
    [userId],
    { pullDown: true },
  )
  const friend = page.data

  const shownOnce = useRef(false)
  useDidShow(() => {
    if (!shownOnce.current) return void (shownOnce.current = true)
    void page.reload()
  })

  /** Runs one change at a time; the request layer shows a failure's message. */
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

  /** Saves the remark; answers the error text to show instead, or null when saved. */
  const saveRemark = async (remark: string): Promise<string | null> => {
    const text = remark.trim()
    const error = remarkError(text)
    if (error) return error
    await once(async () => {
      const next = await updateRemark(userId, text)
      page.setData(next)
      setPageTitle(friendName(next))
      toast('备注已保存')
    })
    return null
  }

  const toggleBlock = async () => {
    if (!friend) return
    if (!friend.blocked) {
      const { confirm } = await Taro.showModal({
        title: '拉黑',
        content: BLOCK_WARNING,
        confirmText: '拉黑',
      })
      if (!confirm) return
    }
    await once(async () => {
      const res = await setBlocked(userId, !friend.blocked)
      page.setData({ ...friend, blocked: res.blocked })
      toast(res.blocked ? '已拉黑' : '已取消拉黑')
    })
  }

  const remove = async () => {
    if (!friend) return
    const { confirm } = await Taro.showModal({
      title: '删除书友',
      content: `将“${friendName(friend)}”从书友中删除？你们的聊天记录会保留。`,
      confirmText: '删除',
      confirmColor: '#fa5151',
    })
    if (!confirm) return
    await once(async () => {
      await deleteFriend(userId)
      page.setData({ ...friend, isFriend: false, remark: '', since: 0 })
      toast('已删除书友')
    })
  }

  return { friend, error: page.error, busy, saveRemark, toggleBlock, remove }
}
