/**
 * Operations on sent messages: revoke (for everyone) and delete (for oneself). The sender revokes
 * their own message within the window; in a group the owner also revokes anyone's and an admin a
 * plain member's, at any time (moderation).
 */
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { MESSAGE_INVALID, type ChatMessage } from '@api/chat'
import { canStillRevoke, ChatErrors } from '@rules/chat'
import { GiftText } from '@rules/gifts'
import type { AppContext } from '../context'
import type { Db } from '../db/client'
import {
  chatConversations,
  chatMembers,
  chatMessageDeletions,
  chatMessages,
  groupMembers,
  readingGroups,
  users,
} from '../db/schema'
import { inTx } from '../db/tx'
import { badRequest, forbidden, notFound } from '../http/errors'
import { whoOfKey, type ConversationWho } from './conversations'
import { chatError, NOT_YOUR_MESSAGE } from './errors'
import { messageColumns, senderJoin, toChatMessage, type MessageRow } from './messageView'
import { isGiftCard } from './payload'
import { pushRevoked } from './pushes'

const mine = alias(chatMembers, 'mine')

export type Found = MessageRow & { who: ConversationWho; leftSeq: number | null }

/**
 * Messages by client ID that the caller sees: in their conversations and, in a group, after they
 * joined and up to where they left. `asHistory` (forwarding, reactions): only what their history
 * shows now, so also not before their clear of a C2C conversation and not deleted for them.
 */
export async function membersMessages(
  db: Db,
  me: number,
  clientIds: string[],
  asHistory = false,
): Promise<Found[]> {
  const rows = await db
    .select({ ...messageColumns, key: chatConversations.key, leftSeq: mine.leftSeq })
    .from(chatMessages)
    .innerJoin(users, senderJoin)
    .innerJoin(mine, and(eq(mine.conversationId, chatMessages.conversationId), eq(mine.userId, me)))
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(
      and(
        inArray(chatMessages.clientId, clientIds),
        or(
          eq(chatConversations.type, 'C2C'),
          and(
            gt(chatMessages.seq, mine.clearedSeq),
            sql`(${mine.leftSeq} is null or ${chatMessages.seq} <= ${mine.leftSeq})`,
          ),
        ),
        asHistory ? gt(chatMessages.seq, mine.clearedSeq) : undefined,
        asHistory
          ? sql`not exists (select 1 from ${chatMessageDeletions}
              where ${chatMessageDeletions.messageId} = ${chatMessages.id}
              and ${chatMessageDeletions.userId} = ${me})`
          : undefined,
      ),
    )
  return rows.map(({ key, ...row }) => ({ ...row, who: whoOfKey(key) }))
}

type Role = 'owner' | 'admin' | 'member'

/** The caller's role in the group, refusing who is no longer in it. */
async function activeRole(db: Db, groupId: number, me: number, found: Found): Promise<Role> {
  const [row] = await db
    .select({ disbandedAt: readingGroups.disbandedAt, role: groupMembers.role })
    .from(readingGroups)
    .leftJoin(
      groupMembers,
      and(eq(groupMembers.groupId, readingGroups.id), eq(groupMembers.userId, me)),
    )
    .where(eq(readingGroups.id, groupId))
  if (row?.disbandedAt) throw chatError(ChatErrors.groupGone)
  if (!row?.role || found.leftSeq !== null) throw chatError(ChatErrors.removed)
  return row.role
}

async function roleOf(db: Db, groupId: number, userId: number): Promise<Role | null> {
  const [row] = await db
    .select({ role: groupMembers.role })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
  return row?.role ?? null
}

/** Whether `me` may revoke someone else's message in the group. */
async function mayModerate(db: Db, groupId: number, myRole: Role, senderId: number) {
  if (myRole === 'owner') return true
  if (myRole !== 'admin') return false
  const theirs = await roleOf(db, groupId, senderId)
  return theirs === null || theirs === 'member'
}

/** Who sees a group message (to tell them it was revoked). */
async function groupReaders(db: Db, row: MessageRow): Promise<number[]> {
  const rows = await db
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(
      and(
        eq(chatMembers.conversationId, row.conversationId),
        sql`${chatMembers.clearedSeq} < ${row.seq}`,
        or(isNull(chatMembers.leftSeq), sql`${chatMembers.leftSeq} >= ${row.seq}`),
      ),
    )
  return rows.map((r) => r.userId)
}

/** Anyone who does not see the message does not learn it exists (404). */
export async function revokeMessage(
  app: AppContext,
  me: number,
  clientId: string,
): Promise<ChatMessage> {
  const now = new Date(app.clock.now())
  const out = await inTx(app.db, async (tx) => {
    const [found] = await membersMessages(tx, me, [clientId])
    if (!found) throw notFound(MESSAGE_INVALID)
    const who = found.who
    let myRole: Role | null = null
    if (who.type === 'GROUP') myRole = await activeRole(tx, who.groupId, me, found)
    if (found.senderId !== me) {
      const allowed =
        who.type === 'GROUP' &&
        myRole !== null &&
        (await mayModerate(tx, who.groupId, myRole, found.senderId))
      if (!allowed) throw forbidden(NOT_YOUR_MESSAGE)
    }
    if (found.revokedAt !== null) return { row: found, changed: false }
    if (found.type === 'TIMCustomElem' && isGiftCard(found.payload as Record<string, unknown>)) {
      throw badRequest(GiftText.noRevoke)
    }
    const sentSec = Math.floor(found.createdAt.getTime() / 1000)
    if (found.senderId === me && !canStillRevoke(sentSec, Math.floor(now.getTime() / 1000))) {
      throw chatError(ChatErrors.revokeTooLate)
    }
    await tx
      .update(chatMessages)
      .set({ revokedAt: now, revokerId: me })
      .where(eq(chatMessages.id, found.id))
    return { row: { ...found, revokedAt: now, revokerId: me }, changed: true }
  })
  const { row } = out
  if (out.changed) {
    const others =
      row.who.type === 'GROUP'
        ? await groupReaders(app.db, row)
        : [row.who.users[0] === row.senderId ? row.who.users[1] : row.who.users[0]]
    pushRevoked(app, row, row.who, others)
  }
  return toChatMessage(row, me, row.who)
}

/** Deletes messages for the caller only; every ID must be one they see. */
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
