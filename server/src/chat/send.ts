/**
 * Sending a message: idempotent by the client's message ID, sequenced per conversation. C2C: to
 * the peer (not when they blocked the sender). GROUP: from an active member who is not muted (nor
 * silenced by mute-all), to every other active member; the rules are read at send time, so a mute
 * or a removal made by any process holds from the next send. What a reader sends is held to the
 * send limits (sendLimits.ts: rates, byte budgets, the stranger rule); what the server writes is not.
 */
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import type { Static } from '@sinclair/typebox'
import { CONVERSATION_INVALID } from '@api/chat'
import type { SendFrame } from '@api/chatFrames'
import { CHAT_TEXTS, ChatErrors, MSG_AT_ALL } from '@rules/chat'
import type { AppContext } from '../context'
import type { Db } from '../db/client'
import {
  blocks,
  chatConversations,
  chatMembers,
  chatMessages,
  groupMembers,
  readingGroups,
  users,
} from '../db/schema'
import { findLiveUserById } from '../db/users'
import { inTx } from '../db/tx'
import { badRequest, notFound } from '../http/errors'
import {
  ensureConversation,
  groupConversationKey,
  targetOf,
  whoOfKey,
  type ConversationWho,
  type Target,
} from './conversations'
import { chatError, ID_TAKEN } from './errors'
import { forwarding, type Forwarding } from './forward'
import { checkAfterSend, refuseRiskyReply } from './moderation'
import { messageColumns, senderJoin, type MessageRow } from './messageView'
import { checkPayload } from './payload'
import { refuseOverSendRate, refuseStranger, sentBytes } from './sendLimits'

export type OutgoingMessage = Static<typeof SendFrame>['message']

export interface Sent {
  row: MessageRow
  who: ConversationWho
  /** Who it is pushed to besides the sender: the peer, or the group's other active members. */
  recipients: number[]
  /** false: the ID was already stored (a resend), nothing new was written. */
  created: boolean
}

async function storedById(db: Db, clientId: string) {
  const rows = await db
    .select({ ...messageColumns, key: chatConversations.key })
    .from(chatMessages)
    .innerJoin(users, senderJoin)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(eq(chatMessages.clientId, clientId))
  return rows[0]
}

/** A resend answers the stored message; someone else's ID is refused. */
async function resent(db: Db, me: number, clientId: string): Promise<Sent | null> {
  const found = await storedById(db, clientId)
  if (!found) return null
  if (found.senderId !== me) throw badRequest(ID_TAKEN)
  const { key, ...row } = found
  return { row, who: whoOfKey(key), recipients: [], created: false }
}

const isUniqueViolation = (err: unknown): boolean => {
  for (let cur = err, depth = 0; cur && depth < 4; depth++) {
    if ((cur as { code?: unknown }).code === '23505') return true
    cur = (cur as { cause?: unknown }).cause
  }
  return false
}

export interface SendOptions {
  /**
   * The server writes this message as `me` (a gift's card): cards clients may not send pass, and it
   * is written inside the caller's transaction `tx` (a savepoint), so it commits with the caller's
   * work or not at all. The caller pushes it after the commit. The send limits do not apply.
   */
  server?: { tx: Db }
}

