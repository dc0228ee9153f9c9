/** The pushes the gateway sends: built per member (each sees the conversation from their side). */
import type { ChatConversation } from '@api/chat'
import type { AppContext } from '../context'
import type { Delivery } from './hub'
import { toChatMessage, type MessageRow } from './messageView'

/** A new message to both members; the sender's connection that sent it has the ack instead. */
export function pushMessage(
  app: AppContext,
  row: MessageRow,
  peerId: number,
  exceptConn?: string,
): void {
  const sender = row.senderId
  app.chat.fanout.publish([
    { userId: peerId, frame: { op: 'message', message: toChatMessage(row, peerId, sender) } },
    {
      userId: sender,
      frame: { op: 'message', message: toChatMessage(row, sender, peerId) },
      exceptConn,
    },
  ])
}

/** A revoked message to every connection of both members. */
export function pushRevoked(app: AppContext, row: MessageRow, peerId: number): void {
  const deliveries: Delivery[] = [
    {
      userId: row.senderId,
      frame: { op: 'revoked', message: toChatMessage(row, row.senderId, peerId) },
    },
    { userId: peerId, frame: { op: 'revoked', message: toChatMessage(row, peerId, row.senderId) } },
  ]
  app.chat.fanout.publish(deliveries)
}

export function pushConversation(
  app: AppContext,
  userId: number,
  conversation: ChatConversation,
  removed: boolean,
): void {
  app.chat.fanout.publish([
    { userId, frame: { op: 'conversation', conversation, ...(removed ? { removed } : {}) } },
  ])
}
