/** Operations on sent messages: revoke (the sender, for everyone) and delete (for oneself). */
import { and, eq, inArray, ne } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { MESSAGE_INVALID, type ChatMessage } from '@api/chat'
import { canStillRevoke, ChatErrors } from '@rules/chat'
import type { AppContext } from '../context'
import type { Db } from '../db/client'
import { chatMembers, chatMessageDeletions, chatMessages, users } from '../db/schema'
import { inTx } from '../db/tx'
import { forbidden, notFound } from '../http/errors'
import { chatError, NOT_YOUR_MESSAGE } from './errors'
import { messageColumns, senderJoin, toChatMessage, type MessageRow } from './messageView'
import { pushRevoked } from './pushes'

const mine = alias(chatMembers, 'mine')
const other = alias(chatMembers, 'other')

/** Messages by client ID in conversations the caller is a member of, with the peer of each. */
async function membersMessages(
  db: Db,
  me: number,
  clientIds: string[],
): Promise<Array<MessageRow & { peerId: number }>> {
  const rows = await db
    .select({ ...messageColumns, peerId: other.userId })
    .from(chatMessages)
    .innerJoin(users, senderJoin)
    .innerJoin(mine, and(eq(mine.conversationId, chatMessages.conversationId), eq(mine.userId, me)))
    .innerJoin(
      other,
      and(eq(other.conversationId, chatMessages.conversationId), ne(other.userId, me)),
    )
    .where(inArray(chatMessages.clientId, clientIds))
  return rows
}

/** Only the sender revokes; anyone else who is not a member does not learn the message exists. */
export async function revokeMessage(
  app: AppContext,
  me: number,
  clientId: string,
): Promise<ChatMessage> {
  const now = new Date(app.clock.now())
  const out = await inTx(app.db, async (tx) => {
    const [found] = await membersMessages(tx, me, [clientId])
    if (!found) throw notFound(MESSAGE_INVALID)
    if (found.senderId !== me) throw forbidden(NOT_YOUR_MESSAGE)
    if (found.revokedAt !== null) return { row: found, changed: false }
    const sentSec = Math.floor(found.createdAt.getTime() / 1000)
    if (!canStillRevoke(sentSec, Math.floor(now.getTime() / 1000))) {
      throw chatError(ChatErrors.revokeTooLate)
    }
    await tx
      .update(chatMessages)
      .set({ revokedAt: now, revokerId: me })
      .where(eq(chatMessages.id, found.id))
    return { row: { ...found, revokedAt: now, revokerId: me }, changed: true }
  })
  if (out.changed) pushRevoked(app, out.row, out.row.peerId)
  return toChatMessage(out.row, me, out.row.peerId)
}

/** Deletes messages for the caller only; every ID must be one of their conversations'. */
export async function deleteMessages(
  app: AppContext,
  me: number,
  clientIds: string[],
): Promise<void> {
  const wanted = [...new Set(clientIds)]
  const now = new Date(app.clock.now())
  await inTx(app.db, async (tx) => {
    const found = await membersMessages(tx, me, wanted)
    if (found.length !== wanted.length) throw notFound(MESSAGE_INVALID)
    await tx
      .insert(chatMessageDeletions)
      .values(found.map((row) => ({ messageId: row.id, userId: me, createdAt: now })))
      .onConflictDoNothing()
  })
}
