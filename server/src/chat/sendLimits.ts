/**
 * What a reader may send (numbers in ChatLimits, rules/chat.ts): per-reader rates and byte budgets
 * over C2C and groups together, and the stranger rule of C2C. Counted in the database, inside the
 * send's transaction, so every process on one PostgreSQL sees the same counts; messages the server
 * writes (tips, gift cards: sent_bytes null) are not counted.
 *
 * The rates are not serialised per reader: sends from several sockets of one reader at the same
 * instant may each see the count below the limit, so a burst can overshoot by a few (at most the
 * sends in flight at once). The stranger rule is exact: it is checked under the conversation's row
 * lock (taken by nextSeq).
 */
import { and, eq, gt, isNotNull, sql, type SQL } from 'drizzle-orm'
import { ChatErrors, ChatLimits } from '@rules/chat'
import type { Db } from '../db/client'
import { isOperator } from '../db/operators'
import { chatMessages } from '../db/schema'
import { areFriends } from '../modules/friends'
import { chatError } from './errors'

/** A message's size for the byte budgets: its payload and cloud data as UTF-8 JSON. */
export const sentBytes = (payload: Record<string, unknown>, cloudCustomData: string): number =>
  Buffer.byteLength(JSON.stringify(payload)) + Buffer.byteLength(cloudCustomData)

const longestWindowMs = Math.max(
  ...[...ChatLimits.sendRates, ...ChatLimits.sendByteBudgets].map((r) => r.windowMs),
)

type Window = { max: number; windowMs: number }

/**
 * Refuses (429) a send of `bytes` that would take the reader over a rate or byte budget: one
 * statement over the reader's messages of the longest window (index on sender and time).
 */
export async function refuseOverSendRate(
  tx: Db,
  me: number,
  bytes: number,
  nowMs: number,
): Promise<void> {
  const within = (w: Window) =>
    sql`${chatMessages.createdAt} > ${new Date(nowMs - w.windowMs).toISOString()}::timestamptz`
  const fields: Record<string, SQL<unknown>> = {}
  ChatLimits.sendRates.forEach((w, i) => {
    fields[`n${i}`] = sql`(count(*) filter (where ${within(w)}))::int`
  })
  ChatLimits.sendByteBudgets.forEach((w, i) => {
    fields[`b${i}`] =
      sql`(coalesce(sum(${chatMessages.sentBytes}) filter (where ${within(w)}), 0))::bigint`
  })
  const [row] = await tx
    .select(fields)
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.senderId, me),
        gt(chatMessages.createdAt, new Date(nowMs - longestWindowMs)),
        isNotNull(chatMessages.sentBytes),
      ),
    )
  const over =
    ChatLimits.sendRates.some((w, i) => Number(row[`n${i}`]) >= w.max) ||
    ChatLimits.sendByteBudgets.some((w, i) => Number(row[`b${i}`]) + bytes > w.max)
  if (over) throw chatError(ChatErrors.sendTooFast)
}

/**
 * The stranger rule: to a reader who is not a book friend, at most ChatLimits.strangerMaxMessages
 * messages of the sender's own (not what the server wrote) until the peer sends anything in the
 * conversation. Customer service (operators) on either side is
 * not limited. Call it holding the conversation's row lock.
 */
export async function refuseStranger(
  tx: Db,
  me: number,
  peer: { id: number; role: string },
  conversationId: number,
): Promise<void> {
  if (peer.role === 'operator') return
  const mine = await tx
    .select({ one: sql`1` })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        eq(chatMessages.senderId, me),
        isNotNull(chatMessages.sentBytes),
      ),
    )
    .limit(ChatLimits.strangerMaxMessages)
  if (mine.length < ChatLimits.strangerMaxMessages) return
  if (await areFriends(tx, me, peer.id)) return
  const answered = await tx
    .select({ one: sql`1` })
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.senderId, peer.id)))
    .limit(1)
  if (answered.length > 0) return
  if (await isOperator(tx, me)) return
  throw chatError(ChatErrors.stranger)
}
