/**
 * The chat page's logic: open the conversation named by `conversationID` (C2C or GROUP, else the
 * page says the data is wrong), its title, leaving it, the message menu, quotes and jumps.
 */
import Taro from '@tarojs/taro'
import { useEffect, useState } from 'react'
import { setPageTitle } from '@/core/platform'
import { pageUrl, Route } from '@/core/routes'
import { useStores } from '@/stores'
import type { Conversation, Message } from '@/TUIKit/engine/types'
import { canStillRevoke, ChatLimits, CHAT_TEXTS, parseConversationID } from '@rules/chat'
import { chooseFromSheet } from './actionSheet'
import { quoteOf, type Quote } from './quote'
import { ChatRoom } from './ChatRoom'
import { chatErrorText } from './errors'
import { resendFlagged, targetOf, type Target } from './send'
import { toast } from '@/core/toast'
import { groupStateOf } from './groupState'
import { isGiftMessage } from '@/features/gifts/public'
import { canForward } from './forward'
import { mayReactTo } from '@rules/chatReactions'
import { useReactions } from './useReactions'

const nowSec = (): number => Math.floor(Date.now() / 1000)

export function useChatPage(conversationID: string) {
  const { chat, session } = useStores()
  const target: Target | null = targetOf(conversationID)
  const [room] = useState(() => new ChatRoom(chat, conversationID))
  const reactions = useReactions(room)
  const [conversation, setConversation] = useState<Conversation | null>(null)
  const [error, setError] = useState(target ? '' : CHAT_TEXTS.dataError)
  const [blinkID, setBlinkID] = useState('')
  const [scrollTo, setScrollTo] = useState('')
  // The list's copy follows pushes (a mute, a removal, a new name); the opened one until it is there.
  const live = chat.conversation(conversationID) ?? conversation
  const [now, setNow] = useState(nowSec)
  const group = groupStateOf(live, now, conversationID)

  // A mute ends by itself: show the input again then.
  useEffect(() => {
    if (!group.blockEnds) return
    const timer = setTimeout(() => setNow(nowSec()), (group.blockEnds - nowSec() + 1) * 1000)
    return () => clearTimeout(timer)
  }, [group.blockEnds])

  const title =
    live?.groupProfile?.name || live?.remark || live?.userProfile.nick || live?.userProfile.userID
  useEffect(() => {
    if (title) setPageTitle(title)
  }, [title])

  useEffect(() => {
    if (!target) return
    if (!session.isLoggedIn) {
      setError('请先登录')
      return
    }
    let live = true
    room
      .open()
      .then((c) => {
        if (!live) return
        setConversation(c)
        setScrollTo('msg-bottom')
      })
      .catch((e: { code?: number; message?: string }) => live && setError(chatErrorText(e)))
    return () => {
      live = false
      room.close()
    }
    // The page opens one conversation for its whole life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [conversationID])

  /** More: the friend's page for a C2C chat, the group's for a group chat. */
  function more(): void {
    const parsed = parseConversationID(conversationID)
    if (parsed?.type === 'C2C') {
      void Taro.navigateTo({ url: pageUrl(Route.friendDetail, { type: 'chat', id: parsed.id }) })
    } else if (parsed?.type === 'GROUP') {
      void Taro.navigateTo({ url: pageUrl(Route.groupDetail, { id: parsed.id }) })
    } else {
      toast(CHAT_TEXTS.dataError)
    }
  }

  function jumpTo(messageID: string): void {
    const found = room.messages.find((m) => m.ID === messageID)
    if (!found || found.isRevoked) {
      toast(CHAT_TEXTS.cannotLocate)
      return
    }
    const id = `msg-${messageID.replace(/[^A-Za-z0-9_-]/g, '_')}`
    setScrollTo('')
    setTimeout(() => setScrollTo(id), 0)
    setBlinkID(messageID)
    setTimeout(
      () => setBlinkID((current) => (current === messageID ? '' : current)),
      ChatLimits.blinkMs,
    )
  }

  async function openMenu(
    m: Message,
    actions: {
      quote: (q: Quote) => void
      /** 转发 (one message to the target picker) and 多选 (features/chat/useMultiSelect). */
      forward?: (m: Message) => void
      multiSelect?: (m: Message) => void
    },
  ): Promise<void> {
    const items: string[] = []
    // Gift cards (giveBook, sendDoc) are not copied, forwarded or revoked: the card is the gift's
    // record in the chat, for both sides, until and after it is settled.
    const gift = isGiftMessage(m)
    if (m.type === 'TIMTextElem' && !gift) items.push('复制')
    if (actions.forward && canForward(m)) items.push('转发')
    if (actions.multiSelect) items.push('多选')
    if (m.status === 'success') items.push('引用')
    if (!gift && m.flow === 'out' && m.status === 'success' && canStillRevoke(m.time, nowSec())) {
      items.push('撤回')
    }
    if (mayReactTo(m)) items.push('回应')
    items.push('删除')
    const chosen = await chooseFromSheet(items)
    if (chosen === '复制') {
      await Taro.setClipboardData({ data: String(m.payload.text ?? '') }).catch(() =>
        toast('此机型暂不支持复制功能'),
      )
    } else if (chosen === '转发') {
      actions.forward?.(m)
    } else if (chosen === '多选') {
      actions.multiSelect?.(m)
    } else if (chosen === '回应') {
      reactions.pick(m)
    } else if (chosen === '引用') {
      actions.quote(quoteOf(m, room.me))
    } else if (chosen === '撤回') {
      const failure = await room.revoke(m)
      if (failure) toast(chatErrorText(failure))
    } else if (chosen === '删除') {
      const failure = await room.deleteForMe(m)
      if (failure) toast(chatErrorText(failure))
    }
  }

  return {
    room,
    target,
    conversation: live,
    group,
    error,
    blinkID,
    scrollTo,
    setScrollTo,
    more,
    jumpTo,
    /** The message menu, opened by MessageItem's long press or right click. */
    menu: openMenu,
    async resend(m: Message) {
      const { confirm } = await Taro.showModal({ title: '提示', content: CHAT_TEXTS.resendConfirm })
      if (!confirm) return
      // A flagged message goes again as a new one (its ID is stored); a failed one as itself.
      if (m.hasRiskContent) {
        const problem = await resendFlagged(room, m)
        if (problem) toast(problem)
        return
      }
      const failure = await room.send(m)
      if (failure) toast(chatErrorText(failure))
    },
  }
}
