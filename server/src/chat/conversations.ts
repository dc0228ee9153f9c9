/**
 * Which conversation a caller means by a conversation ID: a C2C one (created on first use) or a
 * reading group's GROUP one (only ever created by the groups service, see groupConversation.ts).
 */
import { and, eq } from 'drizzle-orm'
import { CONVERSATION_INVALID } from '@api/chat'
import { CHAT_TEXTS, parseConversationID } from '@rules/chat'
import type { Db } from '../db/client'
import { chatConversations, chatMembers } from '../db/schema'
import { findLiveUserById } from '../db/users'
import { badRequest, notFound } from '../http/errors'
import { CHAT_WITH_SELF } from './errors'

/**
 * Who a conversation is between, the same for every viewer: the two readers of a C2C one, or the
 * group. What each viewer sees of it (the conversation ID names the peer in C2C) follows from it.
 */
export type ConversationWho =
  { type: 'C2C'; users: readonly [number, number] } | { type: 'GROUP'; groupId: number }

/** A conversation the caller may read. */
export interface ConversationRef {
  id: number
  who: ConversationWho
  /** GROUP: the sequence the caller left at (read-only after it); null while a member, and in C2C. */
  leftSeq: number | null
}

/** What a conversation ID names, seen from the caller. */
export type Target = { type: 'C2C'; peerId: number } | { type: 'GROUP'; groupId: number }

const INT_MAX = 2_147_483_647
const isId = (text: string): boolean => /^[1-9][0-9]{0,9}$/.test(text) && Number(text) <= INT_MAX

export const c2cKey = (a: number, b: number): string => `c2c:${Math.min(a, b)}:${Math.max(a, b)}`

export const c2cId = (peerId: number): string => `C2C${peerId}`

/** chat_conversations.key of a reading group's conversation. */
export const groupConversationKey = (groupId: number): string => `group:${groupId}`

/** The conversation ID every member knows a group's conversation by: `GROUP<id>`. */
export const groupConversationID = (groupId: number): string => `GROUP${groupId}`

/** The parties of a stored conversation, from its key (`c2c:<a>:<b>` or `group:<id>`). */
export function whoOfKey(key: string): ConversationWho {
  if (key.startsWith('group:')) return { type: 'GROUP', groupId: Number(key.slice(6)) }
  const [, a, b] = key.split(':')
  return { type: 'C2C', users: [Number(a), Number(b)] }
}

/** The conversation ID `viewer` knows the conversation by. */
export function conversationIdFor(who: ConversationWho, viewer: number): string {
  if (who.type === 'GROUP') return groupConversationID(who.groupId)
  return c2cId(who.users[0] === viewer ? who.users[1] : who.users[0])
}

/** The peer of a C2C conversation ID (404 for nobody, 400 for oneself, 404 for anything else). */
export function peerOf(me: number, conversationID: string): number {
  const target = targetOf(me, conversationID)
  if (target.type !== 'C2C') throw notFound(CONVERSATION_INVALID)
  return target.peerId
}

/** What a conversation ID names; malformed IDs are refused (404, 400 for oneself). */
export function targetOf(me: number, conversationID: string): Target {
  const parsed = parseConversationID(conversationID)
  if (!parsed) throw notFound(CONVERSATION_INVALID)
  if (parsed.type === 'GROUP') {
    if (!isId(parsed.id)) throw notFound(CONVERSATION_INVALID)
    return { type: 'GROUP', groupId: Number(parsed.id) }
  }
  if (!isId(parsed.id)) throw notFound(CHAT_TEXTS.userNotFound)
  const peer = Number(parsed.id)
  if (peer === me) throw badRequest(CHAT_WITH_SELF)
  return { type: 'C2C', peerId: peer }
}

/**
 * The caller's GROUP conversation: the group's conversation with a member row of theirs (active
 * or left). 404 when they never were a member (or there is no such group): never created here.
 */
export async function findGroupConversation(
  db: Db,
  me: number,
  groupId: number,
): Promise<ConversationRef> {
  const rows = await db
    .select({ id: chatConversations.id, leftSeq: chatMembers.leftSeq })
    .from(chatConversations)
    .innerJoin(
      chatMembers,
      and(eq(chatMembers.conversationId, chatConversations.id), eq(chatMembers.userId, me)),
    )
    .where(eq(chatConversations.key, groupConversationKey(groupId)))
  if (!rows[0]) throw notFound(CONVERSATION_INVALID)
  return {
    id: rows[0].id,
    who: { type: 'GROUP', groupId: groupId },
    leftSeq: rows[0].leftSeq,
  }
}

const c2cWho = (me: number, peerId: number): ConversationWho => ({
  type: 'C2C',
  users: [Math.min(me, peerId), Math.max(me, peerId)],
})

/**
 * The existing conversation; null when there is none yet with that (existing) reader. GROUP:
 * 404 unless the caller is or was a member.
 */
export async function findConversation(
  db: Db,
  me: number,
  conversationID: string,
): Promise<ConversationRef | null> {
  const target = targetOf(me, conversationID)
  if (target.type === 'GROUP') return findGroupConversation(db, me, target.groupId)
  const peerId = target.peerId
  const rows = await db
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(eq(chatConversations.key, c2cKey(me, peerId)))
  if (rows[0]) return { id: rows[0].id, who: c2cWho(me, peerId), leftSeq: null }
  if (!(await findLiveUserById(db, peerId))) throw notFound(CHAT_TEXTS.userNotFound)
  return null
}

/** The conversation; a C2C one is created with both members when it does not exist yet. */
export async function ensureConversation(
  db: Db,
  me: number,
  conversationID: string,
  now: Date,
): Promise<ConversationRef> {
  const found = await findConversation(db, me, conversationID)
  if (found) return found
  const peerId = peerOf(me, conversationID)
  await db
    .insert(chatConversations)
    .values({ key: c2cKey(me, peerId), type: 'C2C', lastAt: now, createdAt: now })
    .onConflictDoNothing()
  const [row] = await db
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(eq(chatConversations.key, c2cKey(me, peerId)))
  await db
    .insert(chatMembers)
    .values([
      { conversationId: row.id, userId: me },
      { conversationId: row.id, userId: peerId },
    ])
    .onConflictDoNothing()
  return { id: row.id, who: c2cWho(me, peerId), leftSeq: null }
}
