/**
 * Emoji reactions under messages (issue 30): one row per message, emoji and reader in
 * chat_message_reactions. A reader reacts only to messages of a conversation they are in now (the
 * visibility rule of messageOps.ts), never to revoked messages or group tips, with a key of the
 * basic emoji set, and a message carries at most ReactionLimits.perMessage different emoji. After a
 * change commits, every member is pushed the message's reactions (reactionsPush.ts).
 */
import { and, asc, eq, sql } from 'drizzle-orm'
import {
  MESSAGE_INVALID,
  type ConversationUser,
  type MessageReaction,
  type MessageReactionChange,
} from '@api/chat'
import { ChatErrors } from '@rules/chat'
import {
  isReactionID,
  mayReactTo,
  REACTION_INVALID,
  REACTION_NOT_ALLOWED,
  ReactionErrors,
  ReactionLimits,
  withinReactionLimit,
} from '@rules/chatReactions'
import type { AppContext } from '../context'
import type { Db } from '../db/client'
import { chatMessageReactions, chatMessages, users } from '../db/schema'
import { inTx } from '../db/tx'
import { badRequest, notFound } from '../http/errors'
import { chatError } from './errors'
import { membersMessages, type Found } from './messageOps'
import { pushReactions } from './reactionsPush'

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows

/** The message the caller may react to now, or the refusal (404 for who does not see it). */
async function reactable(db: Db, me: number, clientId: string): Promise<Found> {
  const [found] = await membersMessages(db, me, [clientId], true)
  if (!found) throw notFound(MESSAGE_INVALID)
  if (found.who.type === 'GROUP' && found.leftSeq !== null) throw chatError(ChatErrors.removed)
  const view = { type: found.type, payload: found.payload, isRevoked: found.revokedAt !== null }
  if (!mayReactTo(view)) throw badRequest(REACTION_NOT_ALLOWED)
  return found
}

function knownReaction(reactionID: string): void {
  if (!isReactionID(reactionID)) throw badRequest(REACTION_INVALID)
}

async function pushChange(app: AppContext, m: Found): Promise<void> {
  const lists = await reactionLists(app.db, -1, [m.id], ReactionLimits.usersPerReaction)
  await pushReactions(app, m, lists.get(m.id) ?? [])
}

/** Adds the caller's reaction; adding it again changes nothing (and pushes nothing). */
export async function addReaction(
  app: AppContext,
  me: number,
  clientId: string,
  reactionID: string,
): Promise<void> {
  knownReaction(reactionID)
  const now = new Date(app.clock.now())
  const changed = await inTx(app.db, async (tx) => {
    const found = await reactable(tx, me, clientId)
    // One writer per message at a time: two readers adding the 10th and 11th emoji at once
    // cannot both pass the limit.
    await tx
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(eq(chatMessages.id, found.id))
      .for('update')
    const present = await tx
      .selectDistinct({ id: chatMessageReactions.reactionId })
      .from(chatMessageReactions)
      .where(eq(chatMessageReactions.messageId, found.id))
    if (
      !withinReactionLimit(
        present.map((r) => r.id),
        reactionID,
      )
    ) {
      throw chatError(ReactionErrors.tooMany)
    }
    const inserted = await tx
      .insert(chatMessageReactions)
      .values({ messageId: found.id, reactionId: reactionID, userId: me, createdAt: now })
      .onConflictDoNothing()
      .returning({ messageId: chatMessageReactions.messageId })
    return inserted.length > 0 ? found : null
  })
  if (changed) await pushChange(app, changed)
}

/** Takes the caller's reaction back; nothing to take back is fine (and pushes nothing). */
export async function removeReaction(
  app: AppContext,
  me: number,
  clientId: string,
  reactionID: string,
): Promise<void> {
  knownReaction(reactionID)
  const changed = await inTx(app.db, async (tx) => {
    const [found] = await membersMessages(tx, me, [clientId], true)
    if (!found) throw notFound(MESSAGE_INVALID)
    if (found.who.type === 'GROUP' && found.leftSeq !== null) throw chatError(ChatErrors.removed)
    const deleted = await tx
      .delete(chatMessageReactions)
      .where(
        and(
          eq(chatMessageReactions.messageId, found.id),
          eq(chatMessageReactions.reactionId, reactionID),
          eq(chatMessageReactions.userId, me),
        ),
      )
      .returning({ messageId: chatMessageReactions.messageId })
    return deleted.length > 0 ? found : null
  })
  if (changed) await pushChange(app, changed)
}

