/**
 * Forwarding (chat-spec section 7): 逐条转发 sends a copy of a message the sender sees, 合并转发
 * (merged.ts) a card whose messages are snapshotted. Only messages the sender sees now in their
 * history (messageOps.ts membersMessages, the history rules), never a revoked one, one flagged
 * risky, a group tip or a gift card; any other ID is refused as if it did not exist (404
 * 该消息不存在) and nothing is stored. A copy carries the STORED type and payload, never the
 * client's, and goes through the normal send path (limits, payload rules, moderation).
 */
import { MESSAGE_INVALID, type MessageType } from '@api/chat'
import type { Db } from '../db/client'
import { notFound } from '../http/errors'
import { membersMessages, type Found } from './messageOps'
import { isGiftCard } from './payload'
import type { OutgoingMessage } from './send'
import { checkMergedCard, snapshotOf } from './merged'

/** What a refused forward answers: the same as a message that does not exist. */
export const notForwardable = () => notFound(MESSAGE_INVALID)

/** Whether a message the sender sees may be forwarded (alone or merged). */
export function mayForward(row: Pick<Found, 'revokedAt' | 'hasRiskContent' | 'type' | 'payload'>) {
  if (row.revokedAt !== null || row.hasRiskContent) return false
  if (row.type === 'TIMGroupTipElem') return false
  return !(row.type === 'TIMCustomElem' && isGiftCard(row.payload))
}

/** The messages `clientIds` as `me` sees them now, all forwardable (else 404): one query. */
export async function forwardableMessages(
  db: Db,
  me: number,
  clientIds: string[],
): Promise<Found[]> {
  const wanted = [...new Set(clientIds)]
  const rows = await membersMessages(db, me, wanted, true)
  if (rows.length !== wanted.length || !rows.every(mayForward)) throw notForwardable()
  return rows
}

/** A reader's send as the server makes it: the message to send, and what it also stores. */
export interface Forwarding {
  message: OutgoingMessage
  /** Bytes stored besides the message (a merged snapshot), counted by the byte budgets. */
  bytes: number
  /** Inside the send's transaction, before the message: a merged message's snapshot. */
  store?: (tx: Db, now: Date) => Promise<void>
}

/**
 * A forward (forwardOf: the original's stored type and payload, its @ list dropped) or a merged
 * message (TIMRelayElem: merged.ts); null for any other send.
 */
export async function forwarding(
  db: Db,
  me: number,
  message: OutgoingMessage,
): Promise<Forwarding | null> {
  if (message.forwardOf !== undefined) {
    const [original] = await forwardableMessages(db, me, [message.forwardOf])
    const { forwardOf: _original, ...rest } = message
    const { atUserList: _mentions, ...payload } = original.payload
    return {
      message: { ...rest, type: original.type as MessageType, payload: structuredClone(payload) },
      bytes: 0,
    }
  }
  if (message.type !== 'TIMRelayElem') return null
  const card = checkMergedCard(message.payload)
  const merged = snapshotOf(me, card, await forwardableMessages(db, me, card.messageIDList))
  return {
    message: { ...message, payload: merged.payload },
    bytes: merged.bytes,
    store: merged.store,
  }
}
