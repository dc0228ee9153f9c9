import type { ChatMessage } from '@/types/api/chat'
import type { ChatFailure, ChatResult, Message } from './types'

export const ok = <T>(data: T): ChatResult<T> => ({ code: 0, data })

/** Rejects as the SDK does: with the result. */
export const fail = (failure: ChatFailure): Promise<never> => Promise.reject(failure)

let counter = 0
/** `<userID>-<time>-<random><counter>`: unique per sender, the gateway's idempotency key. */
export function newMessageID(userID: string): string {
  counter = (counter + 1) % 1_000_000
  const random = Math.floor(Math.random() * 1e9).toString(36)
  return `${userID}-${Date.now().toString(36)}-${random}${counter.toString(36)}`
}

/** The conversation a C2C message belongs to, seen from `me`. */
export function conversationOf(
  message: Pick<ChatMessage, 'conversationType' | 'conversationID' | 'from' | 'to'>,
  me: string,
): string {
  if (message.conversationType !== 'C2C') return message.conversationID
  return `C2C${message.from === me ? message.to : message.from}`
}

/** A stored message as this reader's SDK object. */
export function toMessage(wire: ChatMessage, me: string): Message {
  return {
    ...wire,
    conversationID: conversationOf(wire, me),
    flow: wire.from === me ? 'out' : 'in',
    status: 'success',
    progress: 1,
  }
}