interface ReactionRow {
  messageId: number
  reactionId: string
  userId: number
  nick: string
  avatar: string
  total: number | string
  mine: boolean
}

/**
 * The reactions under messages (by internal ID) in one query: per emoji its count, whether `me`
 * (-1: nobody) reacted with it, and its first `maxUsers` reactors; emoji in the order they were
 * first added. Messages without reactions are absent from the map.
 */
export async function reactionLists(
  db: Db,
  me: number,
  messageIds: number[],
  maxUsers: number,
): Promise<Map<number, MessageReaction[]>> {
  const out = new Map<number, MessageReaction[]>()
  if (messageIds.length === 0) return out
  const ids = sql.join(
    messageIds.map((id) => sql`${id}`),
    sql`, `,
  )
  const result = await db.execute(sql`
    select message_id as "messageId", reaction_id as "reactionId", user_id as "userId",
      nick, avatar, total, mine
    from (
      select r.message_id, r.reaction_id, r.user_id, u.nickname as nick, u.avatar,
        count(*) over w as total,
        bool_or(r.user_id = ${me}) over w as mine,
        min(r.created_at) over w as first_at,
        row_number() over (partition by r.message_id, r.reaction_id
          order by r.created_at, r.user_id) as rn
      from chat_message_reactions r
      join users u on u.id = r.user_id
      where r.message_id in (${ids})
      window w as (partition by r.message_id, r.reaction_id)
    ) x
    where rn <= ${Math.max(1, maxUsers)}
    order by message_id, first_at, reaction_id, rn`)
  for (const row of rowsOf<ReactionRow>(result)) {
    const messageId = Number(row.messageId)
    const list = out.get(messageId) ?? []
    let reaction = list[list.length - 1]
    if (reaction?.reactionID !== row.reactionId) {
      reaction = {
        reactionID: row.reactionId,
        totalUserCount: Number(row.total),
        partialUserList: [],
        reactedByMyself: Boolean(row.mine),
      }
      list.push(reaction)
      out.set(messageId, list)
    }
    if (reaction.partialUserList.length < maxUsers) {
      reaction.partialUserList.push({
        userID: String(row.userId),
        nick: row.nick,
        avatar: row.avatar,
      })
    }
  }
  return out
}

/** getMessageReactions: messages the caller does not see are left out (they learn nothing). */
export async function messageReactions(
  db: Db,
  me: number,
  clientIds: string[],
  maxUsers: number,
): Promise<MessageReactionChange[]> {
  const found = await membersMessages(db, me, [...new Set(clientIds)], true)
  const lists = await reactionLists(
    db,
    me,
    found.map((m) => m.id),
    maxUsers,
  )
  return found.map((m) => ({ messageID: m.clientId, reactionList: lists.get(m.id) ?? [] }))
}

export interface ReactionUsersQuery {
  messageID: string
  reactionID: string
  /** `<ms>-<userId>` of the last reactor of the previous page; '' first. */
  nextSeq: string
  count: number
}

/** One page of who reacted with one emoji, earliest first (stable while others react). */
export async function reactionUsers(
  db: Db,
  me: number,
  q: ReactionUsersQuery,
): Promise<{ userList: ConversationUser[]; nextSeq: string; isCompleted: boolean }> {
  knownReaction(q.reactionID)
  const [found] = await membersMessages(db, me, [q.messageID], true)
  if (!found) throw notFound(MESSAGE_INVALID)
  const [atMs, afterUser] = q.nextSeq === '' ? [0, 0] : q.nextSeq.split('-').map(Number)
  const r = chatMessageReactions
  const rows = await db
    .select({ userID: users.id, nick: users.nickname, avatar: users.avatar, at: r.createdAt })
    .from(r)
    .innerJoin(users, eq(users.id, r.userId))
    .where(
      and(
        eq(r.messageId, found.id),
        eq(r.reactionId, q.reactionID),
        q.nextSeq === ''
          ? undefined
          : sql`(${r.createdAt}, ${r.userId}) > (to_timestamp(${atMs}::float8 / 1000), ${afterUser})`,
      ),
    )
    .orderBy(asc(r.createdAt), asc(r.userId))
    .limit(q.count + 1)
  const more = rows.length > q.count
  const page = more ? rows.slice(0, q.count) : rows
  const last = page[page.length - 1]
  return {
    userList: page.map((u) => ({ userID: String(u.userID), nick: u.nick, avatar: u.avatar })),
    nextSeq: more && last ? `${last.at.getTime()}-${last.userID}` : '',
    isCompleted: !more,
  }
}
