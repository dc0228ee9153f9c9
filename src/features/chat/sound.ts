/**
 * When an incoming message plays the new-message sound (issue 30): one-to-one chats always (also
 * when muted), groups when the reader is notified (AcceptAndNotify), or, muted (AcceptNotNotify),
 * when the message @-mentions the reader or @所有人; system messages (group tips, the tip lines of
 * custom messages) never. Pure.
 */
import type { Conversation, Message } from '@/TUIKit/engine/types'
import { MSG_AT_ALL } from '@rules/chat'
import { customTipText } from './groupTips'

type Incoming = Pick<Message, 'flow' | 'from' | 'type' | 'conversationType' | 'payload'> & {
  atUserList?: string[]
}

/** A message the system wrote: a group tip, a tip line, or one of Tencent's system notices. */
function isSystem(m: Incoming): boolean {
  const type: string = m.type
  if (type === 'TIMGroupTipElem' || type === 'TIMGroupSystemNoticeElem') return true
  return type === 'TIMCustomElem' && customTipText(m.payload) !== null
}

export function shouldChime(
  message: Incoming,
  conversation: Pick<Conversation, 'isMuted'> | undefined,
  me: string,
): boolean {
  if (message.flow !== 'in' || message.from === me || isSystem(message)) return false
  // Tencent's system conversation (@TIM#SYSTEM) is neither C2C nor GROUP.
  const kind: string = message.conversationType
  if (kind === 'C2C') return true
  if (kind !== 'GROUP') return false
  if (!conversation?.isMuted) return true
  const at = message.atUserList ?? []
  return (me !== '' && at.includes(me)) || at.includes(MSG_AT_ALL)
}
