/** Conversations as one member sees them (ChatConversation). */
import { and, desc, eq, gt, inArray, ne, notExists, sql, sum } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { ChatConversation } from '@api/chat'
import type { Db } from '../db/client'
import {
  chatConversations,
  chatMembers,
  chatMessageDeletions,
  chatMessages,
  users,
} from '../db/schema'
import { c2cId } from './conversations'
import { messageColumns, senderJoin, toChatMessage, type MessageRow } from './messageView'

const peerMember = alias(chatMembers, 'peer_member')
const peerUser = alias(users, 'peer_user')

/** Still in the member's list: a message newer than their delete. */
const listed = gt(chatConversations.lastSeq, chatMembers.clearedSeq)

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000)

async function rowsFor(db: Db, me: number, only?: number) {
  return db
    .select({
      id: chatConversations.id,
      lastSeq: chatConversations.lastSeq,
      lastAt: chatConversations.lastAt,
      readSeq: chatMembers.readSeq,
      unread: chatMembers.unread,
      pinnedAt: chatMembers.pinnedAt,
      muted: chatMembers.muted,
      draft: chatMembers.draft,
      clearedSeq: chatMembers.clearedSeq,
      peerId: peerUser.id,
      peerNick: peerUser.nickname,
      peerAvatar: peerUser.avatar,
    })
    .from(chatMembers)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMembers.conversationId))
    .innerJoin(
      peerMember,
      and(
        eq(peerMember.conversationId, chatMembers.conversationId),
        ne(peerMember.userId, chatMembers.userId),
      ),
    )
    .innerJoin(peerUser, eq(peerUser.id, peerMember.userId))
    .where(
      and(eq(chatMembers.userId, me), only === undefined ? listed : eq(chatConversations.id, only)),
    )
    .orderBy(
      sql`${chatMembers.pinnedAt} is null`,
      desc(chatMembers.pinnedAt),
      desc(chatConversations.lastAt),
      desc(chatConversations.id),
    )
}

/** The newest message each conversation shows this member. */
async function lastMessages(
  db: Db,
  me: number,
  conversationIds: number[],
): Promise<Map<number, MessageRow>> {
  if (conversationIds.length === 0) return new Map()
  const rows = await db
    .selectDistinctOn([chatMessages.conversationId], messageColumns)
    .from(chatMessages)
    .innerJoin(users, senderJoin)
    .innerJoin(
      chatMembers,
      and(eq(chatMembers.conversationId, chatMessages.conversationId), eq(chatMembers.userId, me)),
    )
    .where(
      and(
        inArray(chatMessages.conversationId, conversationIds),
        gt(chatMessages.seq, chatMembers.clearedSeq),
        notExists(
          sql`(select 1 from ${chatMessageDeletions} where ${chatMessageDeletions.messageId} = ${chatMessages.id}
            and ${chatMessageDeletions.userId} = ${me})`,
        ),
      ),
    )
    .orderBy(chatMessages.conversationId, desc(chatMessages.seq))
  return new Map(rows.map((row) => [row.conversationId, row]))
}

async function views(db: Db, me: number, only?: number): Promise<ChatConversation[]> {
  const rows = await rowsFor(db, me, only)
  const last = await lastMessages(
    db,
    me,
    rows.map((row) => row.id),
  )
  return rows.map((row) => {
    const message = last.get(row.id)
    return {
      conversationID: c2cId(row.peerId),
      type: 'C2C',
      unreadCount: row.unread,
      isPinned: row.pinnedAt !== null,
      isMuted: row.muted,
      draftText: row.draft,
      userProfile: { userID: String(row.peerId), nick: row.peerNick, avatar: row.peerAvatar },
      lastMessage: message ? toChatMessage(message, me, row.peerId) : null,
      lastSequence: row.lastSeq,
      readSequence: row.readSeq,
      time: seconds(row.lastAt),
    }
  })
}

/** The member's list: pinned first (latest pinned first), then by last activity. */
export const conversationList = (db: Db, me: number): Promise<ChatConversation[]> => views(db, me)

/** One conversation of the member (listed or not). */
export async function conversationView(
  db: Db,
  me: number,
  conversationId: number,
): Promise<ChatConversation> {
  const [one] = await views(db, me, conversationId)
  return one
}

/** Unread messages over the member's listed conversations. */
export async function totalUnread(db: Db, me: number): Promise<number> {
  const [row] = await db
    .select({ total: sum(chatMembers.unread) })
    .from(chatMembers)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMembers.conversationId))
    .where(and(eq(chatMembers.userId, me), listed))
  return Number(row?.total ?? 0)
}