export async function sendMessage(
  app: AppContext,
  me: number,
  message: OutgoingMessage,
  opts: SendOptions = {},
): Promise<Sent> {
  if (!message.ID.startsWith(`${me}-`)) throw badRequest(ID_TAKEN)
  const db = opts.server?.tx ?? app.db
  const again = await resent(db, me, message.ID)
  if (again) return again
  const target = targetOf(me, message.conversationID)
  // A forward or a merged message: what the server sends instead (forward.ts).
  const forward = opts.server ? null : await forwarding(db, me, message)
  if (forward) message = forward.message
  const payload = await checkPayload(db, message.type, message.payload, {
    serverAuthored: opts.server !== undefined,
    storage: app.storage,
    // What the server writes is not moderated; a reader's message is.
    moderator: opts.server ? undefined : app.moderation.moderator,
  })
  if (!opts.server) await refuseRiskyReply(app.moderation.moderator, message.cloudCustomData)
  // An @ list means something in groups only.
  if (target.type === 'C2C') delete payload.atUserList
  if (opts.server) {
    return inTx(db, (tx) => insertMessage(app, tx, me, target, message, payload, false))
  }
  try {
    const sent = await inTx(db, (tx) =>
      insertMessage(app, tx, me, target, message, payload, true, forward),
    )
    // Committed: audio, video and files are checked now, in the background (moderation.ts).
    checkAfterSend(app, sent)
    return sent
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

/** The next sequence of the conversation; the row lock taken orders its sends (and removals). */
export async function nextSeq(tx: Db, conversationId: number, now: Date): Promise<number> {
  const [{ seq }] = await tx
    .update(chatConversations)
    .set({ lastSeq: sql`${chatConversations.lastSeq} + 1`, lastAt: now })
    .where(eq(chatConversations.id, conversationId))
    .returning({ seq: chatConversations.lastSeq })
  return seq
}

export interface NewMessage {
  clientId: string
  senderId: number
  type: string
  payload: Record<string, unknown>
  cloudCustomData: string
  /** A reader's send, in bytes (counted by the send limits); absent for what the server writes. */
  sentBytes?: number | null
  /** Read receipts asked for (and enabled by the server). */
  needReadReceipt?: boolean
}

/** Inserts the message at `seq` and marks it read for its sender; answers the stored row. */
export async function storeMessage(
  tx: Db,
  conversationId: number,
  seq: number,
  values: NewMessage,
  now: Date,
): Promise<MessageRow> {
  const [inserted] = await tx
    .insert(chatMessages)
    .values({ conversationId, seq, ...values, createdAt: now })
    .returning({ id: chatMessages.id })
  await tx
    .update(chatMembers)
    .set({ readSeq: seq, unread: 0 })
    .where(
      and(eq(chatMembers.conversationId, conversationId), eq(chatMembers.userId, values.senderId)),
    )
  const [row] = await tx
    .select(messageColumns)
    .from(chatMessages)
    .innerJoin(users, senderJoin)
    .where(eq(chatMessages.id, inserted.id))
  return row
}

/**
 * Unread +1 for every active member of a group conversation but the sender, in one statement;
 * answers who they are (the push's recipients).
 */
export async function countUnreadForOthers(
  tx: Db,
  conversationId: number,
  senderId: number,
): Promise<number[]> {
  const rows = await tx
    .update(chatMembers)
    .set({ unread: sql`${chatMembers.unread} + 1` })
    .where(
      and(
        eq(chatMembers.conversationId, conversationId),
        ne(chatMembers.userId, senderId),
        isNull(chatMembers.leftSeq),
      ),
    )
    .returning({ userId: chatMembers.userId })
  return rows.map((r) => r.userId)
}

async function insertMessage(
  app: AppContext,
  tx: Db,
  me: number,
  target: Target,
  message: OutgoingMessage,
  payload: Record<string, unknown>,
  /** A reader's own send: the send limits apply (a server-written message: false). */
  limited: boolean,
  /** A merged message's snapshot: counted in its bytes, stored with it. */
  forward: Forwarding | null = null,
): Promise<Sent> {
  const now = new Date(app.clock.now())
  const values = fromClient(me, message, payload)
  if (!app.config.chatReadReceipts) values.needReadReceipt = false
  if (limited) {
    values.sentBytes = sentBytes(payload, values.cloudCustomData) + (forward?.bytes ?? 0)
    if (app.config.chatSendRates) await refuseOverSendRate(tx, me, values.sentBytes, now.getTime())
  }
  await forward?.store?.(tx, now)
  if (target.type === 'GROUP') return insertGroupMessage(tx, me, target.groupId, values, now)
  const peerId = target.peerId
  const peer = await findLiveUserById(tx, peerId)
  if (!peer) throw notFound(CHAT_TEXTS.userNotFound)
  const blocked = await tx
    .select({ one: sql`1` })
    .from(blocks)
    .where(and(eq(blocks.blockerId, peerId), eq(blocks.blockedId, me)))
  if (blocked.length > 0) throw chatError(ChatErrors.blocked)
  const conv = await ensureConversation(tx, me, message.conversationID, now)
  const seq = await nextSeq(tx, conv.id, now)
  if (limited) await refuseStranger(tx, me, peer, conv.id)
  const row = await storeMessage(tx, conv.id, seq, values, now)
  await tx
    .update(chatMembers)
    .set({ unread: sql`${chatMembers.unread} + 1` })
    .where(and(eq(chatMembers.conversationId, conv.id), eq(chatMembers.userId, peerId)))
  return { row, who: conv.who, recipients: [peerId], created: true }
}

const fromClient = (
  me: number,
  message: OutgoingMessage,
  payload: Record<string, unknown>,
): NewMessage => ({
  clientId: message.ID,
  senderId: me,
  type: message.type,
  payload,
  cloudCustomData: message.cloudCustomData ?? '',
  needReadReceipt: message.needReadReceipt === true,
})

async function insertGroupMessage(
  tx: Db,
  me: number,
  groupId: number,
  values: NewMessage,
  now: Date,
): Promise<Sent> {
  const payload = values.payload
  const [conv] = await tx
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(eq(chatConversations.key, groupConversationKey(groupId)))
  if (!conv) throw notFound(CONVERSATION_INVALID)
  // Taken first: a removal (which locks this row too) is then either wholly before this send,
  // and seen by the checks below, or after it.
  const seq = await nextSeq(tx, conv.id, now)
  const [state] = await tx
    .select({
      disbandedAt: readingGroups.disbandedAt,
      muteAll: readingGroups.muteAll,
      role: groupMembers.role,
      muteUntil: groupMembers.muteUntil,
      leftSeq: chatMembers.leftSeq,
      inChat: chatMembers.userId,
    })
    .from(readingGroups)
    .leftJoin(
      groupMembers,
      and(eq(groupMembers.groupId, readingGroups.id), eq(groupMembers.userId, me)),
    )
    .leftJoin(chatMembers, and(eq(chatMembers.conversationId, conv.id), eq(chatMembers.userId, me)))
    .where(eq(readingGroups.id, groupId))
  if (!state) throw notFound(CONVERSATION_INVALID)
  if (state.disbandedAt) throw chatError(ChatErrors.groupGone)
  if (!state.role || state.inChat === null || state.leftSeq !== null) {
    throw chatError(ChatErrors.removed)
  }
  if (state.muteUntil && state.muteUntil.getTime() > now.getTime()) {
    throw chatError(ChatErrors.muted)
  }
  const manager = state.role === 'owner' || state.role === 'admin'
  if (state.muteAll && !manager) throw chatError(ChatErrors.mutedAll)
  const at = await mentions(tx, conv.id, me, payload, manager)
  if (at.list.length > 0) payload.atUserList = at.list
  else delete payload.atUserList
  const row = await storeMessage(tx, conv.id, seq, values, now)
  const recipients = await countUnreadForOthers(tx, conv.id, me)
  if (at.all || at.users.length > 0) {
    await tx
      .update(chatMembers)
      .set({ atSeq: seq })
      .where(
        and(
          eq(chatMembers.conversationId, conv.id),
          ne(chatMembers.userId, me),
          isNull(chatMembers.leftSeq),
          at.all ? undefined : inArray(chatMembers.userId, at.users),
        ),
      )
  }
  return { row, who: { type: 'GROUP', groupId }, recipients, created: true }
}

/**
 * A text's @ list kept to active members (and @所有人, which only the owner and admins may use):
 * the stored list, whether it is @所有人, and the members it notifies.
 */
async function mentions(
  tx: Db,
  conversationId: number,
  me: number,
  payload: Record<string, unknown>,
  manager: boolean,
): Promise<{ list: string[]; all: boolean; users: number[] }> {
  const asked = Array.isArray(payload.atUserList) ? (payload.atUserList as string[]) : []
  const all = asked.includes(MSG_AT_ALL)
  if (all && !manager) throw chatError(ChatErrors.atAllRefused)
  const ids = [
    ...new Set(
      asked.filter((id) => /^[1-9][0-9]{0,9}$/.test(id) && Number(id) <= 2_147_483_647).map(Number),
    ),
  ]
  const active =
    ids.length === 0
      ? []
      : await tx
          .select({ userId: chatMembers.userId })
          .from(chatMembers)
          .where(
            and(
              eq(chatMembers.conversationId, conversationId),
              inArray(chatMembers.userId, ids),
              isNull(chatMembers.leftSeq),
            ),
          )
  const kept = new Set(active.map((r) => r.userId))
  const users = ids.filter((id) => kept.has(id))
  const list = [...(all ? [MSG_AT_ALL] : []), ...users.map(String)]
  return { list, all, users: users.filter((id) => id !== me) }
}
