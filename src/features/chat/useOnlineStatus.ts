/**
 * The online status of the conversation list's one-to-one peers, when the server shows it: asked
 * when the list shows and every ChatLimits.onlineStatusRefreshMs while it is shown (the SDK's
 * subscription is a paid plan on Tencent; a poll of one call serves both engines alike).
 */
import { useDidHide, useDidShow } from '@tarojs/taro'
import { useEffect, useRef, useState } from 'react'
import { useStores } from '@/stores'
import type { Conversation } from '@/TUIKit/engine/types'
import { ChatLimits } from '@rules/chat'
import { chatServerSettings } from './chatServerSettings'
import { statusPeers } from './onlineStatus'

export function useOnlineStatus(conversations: readonly Conversation[]): Map<string, number> {
  const { chat } = useStores()
  const [statuses, setStatuses] = useState<Map<string, number>>(() => new Map())
  const [shown, setShown] = useState(true)
  const key = statusPeers(conversations).join(',')
  const asking = useRef(false)

  useDidShow(() => setShown(true))
  useDidHide(() => setShown(false))

  useEffect(() => {
    if (!shown || key === '') return
    let live = true
    const ask = async () => {
      if (asking.current) return
      asking.current = true
      try {
        if (!(await chatServerSettings()).onlineStatus) return
        const list = await chat.userStatus(key.split(','))
        if (live) setStatuses(new Map(list.map((u) => [u.userID, u.statusType])))
      } catch {
        // Unknown this time: the rows show none until the next ask.
      } finally {
        asking.current = false
      }
    }
    void ask()
    const timer = setInterval(() => void ask(), ChatLimits.onlineStatusRefreshMs)
    return () => {
      live = false
      clearInterval(timer)
    }
  }, [chat, key, shown])

  return statuses
}
