/**
 * A one-to-one chat with someone who is not (or no longer) my book friend says so, with a way to
 * ask them (the conversation itself stays after a friendship ends).
 */
import { useEffect, useState } from 'react'
import { toast } from '@/core/toast'
import { fetchFriendDetail, requestFriend } from '@/features/friends/public'

export function useFriendship(peerId: number | null) {
  const [notFriends, setNotFriends] = useState(false)
  /** Known to be my book friend (the chat's gifts are offered then). */
  const [isFriend, setIsFriend] = useState(false)
  const [asked, setAsked] = useState(false)

  useEffect(() => {
    if (!peerId) return
    let live = true
    fetchFriendDetail(peerId)
      .then((d) => {
        if (!live) return
        setNotFriends(!d.isFriend && !d.isMe && !d.blockedMe)
        setIsFriend(d.isFriend)
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [peerId])

  const ask = async () => {
    if (!peerId || asked) return
    try {
      const res = await requestFriend({ userId: peerId }, '')
      setAsked(true)
      if (res.state === 'friends') {
        setNotFriends(false)
        setIsFriend(true)
      }
      toast(res.state === 'friends' ? '你们已经是书友了' : '申请已发送')
    } catch {
      // shown by the request layer
    }
  }

  return { notFriends, isFriend, asked, ask }
}
