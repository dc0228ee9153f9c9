/** Which conversation a caller means by a conversation ID, creating a C2C one on first use. */
import { eq } from 'drizzle-orm'
import { CONVERSATION_INVALID } from '@api/chat'
import { CHAT_TEXTS, parseConversationID } from '@rules/chat'
import type { Db } from '../db/client'
import { chatConversations, chatMembers } from '../db/schema'
import { findLiveUserById } from '../db/users'
import { badRequest, notFound } from '../http/errors'
import { CHAT_WITH_SELF } from './errors'

export interface ConversationRef {
  id: number
  /** The other member of the C2C conversation. */
  peerId: number
}

const INT_MAX = 2_147_483_647

export const c2cKey = (a: number, b: number): string => `c2c:${Math.min(a, b)}:${Math.max(a, b)}`

export const c2cId = (peerId: number): string => `C2C${peerId}`

/** The peer a C2C conversation ID names; GROUP IDs are refused until groups exist. */
export function peerOf(me: number, conversationID: string): number {
  const parsed = parseConversationID(conversationID)
  if (!parsed || parsed.type !== 'C2C') throw notFound(CONVERSATION_INVALID)
  if (!/^[1-9][0-9]{0,9}$/.test(parsed.id) || Number(parsed.id) > INT_MAX) {
    throw notFound(CHAT_TEXTS.userNotFound)
  }
  const peer = Number(parsed.id)
  if (peer === me) throw badRequest(CHAT_WITH_SELF)
  return peer
}

/** The existing conversation, or null when there is none yet with that (existing) reader. */
export async function findConversation(
  db: Db,
  me: number,
  conversationID: string,
): Promise<ConversationRef | null> {
  const peerId = peerOf(me, conversationID)
  const rows = await db
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(eq(chatConversations.key, c2cKey(me, peerId)))
  if (rows[0]) return { id: rows[0].id, peerId }
  if (!(await findLiveUserById(db, peerId))) throw notFound(CHAT_TEXTS.userNotFound)
  return null
}

/** The conversation, created with both members when it does not exist yet. */
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
  return { id: row.id, peerId }
}
