/**
 * The gateway's `sync`: catch-up for many conversations in few queries, whatever the number of
 * cursors. IDs are read first (a malformed or unknown one costs no query of its own); the caller's
 * memberships of the named conversations come in one query, the messages after each cursor in
 * another per SYNC_CHUNK conversations (a LATERAL join, at most each conversation's share + 1 per
 * conversation). One answer holds at most Limits.chatSyncMaxMessages in all: each conversation gets
 * an equal share of them (at most ChatLimits.syncMaxPerConversation), and one with more is marked
 * `reload`, which the client asks again from where the answer ended.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { SyncResult } from '@api/chatFrames'
import { ChatLimits, parseConversationID } from '@rules/chat'
import { Limits } from '@rules/limits'
import type { Db } from '../db/client'
import { nextTurn } from '../db/pgliteTurns'
import {
  chatConversations,
  chatMembers,
  chatMessageDeletions,
  chatMessages,
  users,
} from '../db/schema'
import { c2cKey, groupConversationKey, whoOfKey } from './conversations'
import { messageColumns, toChatMessage, type MessageRow } from './messageView'

const INT_MAX = 2_147_483_647
/**
 * Conversations whose messages one statement reads, each statement in a turn of the event loop of
 * its own: embedded PGlite runs a statement on the loop's thread, and 500 conversations in one held
 * it 200 ms and more.
 */
const SYNC_CHUNK = 25
const isId = (text: string): boolean => /^[1-9][0-9]{0,9}$/.test(text) && Number(text) <= INT_MAX

/** chat_conversations.key of what a conversation ID names for `me`, or null for nothing readable. */
export function conversationKeyOf(me: number, conversationID: string): string | null {
  const parsed = parseConversationID(conversationID)
  if (!parsed || !isId(parsed.id)) return null
  const id = Number(parsed.id)
  if (parsed.type === 'GROUP') return groupConversationKey(id)
  return id === me ? null : c2cKey(me, id)
}

/** A conversation the caller is a member of, with the bounds of what they see of it. */
interface Readable {
  conversationID: string
  key: string
  id: number
  /** Messages after this sequence: the cursor or the member's clear, whichever is later. */
  after: number
  /** GROUP: nothing after the sequence the member left at. */
  upto: number | null
}

async function readableOf(db: Db, me: number, cursors: Record<string, number>) {
  const wanted = new Map<string, { conversationID: string; cursor: number; order: number }>()
  for (const [conversationID, cursor] of Object.entries(cursors)) {
    const key = conversationKeyOf(me, conversationID)
    if (key !== null) wanted.set(key, { conversationID, cursor, order: wanted.size })
  }
  if (wanted.size === 0) return []
  const rows = await db
    .select({
      id: chatConversations.id,
      key: chatConversations.key,
      type: chatConversations.type,
      clearedSeq: chatMembers.clearedSeq,
      leftSeq: chatMembers.leftSeq,
    })
    .from(chatConversations)
    .innerJoin(
      chatMembers,
      and(eq(chatMembers.conversationId, chatConversations.id), eq(chatMembers.userId, me)),
    )
    .where(inArray(chatConversations.key, [...wanted.keys()]))
  const readable = rows.map((row) => {
    const asked = wanted.get(row.key) as { conversationID: string; cursor: number; order: number }
    const found: Readable = {
      conversationID: asked.conversationID,
      key: row.key,
      id: row.id,
      after: Math.max(asked.cursor, row.clearedSeq),
      upto: row.type === 'GROUP' ? row.leftSeq : null,
    }
    return { found, order: asked.order }
  })
  // In the order the cursors were given, as before.
  return readable.sort((a, b) => a.order - b.order).map((r) => r.found)
}

const selectList: SQL = sql.join(
  Object.entries(messageColumns).map(([name, column]) => sql`${column} as ${sql.identifier(name)}`),
  sql`, `,
)

/** The driver's row as a MessageRow (raw SQL is not mapped by drizzle). */
function toRow(raw: Record<string, unknown>): MessageRow {
  const row: Record<string, unknown> = {}
  for (const [name, column] of Object.entries(messageColumns)) {
    const value = raw[name]
    row[name] = value === null || value === undefined ? null : column.mapFromDriverValue(value)
  }
  return row as unknown as MessageRow
}

/**
 * Up to max + 1 visible messages after each conversation's bound, oldest first: the rules of
 * history.ts `visibleTo` (after the member's clear, up to where they left, not deleted for them).
 */
async function messagesAfter(db: Db, me: number, readable: Readable[], max: number) {
  const bounds = JSON.stringify(readable.map((r) => ({ conv: r.id, after: r.after, upto: r.upto })))
  const result = await db.execute(sql`
    select ${selectList}
    from jsonb_to_recordset(${bounds}::jsonb) as b(conv integer, after integer, upto integer)
    cross join lateral (
      select ${chatMessages.id} as msg_id
      from ${chatMessages}
      where ${chatMessages.conversationId} = b.conv
        and ${chatMessages.seq} > b.after
        and (b.upto is null or ${chatMessages.seq} <= b.upto)
        and not exists (
          select 1 from ${chatMessageDeletions}
          where ${chatMessageDeletions.messageId} = ${chatMessages.id}
            and ${chatMessageDeletions.userId} = ${me})
      order by ${chatMessages.seq}
      limit ${max + 1}
    ) picked
    join ${chatMessages} on ${chatMessages.id} = picked.msg_id
    join ${users} on ${users.id} = ${chatMessages.senderId}
    order by ${chatMessages.conversationId}, ${chatMessages.seq}`)
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map(toRow)
}

/** Messages each of `count` conversations may bring in one answer: an equal share of the cap. */
export const shareOf = (count: number): number =>
  Math.max(
    1,
    Math.min(ChatLimits.syncMaxPerConversation, Math.floor(Limits.chatSyncMaxMessages / count)),
  )

/** Catch-up for each cursor; conversations the caller cannot read are left out. */
export async function sync(
  db: Db,
  me: number,
  cursors: Record<string, number>,
): Promise<SyncResult> {
  const readable = await readableOf(db, me, cursors)
  if (readable.length === 0) return { conversations: [] }
  const max = shareOf(readable.length)
  const byConversation = new Map<number, MessageRow[]>(readable.map((r) => [r.id, []]))
  for (let start = 0; start < readable.length; start += SYNC_CHUNK) {
    if (start > 0) await nextTurn()
    const chunk = readable.slice(start, start + SYNC_CHUNK)
    for (const row of await messagesAfter(db, me, chunk, max)) {
      byConversation.get(row.conversationId)?.push(row)
    }
  }
  return {
    conversations: readable.map((r) => {
      const rows = byConversation.get(r.id) as MessageRow[]
      const who = whoOfKey(r.key)
      return {
        conversationID: r.conversationID,
        messageList: rows.slice(0, max).map((row) => toChatMessage(row, me, who)),
        reload: rows.length > max,
      }
    }),
  }
}
