/** Reading a conversation: history pages (older) and catch-up (newer than a sequence). */
import { and, asc, desc, eq, gt, lt, lte, notExists, sql } from 'drizzle-orm'
import type { ChatMessage, MessageListRes } from '@api/chat'
import { ChatLimits } from '@rules/chat'
import type { Db } from '../db/client'
import { chatMembers, chatMessageDeletions, chatMessages, users } from '../db/schema'
import { findConversation, type ConversationRef } from './conversations'
import { messageColumns, senderJoin, toChatMessage, type MessageRow } from './messageView'

/**
 * Messages of the conversation this member may see: after their clear (or their joining a group),
 * up to where they left a group, not deleted for them. sync.ts applies the same rules to many
 * conversations in one query: change both together.
 */
function visibleTo(me: number, conv: ConversationRef) {
  const conversationId = conv.id
  return and(
    eq(chatMessages.conversationId, conversationId),
    conv.leftSeq === null ? undefined : lte(chatMessages.seq, conv.leftSeq),
    gt(
      chatMessages.seq,
      sql`(select ${chatMembers.clearedSeq} from ${chatMembers}
        where ${chatMembers.conversationId} = ${conversationId} and ${chatMembers.userId} = ${me})`,
    ),
    notExists(
      sql`(select 1 from ${chatMessageDeletions} where ${chatMessageDeletions.messageId} = ${chatMessages.id}
        and ${chatMessageDeletions.userId} = ${me})`,
    ),
  )
}

const view = (rows: MessageRow[], me: number, conv: ConversationRef): ChatMessage[] =>
  rows.map((row) => toChatMessage(row, me, conv.who))

/** `count` messages before `beforeSequence` (the newest without it), oldest first. */
export async function messageList(
  db: Db,
  me: number,
  conversationID: string,
  beforeSequence = 0,
  count: number = ChatLimits.messagePageSize,
): Promise<MessageListRes> {
  const conv = await findConversation(db, me, conversationID)
  if (!conv) return { messageList: [], nextSequence: 0, isCompleted: true }
  const rows = await db
    .select(messageColumns)
    .from(chatMessages)
    .innerJoin(users, senderJoin)
    .where(
      and(
        visibleTo(me, conv),
        beforeSequence > 0 ? lt(chatMessages.seq, beforeSequence) : undefined,
      ),
    )
    .orderBy(desc(chatMessages.seq))
    .limit(count + 1)
  const isCompleted = rows.length <= count
  const page = rows.slice(0, count).reverse()
  return {
    messageList: view(page, me, conv),
    nextSequence: isCompleted ? 0 : page[0].seq,
    isCompleted,
  }
}

/** At most ChatLimits.syncMaxPerConversation messages after `afterSequence`, oldest first. */
export async function messagesAfter(
  db: Db,
  me: number,
  conversationID: string,
  afterSequence: number,
): Promise<{ messageList: ChatMessage[]; isCompleted: boolean }> {
  const conv = await findConversation(db, me, conversationID)
  if (!conv) return { messageList: [], isCompleted: true }
  const max = ChatLimits.syncMaxPerConversation
  const rows = await db
    .select(messageColumns)
    .from(chatMessages)
    .innerJoin(users, senderJoin)
    .where(and(visibleTo(me, conv), gt(chatMessages.seq, afterSequence)))
    .orderBy(asc(chatMessages.seq))
    .limit(max + 1)
  return { messageList: view(rows.slice(0, max), me, conv), isCompleted: rows.length <= max }
}
