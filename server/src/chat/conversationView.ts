/** Conversations as one member sees them (ChatConversation), C2C and GROUP. */
import { and, desc, eq, inArray, isNull, ne, sql, sum, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { ChatConversation, ConversationGroup, GroupAtInfo } from '@api/chat'
import { GroupAtType, MSG_AT_ALL } from '@rules/chat'
import type { Db } from '../db/client'
import {
  chatConversations,
  chatMembers,
  chatMessageDeletions,
  chatMessages,
  friendships,
  groupMembers,
  readingGroups,
  users,
} from '../db/schema'
import { c2cKey, conversationIdFor, whoOfKey } from './conversations'
import {
  atUserListOf,
  messageColumns,
  senderJoin,
  toChatMessage,
  type MessageRow,
} from './messageView'

const peerMember = alias(chatMembers, 'peer_member')
const peerUser = alias(users, 'peer_user')
const atMessage = alias(chatMessages, 'at_message')

/** The newest sequence the member sees: the conversation's, or where they left the group. */
const visibleLastSeq = sql<number>`least(${chatConversations.lastSeq},
  coalesce(${chatMembers.leftSeq}, ${chatConversations.lastSeq}))`

/** Still in the member's list: a message newer than their delete (that they may see). */
const listed = sql`${visibleLastSeq} > ${chatMembers.clearedSeq}`

/** The group of a GROUP conversation, by its key `group:<id>` (the primary key, no scan). */
const groupOfConversation = sql`${readingGroups.id} = (case when ${chatConversations.type} = 'GROUP'
  then substr(${chatConversations.key}, 7)::int end)`

/**
 * The newest message the member sees (after their clear, up to where they left, not deleted for
 * them): one index probe per conversation row.
 */
const lastMessageId = sql<number | null>`(select ${chatMessages.id} from ${chatMessages}
  where ${chatMessages.conversationId} = ${chatMembers.conversationId}
    and ${chatMessages.seq} > ${chatMembers.clearedSeq}
    and ${chatMessages.seq} <= ${visibleLastSeq}
    and not exists (select 1 from ${chatMessageDeletions}
      where ${chatMessageDeletions.messageId} = ${chatMessages.id}
        and ${chatMessageDeletions.userId} = ${chatMembers.userId})
  order by ${chatMessages.seq} desc limit 1)`

const EMPTY_USER = { userID: '', nick: '', avatar: '' }

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000)

const ROLES = { owner: 'Owner', admin: 'Admin', member: 'Member' } as const

async function rowsWhere(db: Db, where: SQL | undefined) {
  return db
    .select({
      id: chatConversations.id,
      key: chatConversations.key,
      lastSeq: chatConversations.lastSeq,
      lastAt: chatConversations.lastAt,
      userId: chatMembers.userId,
      readSeq: chatMembers.readSeq,
      unread: chatMembers.unread,
      pinnedAt: chatMembers.pinnedAt,
      muted: chatMembers.muted,
      draft: chatMembers.draft,
      clearedSeq: chatMembers.clearedSeq,
      leftSeq: chatMembers.leftSeq,
      atSeq: chatMembers.atSeq,
      lastMessageId,
      peerId: peerUser.id,
      peerNick: peerUser.nickname,
      peerAvatar: peerUser.avatar,
      peerRemark: friendships.remark,
      groupName: readingGroups.name,
      groupAvatar: readingGroups.avatar,
      ownerId: readingGroups.ownerId,
      muteAll: readingGroups.muteAll,
      memberCount: readingGroups.memberCount,
      disbandedAt: readingGroups.disbandedAt,
      role: groupMembers.role,
      muteUntil: groupMembers.muteUntil,
      atPayload: atMessage.payload,
    })
    .from(chatMembers)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMembers.conversationId))
    .leftJoin(
      peerMember,
      and(
        eq(chatConversations.type, 'C2C'),
        eq(peerMember.conversationId, chatMembers.conversationId),
        ne(peerMember.userId, chatMembers.userId),
      ),
    )
    .leftJoin(peerUser, eq(peerUser.id, peerMember.userId))
    .leftJoin(
      friendships,
      and(eq(friendships.userId, chatMembers.userId), eq(friendships.friendId, peerUser.id)),
    )
    .leftJoin(readingGroups, groupOfConversation)
    .leftJoin(
      groupMembers,
      and(eq(groupMembers.groupId, readingGroups.id), eq(groupMembers.userId, chatMembers.userId)),
    )
    .leftJoin(
      atMessage,
      and(
        eq(atMessage.conversationId, chatMembers.conversationId),
        eq(atMessage.seq, chatMembers.atSeq),
        sql`${chatMembers.atSeq} > ${chatMembers.readSeq}`,
      ),
    )
    .where(where)
    .orderBy(
      sql`${chatMembers.pinnedAt} is null`,
      desc(chatMembers.pinnedAt),
      desc(chatConversations.lastAt),
      desc(chatConversations.id),
    )
}

type Row = Awaited<ReturnType<typeof rowsWhere>>[number]

