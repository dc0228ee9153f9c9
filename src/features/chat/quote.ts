/**
 * Quotes (chat-spec section 4): the reply reference rides in the message's cloudCustomData as
 * TUIKit writes it ({messageReply: {messageID, messageAbstract, messageSender, messageType, version}}).
 */
import type { Message } from '@/TUIKit/engine/types'
import { messageAbstract } from './abstract'

export interface MessageReply {
  messageID: string
  messageAbstract: string
  messageSender: string
  messageType: number
  version: number
}

/** TUIKit's quote type numbers (text 1, custom 2, image 3, sound 4, video 5, file 6, location 7, face 8, tips 9, merger 10). */
const QUOTE_TYPES: Record<string, number> = {
  TIMTextElem: 1,
  TIMCustomElem: 2,
  TIMImageElem: 3,
  TIMSoundElem: 4,
  TIMVideoFileElem: 5,
  TIMFileElem: 6,
  TIMLocationElem: 7,
  TIMFaceElem: 8,
  TIMGroupTipElem: 9,
  TIMRelayElem: 10,
}

/** What the quote bar holds (and a draft keeps). */
export interface Quote {
  messageID: string
  abstract: string
  sender: string
  messageType?: number
}

export function quoteOf(message: Message, me: string): Quote {
  return {
    messageID: message.ID,
    abstract: messageAbstract(message, me).slice(0, 100),
    sender: message.nick || message.from,
    messageType: QUOTE_TYPES[message.type] ?? 1,
  }
}

/** The cloudCustomData of a message that quotes. */
export function replyData(quote: Quote): string {
  const messageReply: MessageReply = {
    messageID: quote.messageID,
    messageAbstract: quote.abstract,
    messageSender: quote.sender,
    messageType: quote.messageType ?? 1,
    version: 1,
  }
  return JSON.stringify({ messageReply })
}

/** The reply a message carries, or null (malformed data counts as none). */
export function parseReply(cloudCustomData: string): MessageReply | null {
  if (!cloudCustomData) return null
  try {
    const parsed = JSON.parse(cloudCustomData) as { messageReply?: Partial<MessageReply> }
    const r = parsed?.messageReply
    if (!r || typeof r.messageID !== 'string') return null
    return {
      messageID: r.messageID,
      messageAbstract: String(r.messageAbstract ?? ''),
      messageSender: String(r.messageSender ?? ''),
      messageType: Number(r.messageType ?? 1),
      version: Number(r.version ?? 1),
    }
  } catch {
    return null
  }
}
