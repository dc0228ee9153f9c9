/**
 * The `reactions` push, after a reaction was added or removed: the message's reactions as they are
 * now, to every member who sees it (C2C: both readers; GROUP: the active members who joined before
 * it), every connection of each. conversationID and reactedByMyself are the receiver's own: the
 * receivers are grouped by what they see (their conversation ID and the emoji they reacted with
 * themselves), one frame per group, so a big group's members who did not react share one frame.
 */
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { MessageReaction } from '@api/chat'
import type { AppContext } from '../context'
import { chatMembers, chatMessageReactions } from '../db/schema'
import { conversationIdFor } from './conversations'
import type { Delivery } from './hub'
import type { Found } from './messageOps'

async function receivers(app: AppContext, m: Found): Promise<number[]> {
  if (m.who.type === 'C2C') return [...m.who.users]
  const rows = await app.db
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(
      and(
        eq(chatMembers.conversationId, m.conversationId),
        isNull(chatMembers.leftSeq),
        sql`${chatMembers.clearedSeq} < ${m.seq}`,
      ),
    )
  return rows.map((r) => r.userId)
}

/** Each reactor's own emoji under the message. */
async function ownReactions(app: AppContext, messageId: number): Promise<Map<number, string[]>> {
  const rows = await app.db
    .select({ userId: chatMessageReactions.userId, reactionId: chatMessageReactions.reactionId })
    .from(chatMessageReactions)
    .where(eq(chatMessageReactions.messageId, messageId))
  const out = new Map<number, string[]>()
  for (const r of rows) out.set(r.userId, [...(out.get(r.userId) ?? []), r.reactionId])
  return out
}

/** `reactionList`: the message's reactions now, reactedByMyself to be filled per receiver. */
export async function pushReactions(
  app: AppContext,
  m: Found,
  reactionList: MessageReaction[],
): Promise<void> {
  const userIds = await receivers(app, m)
  const own = await ownReactions(app, m.id)
  const groups = new Map<string, { userIds: number[]; conversationID: string; mine: string[] }>()
  for (const userId of userIds) {
    const conversationID = conversationIdFor(m.who, userId)
    const mine = (own.get(userId) ?? []).sort()
    const key = `${conversationID}|${mine.join(',')}`
    const group = groups.get(key) ?? { userIds: [], conversationID, mine }
    group.userIds.push(userId)
    groups.set(key, group)
  }
  const deliveries: Delivery[] = []
  for (const { userIds: ids, conversationID, mine } of groups.values()) {
    const list = reactionList.map((r) => ({ ...r, reactedByMyself: mine.includes(r.reactionID) }))
    deliveries.push({
      userIds: ids,
      frame: {
        op: 'reactions',
        conversationID,
        changeInfoList: [{ messageID: m.clientId, reactionList: list }],
      },
    })
  }
  if (deliveries.length > 0) app.chat.fanout.publish(deliveries)
}
