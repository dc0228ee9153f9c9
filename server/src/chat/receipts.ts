/**
 * Read receipts (chat-spec section 4): one row per message and reader in chat_message_receipts, so
 * counts are exact however many members read at once. A reader receipts messages they received
 * in conversations they are in; the sender reads the counts and, in a group, who read and who did
 * not. The sender is told live (a `receipt` push) after the receipts commit.
 */
import { and, asc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { MESSAGE_INVALID, type MessageReceipt, type ReadMemberListRes } from '@api/chat'
import type { AppContext } from '../context'
import type { Db } from '../db/client'
import {
  chatConversations,
  chatMembers,
  chatMessageReceipts,
  chatMessages,
  users,
} from '../db/schema'
import { inTx } from '../db/tx'
import { badRequest, forbidden, notFound } from '../http/errors'
import { conversationIdFor, whoOfKey, type ConversationWho } from './conversations'
import { NOT_YOUR_MESSAGE } from './errors'
import { pushReceipts } from './receiptsPush'

export const OWN_MESSAGE_RECEIPT = '不能对自己的消息发送已读回执'
export const NOT_GROUP_MESSAGE = '仅群消息有已读成员列表'

const mine = alias(chatMembers, 'mine')

interface Seen {
  id: number
  clientId: string
  conversationId: number
  seq: number
  senderId: number
  needReadReceipt: boolean
  revoked: boolean
  who: ConversationWho
}

/**
 * Messages by client ID that the caller sees in a conversation they are in now: C2C, or a group
 * they have not left, from when they joined.
 */
async function seenMessages(db: Db, me: number, clientIds: string[]): Promise<Seen[]> {
  const rows = await db
    .select({
      id: chatMessages.id,
      clientId: chatMessages.clientId,
      conversationId: chatMessages.conversationId,
      seq: chatMessages.seq,
      senderId: chatMessages.senderId,
      needReadReceipt: chatMessages.needReadReceipt,
      revoked: sql<boolean>`${chatMessages.revokedAt} is not null`,
      key: chatConversations.key,
    })
    .from(chatMessages)
    .innerJoin(mine, and(eq(mine.conversationId, chatMessages.conversationId), eq(mine.userId, me)))
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(
      and(
        inArray(chatMessages.clientId, clientIds),
        or(
          eq(chatConversations.type, 'C2C'),
          and(gt(chatMessages.seq, mine.clearedSeq), isNull(mine.leftSeq)),
        ),
      ),
    )
  return rows.map(({ key, ...row }) => ({ ...row, who: whoOfKey(key) }))
}

/** All the messages, or 404 (someone outside the conversation learns nothing and changes nothing). */
async function allSeen(db: Db, me: number, clientIds: string[]): Promise<Seen[]> {
  const wanted = [...new Set(clientIds)]
  const found = await seenMessages(db, me, wanted)
  if (found.length !== wanted.length) throw notFound(MESSAGE_INVALID)
  return found
}

/**
 * Receipts for messages the caller received. Messages that asked for none (or were revoked) are
 * skipped; a receipt sent again changes nothing. Each sender is pushed the counts of their
 * messages that gained a receipt.
 */
export async function sendReadReceipts(
  app: AppContext,
  me: number,
  clientIds: string[],
): Promise<void> {
  const now = new Date(app.clock.now())
  const landed = await inTx(app.db, async (tx) => {
    const found = await allSeen(tx, me, clientIds)
    if (found.some((m) => m.senderId === me)) throw badRequest(OWN_MESSAGE_RECEIPT)
    const wanting = found.filter((m) => m.needReadReceipt && !m.revoked)
    if (wanting.length === 0) return []
    const inserted = await tx
      .insert(chatMessageReceipts)
      .values(wanting.map((m) => ({ messageId: m.id, readerId: me, readAt: now })))
      .onConflictDoNothing()
      .returning({ messageId: chatMessageReceipts.messageId })
    const ids = new Set(inserted.map((r) => r.messageId))
    return wanting.filter((m) => ids.has(m.id))
  })
  if (landed.length === 0) return
  const counts = await receiptCounts(app.db, landed)
  const bySender = new Map<number, MessageReceipt[]>()
  for (const m of landed) {
    const list = bySender.get(m.senderId) ?? []
    list.push(receiptOf(m, counts.get(m.id) ?? { read: 0, unread: 0 }))
    bySender.set(m.senderId, list)
  }
  pushReceipts(app, bySender)
}

interface Counts {
  read: number
  unread: number
}

/**
 * Exact counts, read after the receipts committed: readers (every receipt, a reader who left since
 * included) and the active members but the sender, from when they joined, who have none.
 */
async function receiptCounts(db: Db, messages: Seen[]): Promise<Map<number, Counts>> {
  if (messages.length === 0) return new Map()
  const rows = await db
    .select({
      id: chatMessages.id,
      // Spelled out: inside a subquery drizzle writes the outer query's columns unqualified.
      read: sql<number>`(select count(*)::int from chat_message_receipts r
        where r.message_id = chat_messages.id)`,
      unread: sql<number>`(select count(*)::int from chat_members m
        where m.conversation_id = chat_messages.conversation_id
          and m.user_id <> chat_messages.sender_id
          and m.left_seq is null
          and m.cleared_seq < chat_messages.seq
          and not exists (select 1 from chat_message_receipts r
            where r.message_id = chat_messages.id and r.reader_id = m.user_id))`,
    })
    .from(chatMessages)
    .where(
      inArray(
        chatMessages.id,
        messages.map((m) => m.id),
      ),
    )
  return new Map(rows.map((r) => [r.id, { read: Number(r.read), unread: Number(r.unread) }]))
}

/** The receipt as the sender sees it. C2C: read or not by the peer, whatever they deleted. */
function receiptOf(m: Seen, counts: Counts): MessageReceipt {
  const group = m.who.type === 'GROUP'
  const read = counts.read
  return {
    messageID: m.clientId,
    conversationID: conversationIdFor(m.who, m.senderId),
    groupID: m.who.type === 'GROUP' ? String(m.who.groupId) : '',
    readCount: read,
    unreadCount: group ? counts.unread : read > 0 ? 0 : 1,
    isPeerRead: !group && read > 0,
  }
}

/** The caller's own messages, or 404 (not seen) / 403 (someone else's). */
async function ownMessages(db: Db, me: number, clientIds: string[]): Promise<Seen[]> {
  const found = await allSeen(db, me, clientIds)
  if (found.some((m) => m.senderId !== me)) throw forbidden(NOT_YOUR_MESSAGE)
  return found
}

/** Read counts of the caller's own messages, in the order asked. */
export async function readReceiptList(
  app: AppContext,
  me: number,
  clientIds: string[],
): Promise<MessageReceipt[]> {
  const found = await ownMessages(app.db, me, clientIds)
  const counts = await receiptCounts(app.db, found)
  const byClientId = new Map(found.map((m) => [m.clientId, m]))
  return [...new Set(clientIds)].map((id) => {
    const m = byClientId.get(id) as Seen
    return receiptOf(m, counts.get(m.id) ?? { read: 0, unread: 0 })
  })
}

export interface ReadMemberQuery {
  messageID: string
  /** 0 read, 1 unread (the SDK's filter). */
  filter: 0 | 1
  /** The last user ID of the previous page; '' first. */
  cursor: string
  count: number
}

/**
 * One page of who read (or has not read) one of the caller's group messages, by user ID: stable
 * while receipts land (a reader who reads between pages moves from the unread list to the read
 * one, and is never listed twice in one list).
 */
export async function readMemberList(
  app: AppContext,
  me: number,
  q: ReadMemberQuery,
): Promise<ReadMemberListRes> {
  const [m] = await ownMessages(app.db, me, [q.messageID])
  if (m.who.type !== 'GROUP') throw badRequest(NOT_GROUP_MESSAGE)
  // A cursor past the largest user ID is simply past everyone.
  const after = Math.min(q.cursor === '' ? 0 : Number(q.cursor), 2_147_483_647)
  const page =
    q.filter === 0
      ? await readers(app.db, m.id, after, q.count + 1)
      : await nonReaders(app.db, m, after, q.count + 1)
  const more = page.length > q.count
  const rows = more ? page.slice(0, q.count) : page
  const ids = rows.map((r) => String(r.userID))
  return {
    messageID: m.clientId,
    readUserIDList: q.filter === 0 ? ids : [],
    unreadUserIDList: q.filter === 1 ? ids : [],
    memberList: rows.map((r) => ({ userID: String(r.userID), nick: r.nick, avatar: r.avatar })),
    cursor: more ? ids[ids.length - 1] : '',
    isCompleted: !more,
  }
}

const profile = { userID: users.id, nick: users.nickname, avatar: users.avatar }

function readers(db: Db, messageId: number, after: number, limit: number) {
  return db
    .select(profile)
    .from(chatMessageReceipts)
    .innerJoin(users, eq(users.id, chatMessageReceipts.readerId))
    .where(
      and(eq(chatMessageReceipts.messageId, messageId), gt(chatMessageReceipts.readerId, after)),
    )
    .orderBy(asc(chatMessageReceipts.readerId))
    .limit(limit)
}

function nonReaders(db: Db, m: Seen, after: number, limit: number) {
  return db
    .select(profile)
    .from(chatMembers)
    .innerJoin(users, eq(users.id, chatMembers.userId))
    .where(
      and(
        eq(chatMembers.conversationId, m.conversationId),
        ne(chatMembers.userId, m.senderId),
        isNull(chatMembers.leftSeq),
        sql`${chatMembers.clearedSeq} < ${m.seq}`,
        gt(chatMembers.userId, after),
        sql`not exists (select 1 from chat_message_receipts r
          where r.message_id = ${m.id} and r.reader_id = chat_members.user_id)`,
      ),
    )
    .orderBy(asc(chatMembers.userId))
    .limit(limit)
}
