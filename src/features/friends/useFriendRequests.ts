/**
 * New friends: requests sent to me, newest first (reading them clears the tab's count); accepting
 * makes us friends and opens our chat, where the greeting is; rejecting just marks the row.
 */
import Taro from '@tarojs/taro'
import { useState } from 'react'
import { usePagedListHandle } from '@/components/PagedList/usePagedListHandle'
import { toast } from '@/core/toast'
import { FRIEND_REQUESTS_SOURCE, openChatWith } from '@/features/chat/public'
import { useStores } from '@/stores'
import type { FriendRequest } from '@/types/api/friends'
import { fetchFriendRequests, handleFriendRequest } from './api'

const PAGE_SIZE = 20

export function useFriendRequests() {
  const { unread } = useStores()
  const rows = usePagedListHandle<FriendRequest>()
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set())

  const load = async (page: number) => {
    const res = await fetchFriendRequests(page, PAGE_SIZE)
    // The server marked them read as it answered.
    if (page === 1) unread.clearSource(FRIEND_REQUESTS_SOURCE)
    return res
  }

  const handle = async (request: FriendRequest, accept: boolean) => {
    if (busy.has(request.id)) return
    if (!accept) {
      const { confirm } = await Taro.showModal({
        title: '拒绝申请',
        content: `拒绝“${request.nickname || '书友'}”的好友申请吗？`,
        confirmText: '拒绝',
      })
      if (!confirm) return
    }
    setBusy((prev) => new Set(prev).add(request.id))
    try {
      await handleFriendRequest(request.id, accept)
      rows.update(
        (r) => r.id === request.id,
        (r) => ({ ...r, state: accept ? 'accepted' : 'rejected' }),
      )
      if (accept) openChatWith(request.userId)
      else toast('已拒绝')
    } catch {
      // the request layer showed the server's message
    } finally {
      setBusy((prev) => {
        const next = new Set(prev)
        next.delete(request.id)
        return next
      })
    }
  }

  return { load, rowsRef: rows.ref, busy, handle }
}