async function messagesById(db: Db, ids: number[]): Promise<Map<number, MessageRow>> {
  const wanted = [...new Set(ids)]
  if (wanted.length === 0) return new Map()
  const rows = await db
    .select(messageColumns)
    .from(chatMessages)
    .innerJoin(users, senderJoin)
    .where(inArray(chatMessages.id, wanted))
  return new Map(rows.map((row) => [row.id, row]))
}

function groupProfileOf(row: Row, groupId: number, nowMs: number): ConversationGroup {
  const active = row.leftSeq === null && row.role !== null && row.disbandedAt === null
  const muteUntil =
    active && row.muteUntil && row.muteUntil.getTime() > nowMs ? row.muteUntil : null
  return {
    groupID: String(groupId),
    name: row.groupName ?? '',
    avatar: row.groupAvatar ?? '',
    ownerID: row.ownerId === null ? '' : String(row.ownerId),
    muteAllMembers: row.muteAll ?? false,
    memberCount: row.memberCount ?? 0,
    selfInfo: {
      role: active && row.role ? ROLES[row.role] : '',
      muteUntil: muteUntil ? seconds(muteUntil) : 0,
    },
  }
}

function atInfoOf(row: Row): GroupAtInfo[] | undefined {
  if (!row.atPayload || row.atSeq <= row.readSeq || row.atSeq <= row.clearedSeq) return undefined
  const list = atUserListOf(row.atPayload) ?? []
  const types: number[] = []
  if (list.includes(String(row.userId))) types.push(GroupAtType.atMe)
  if (list.includes(MSG_AT_ALL)) types.push(GroupAtType.atAll)
  return types.length > 0 ? [{ messageSequence: row.atSeq, atTypeArray: types }] : undefined
}

function toView(row: Row, message: MessageRow | undefined, nowMs: number): ChatConversation {
  const who = whoOfKey(row.key)
  const me = row.userId
  const lastMessage = message ? toChatMessage(message, me, who) : null
  const view: ChatConversation = {
    conversationID: conversationIdFor(who, me),
    type: who.type,
    unreadCount: row.unread,
    isPinned: row.pinnedAt !== null,
    isMuted: row.muted,
    draftText: row.draft,
    userProfile:
      who.type === 'C2C'
        ? {
            userID: String(row.peerId ?? 0),
            nick: row.peerNick ?? '',
            avatar: row.peerAvatar ?? '',
          }
        : EMPTY_USER,
    lastMessage,
    lastSequence: row.leftSeq === null ? row.lastSeq : Math.min(row.lastSeq, row.leftSeq),
    readSequence: row.readSeq,
    // Someone who left sees the group as it was when they left.
    time: row.leftSeq !== null && lastMessage ? lastMessage.time : seconds(row.lastAt),
  }
  if (who.type === 'C2C' && row.peerRemark) view.remark = row.peerRemark
  if (who.type === 'GROUP') {
    view.groupProfile = groupProfileOf(row, who.groupId, nowMs)
    const atInfo = atInfoOf(row)
    if (atInfo) view.groupAtInfoList = atInfo
  }
  return view
}

interface MemberView {
  userId: number
  view: ChatConversation
}

async function views(db: Db, where: SQL | undefined, nowMs: number): Promise<MemberView[]> {
  const rows = await rowsWhere(db, where)
  const last = await messagesById(
    db,
    rows.flatMap((row) => (row.lastMessageId === null ? [] : [row.lastMessageId])),
  )
  return rows.map((row) => ({
    userId: row.userId,
    view: toView(row, row.lastMessageId === null ? undefined : last.get(row.lastMessageId), nowMs),
  }))
}

/** The member's list: pinned first (latest pinned first), then by last activity. */
export async function conversationList(
  db: Db,
  me: number,
  nowMs: number,
): Promise<ChatConversation[]> {
  const list = await views(db, and(eq(chatMembers.userId, me), listed), nowMs)
  return list.map((one) => one.view)
}

/** One conversation of the member (listed or not). */
export async function conversationView(
  db: Db,
  me: number,
  conversationId: number,
  nowMs: number,
): Promise<ChatConversation> {
  const [one] = await views(
    db,
    and(eq(chatMembers.userId, me), eq(chatMembers.conversationId, conversationId)),
    nowMs,
  )
  return one.view
}

/** The member's C2C conversation with `peerId` while it is in their list; null otherwise. */
export async function listedC2cView(
  db: Db,
  me: number,
  peerId: number,
  nowMs: number,
): Promise<ChatConversation | null> {
  const [one] = await views(
    db,
    and(eq(chatMembers.userId, me), eq(chatConversations.key, c2cKey(me, peerId)), listed),
    nowMs,
  )
  return one?.view ?? null
}

/**
 * Several members' views of one conversation, in a constant number of queries: `userIds`, or
 * every active member (left_seq null) without it.
 */
export async function memberViews(
  db: Db,
  conversationId: number,
  userIds: readonly number[] | undefined,
  nowMs: number,
): Promise<Map<number, ChatConversation>> {
  if (userIds && userIds.length === 0) return new Map()
  const list = await views(
    db,
    and(
      eq(chatMembers.conversationId, conversationId),
      userIds ? inArray(chatMembers.userId, [...userIds]) : isNull(chatMembers.leftSeq),
    ),
    nowMs,
  )
  return new Map(list.map((one) => [one.userId, one.view]))
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
