/**
 * 多选 and forwarding on the chat page: the ticked messages, the bottom panel's choice (逐条转发 /
 * 合并转发), the target picker it opens, and the sending. The menu's 转发 opens the picker for one
 * message without the mode. The mode ends after forwarding and on 取消.
 */
import { useState } from 'react'
import { toast } from '@/core/toast'
import { useStores } from '@/stores'
import type { Conversation, Message } from '@/TUIKit/engine/types'
import { ChatLimits } from '@rules/chat'
import type { ChatRoom } from './ChatRoom'
import {
  canForward,
  forwardMessages,
  forwardProblem,
  FORWARD_TEXTS,
  type ForwardMode,
} from './forward'

export interface MultiSelect {
  /** 多选 is on: every message shows its tick. */
  active: boolean
  isTicked: (m: Message) => boolean
  /** The picker is open for this mode (null: closed). */
  picking: ForwardMode | null
  sending: boolean
  /** 多选 from a message's menu: the mode starts with that message ticked. */
  start: (m: Message) => void
  toggle: (m: Message) => void
  /** The menu's 转发: the picker for one message. */
  forwardOne: (m: Message) => void
  /** The panel's 逐条转发 / 合并转发: nothing ticked says 请选择消息. */
  ask: (mode: ForwardMode) => void
  /** The picker's 发送 (no target: nothing is sent). */
  send: (targetIDs: string[]) => Promise<void>
  closePicker: () => void
  cancel: () => void
}

/** `conversation`: the open one (its peer's name goes in a merged message's title). */
export function useMultiSelect(room: ChatRoom, conversation: Conversation | null): MultiSelect {
  const { session } = useStores()
  const [active, setActive] = useState(false)
  const [ticked, setTicked] = useState<readonly string[]>([])
  const [picking, setPicking] = useState<ForwardMode | null>(null)
  const [sending, setSending] = useState(false)

  const tickedMessages = (): Message[] => room.messages.filter((m) => ticked.includes(m.ID))

  function cancel(): void {
    setActive(false)
    setTicked([])
    setPicking(null)
  }

  return {
    active,
    isTicked: (m) => ticked.includes(m.ID),
    picking,
    sending,
    start(m) {
      setActive(true)
      setTicked(canForward(m) ? [m.ID] : [])
    },
    toggle(m) {
      if (!canForward(m)) return
      if (ticked.includes(m.ID)) {
        setTicked((list) => list.filter((id) => id !== m.ID))
      } else if (ticked.length >= ChatLimits.mergeMaxMessages) {
        toast(`最多选择${ChatLimits.mergeMaxMessages}条消息`)
      } else {
        setTicked((list) => [...list, m.ID])
      }
    },
    forwardOne(m) {
      if (!canForward(m)) return
      setTicked([m.ID])
      setPicking('one')
    },
    ask(mode) {
      const problem = forwardProblem(tickedMessages())
      if (problem) {
        toast(problem)
        return
      }
      setPicking(mode)
    },
    async send(targetIDs) {
      if (!picking || targetIDs.length === 0 || sending) return
      setSending(true)
      try {
        const failure = await forwardMessages(room, tickedMessages(), targetIDs, picking, {
          me: room.me,
          myName: session.user?.nickname ?? '',
          peerName: conversation?.remark || conversation?.userProfile.nick || '',
        })
        toast(failure ?? FORWARD_TEXTS.done)
      } finally {
        setSending(false)
        cancel()
      }
    },
    closePicker() {
      setPicking(null)
      // The menu's 转发 ticked its message without the mode: nothing stays ticked.
      if (!active) setTicked([])
    },
    cancel,
  }
}
