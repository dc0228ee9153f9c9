/**
 * The pushes the gateway sends. C2C: built per member (each sees the conversation from their
 * side). GROUP: one frame for all the members who see it, serialised once (hub.ts).
 */
import type { ChatConversation } from '@api/chat'
import type { AppContext } from '../context'
import type { ConversationWho } from './conversations'
import type { Delivery } from './hub'
import { toChatMessage, type MessageRow } from './messageView'

/**
 * A new message to its sender's other connections and to `recipients` (C2C: the peer; GROUP: the
 * other active members); the sender's connection that sent it has the ack instead.
 */
export function pushMessage(
  app: AppContext,
  row: MessageRow,
  who: ConversationWho,
  recipients: readonly number[],
  exceptConn?: string,
): void {
  const sender = row.senderId
  if (who.type === 'GROUP') {
    const frame = { op: 'message' as const, message: toChatMessage(row, sender, who) }
    app.chat.fanout.publish([{ userIds: [sender, ...recipients], frame, exceptConn }])
    return
  }
  app.chat.fanout.publish([
    ...recipients.map((userId) => ({
      userId,
      frame: { op: 'message' as const, message: toChatMessage(row, userId, who) },
    })),
    {
      userId: sender,
      frame: { op: 'message', message: toChatMessage(row, sender, who) },
      exceptConn,
    },
  ])
}

/**
 * A revoked message to every connection of the sender and of `others` (C2C: the peer; GROUP:
 * every member who sees that message). The sender keeps the payload; the others do not.
 */
export function pushRevoked(
  app: AppContext,
  row: MessageRow,
  who: ConversationWho,
  others: readonly number[],
): void {
  const sender = row.senderId
  const deliveries: Delivery[] = [
    { userId: sender, frame: { op: 'revoked', message: toChatMessage(row, sender, who) } },
  ]
  const rest = others.filter((userId) => userId !== sender)
  if (who.type === 'GROUP') {
    // Not the sender: every other member sees the same message.
    const frame = { op: 'revoked' as const, message: toChatMessage(row, -1, who) }
    if (rest.length > 0) deliveries.push({ userIds: rest, frame })
  } else {
    for (const userId of rest) {
      deliveries.push({
        userId,
        frame: { op: 'revoked', message: toChatMessage(row, userId, who) },
      })
    }
  }
  app.chat.fanout.publish(deliveries)
}

/**
 * A message whose payload the server changed (a gift card settled), as it is now, to every
 * connection of each of `userIds` (C2C: both sides), each seeing it from their side.
 */
export function pushModified(
  app: AppContext,
  row: MessageRow,
  who: ConversationWho,
  userIds: readonly number[],
): void {
  if (who.type === 'GROUP') {
    const frame = { op: 'modified' as const, message: toChatMessage(row, -1, who) }
    app.chat.fanout.publish([{ userIds: [...userIds], frame }])
    return
  }
  app.chat.fanout.publish(
    userIds.map((userId) => ({
      userId,
      frame: { op: 'modified' as const, message: toChatMessage(row, userId, who) },
    })),
  )
}

/**
 * A message moderation flagged after it was sent (hasRiskContent), as `modified`, to every
 * connection of `readers`: its sender keeps its content, the others get it emptied (messageView.ts).
 */
export function pushRiskFlagged(
  app: AppContext,
  row: MessageRow,
  who: ConversationWho,
  readers: readonly number[],
): void {
  const sender = row.senderId
  const deliveries: Delivery[] = [
    { userId: sender, frame: { op: 'modified', message: toChatMessage(row, sender, who) } },
  ]
  const others = readers.filter((userId) => userId !== sender)
  if (who.type === 'GROUP') {
    const frame = { op: 'modified' as const, message: toChatMessage(row, -1, who) }
    if (others.length > 0) deliveries.push({ userIds: others, frame })
  } else {
    for (const userId of others) {
      deliveries.push({
        userId,
        frame: { op: 'modified', message: toChatMessage(row, userId, who) },
      })
    }
  }
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

/** Each member's own view of a conversation (a group's, after a change to it). */
export function pushConversations(
  app: AppContext,
  views: ReadonlyMap<number, ChatConversation>,
): void {
  const deliveries: Delivery[] = []
  for (const [userId, conversation] of views) {
    deliveries.push({ userId, frame: { op: 'conversation', conversation } })
  }
  if (deliveries.length > 0) app.chat.fanout.publish(deliveries)
}

/**
 * A book-friend request reached `userId` (after its commit): a small frame to their every
 * connection, on every process, so the 会话 tab badges while they are elsewhere in the app.
 */
export function pushFriendApplication(app: AppContext, userId: number): void {
  app.chat.fanout.publish([{ userId, frame: { op: 'friendApplication' } }])
}
