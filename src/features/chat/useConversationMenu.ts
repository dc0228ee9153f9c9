/**
 * The conversation row's action menu (chat-spec section 2): long press over 300 ms, or right click
 * on PC, offers pin/unpin, mute/unmute and delete (after a confirmation); it closes after each.
 */
import Taro from '@tarojs/taro'
import { useRef } from 'react'
import type { Conversation } from '@/TUIKit/engine/types'
import { ChatLimits } from '@rules/chat'
import { useStores } from '@/stores'
import { chatErrorText } from './errors'
import { toast } from '@/core/toast'

export function useConversationMenu() {
  const { chat } = useStores()
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  /** True when the last touch opened the menu: the tap that ends it must not open the chat. */
  const opened = useRef(false)

  async function openMenu(c: Conversation): Promise<void> {
    opened.current = true
    const items = [
      c.isPinned ? '取消置顶' : '置顶',
      c.isMuted ? '取消免打扰' : '消息免打扰',
      '删除会话',
    ]
    let index: number
    try {
      index = (await Taro.showActionSheet({ itemList: items })).tapIndex
    } catch {
      return
    }
    try {
      if (index === 0) await chat.pin(c.conversationID, !c.isPinned)
      if (index === 1) await chat.mute(c.conversationID, !c.isMuted)
      if (index === 2) {
        const { confirm } = await Taro.showModal({
          title: '删除会话',
          content: '删除后将清空该会话的聊天记录，确定删除吗？',
        })
        if (confirm) await chat.remove(c.conversationID)
      }
    } catch (error) {
      toast(chatErrorText(error as { code?: number; message?: string }))
    }
  }

  return {
    press(c: Conversation) {
      opened.current = false
      if (timer.current) clearTimeout(timer.current)
      timer.current = setTimeout(() => void openMenu(c), ChatLimits.longPressMs)
    },
    release() {
      if (timer.current) clearTimeout(timer.current)
      timer.current = null
    },
    openMenu: (c: Conversation) => void openMenu(c),
    /** Whether a tap should open the chat (not when it ended a long press). */
    tapAllowed(): boolean {
      const allowed = !opened.current
      opened.current = false
      return allowed
    },
  }
}
