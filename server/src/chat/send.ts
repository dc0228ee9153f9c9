/** Sending a message: idempotent by the client's message ID, sequenced per conversation. */
import { and, eq, ne, sql } from 'drizzle-orm'
import type { Static } from '@sinclair/typebox'
import type { SendFrame } from '@api/chatFrames'
import { CHAT_TEXTS, ChatErrors } from '@rules/chat'
import type { AppContext } from '../context'
import type { Db } from '../db/client'
import { blocks, chatConversations, chatMembers, chatMessages, users } from '../db/schema'
import { findLiveUserById } from '../db/users'
import { inTx } from '../db/tx'
import { badRequest, notFound } from '../http/errors'
import { ensureConversation, peerOf } from './conversations'
import { chatError, ID_TAKEN } from './errors'
import { messageColumns, senderJoin, type MessageRow } from './messageView'
import { checkPayload } from './payload'

export type OutgoingMessage = Static<typeof SendFrame>['message']

export interface Sent {
  row: MessageRow
  peerId: number
  /** false: the ID was already stored (a resend), nothing new was written. */
  created: boolean
}

async function storedById(db: Db, clientId: string): Promise<MessageRow | undefined> {
  const rows = await db
    .select(messageColumns)
    .from(chatMessages)
    .innerJoin(users, senderJoin)
    .where(eq(chatMessages.clientId, clientId))
  return rows[0]
}

/** A resend answers the stored message; someone else's ID is refused. */
async function resent(db: Db, me: number, clientId: string): Promise<Sent | null> {
  const row = await storedById(db, clientId)
  if (!row) return null
  if (row.senderId !== me) throw badRequest(ID_TAKEN)
  const [peer] = await db
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(and(eq(chatMembers.conversationId, row.conversationId), ne(chatMembers.userId, me)))
  return { row, peerId: peer.userId, created: false }
}

const isUniqueViolation = (err: unknown): boolean => {
  for (let cur = err, depth = 0; cur && depth < 4; depth++) {
    if ((cur as { code?: unknown }).code === '23505') return true
    cur = (cur as { cause?: unknown }).cause
  }
  return false
}

export async function sendMessage(
  app: AppContext,
  me: number,
  message: OutgoingMessage,
): Promise<Sent> {
  if (!message.ID.startsWith(`${me}-`)) throw badRequest(ID_TAKEN)
  const again = await resent(app.db, me, message.ID)
  if (again) return again
  const peerId = peerOf(me, message.conversationID)
  const payload = await checkPayload(app.db, message.type, message.payload)
  try {
    return await inTx(app.db, (tx) => insertMessage(app, tx, me, peerId, message, payload))
  } catch (err) {
    // The same ID sent twice at once: the loser's transaction rolled back whole (its sequence
    // too), and it answers the winner's message.
    if (isUniqueViolation(err)) {
      const winner = await resent(app.db, me, message.ID)
      if (winner) return winner
    }
    throw err
  }
}

async function insertMessage(
  app: AppContext,
  tx: Db,
  me: number,
  peerId: number,
  message: OutgoingMessage,
  payload: Record<string, unknown>,
): Promise<Sent> {
  const now = new Date(app.clock.now())
  if (!(await findLiveUserById(tx, peerId))) throw notFound(CHAT_TEXTS.userNotFound)
  const blocked = await tx
    .select({ one: sql`1` })
    .from(blocks)
    .where(and(eq(blocks.blockerId, peerId), eq(blocks.blockedId, me)))
  if (blocked.length > 0) throw chatError(ChatErrors.blocked)
  const conv = await ensureConversation(tx, me, message.conversationID, now)
  // The row lock taken here orders the sends of one conversation: sequences commit in order.
  const [{ seq }] = await tx
    .update(chatConversations)
    .set({ lastSeq: sql`${chatConversations.lastSeq} + 1`, lastAt: now })
    .where(eq(chatConversations.id, conv.id))
    .returning({ seq: chatConversations.lastSeq })
  const [inserted] = await tx
    .insert(chatMessages)
    .values({
      conversationId: conv.id,
      seq,
      clientId: message.ID,
      senderId: me,
      type: message.type,
      payload,
      cloudCustomData: message.cloudCustomData ?? '',
      createdAt: now,
    })
    .returning({ id: chatMessages.id })
  await tx
    .update(chatMembers)
    .set({ readSeq: seq, unread: 0 })
    .where(and(eq(chatMembers.conversationId, conv.id), eq(chatMembers.userId, me)))
  await tx
    .update(chatMembers)
    .set({ unread: sql`${chatMembers.unread} + 1` })
    .where(and(eq(chatMembers.conversationId, conv.id), eq(chatMembers.userId, peerId)))
  const [row] = await tx
    .select(messageColumns)
    .from(chatMessages)
    .innerJoin(users, senderJoin)
    .where(eq(chatMessages.id, inserted.id))
  return { row, peerId, created: true }
}
