/**
 * The chat side of reading groups: what the groups service (server/src/modules/groups) calls to
 * open a group's conversation, change who is in it, write server-authored messages (tips, the
 * creation notice) and tell members' connections. Membership, roles and mutes themselves live in
 * group_members / reading_groups, owned by the groups service; the gateway reads them at send time.
 *
 * Functions taking `tx` run inside the caller's transaction (they never open one). The push
 * functions run after the commit: they read what was committed and publish through the fanout
 * (every process's connections, with REDIS_URL). They never reject: a push that failed is caught
 * up by the client's sync (the database is the truth).
 *
 * A typical change, in the groups service:
 *
 *   const pending = await inTx(app.db, async (tx) => {
 *     // ...group_members / reading_groups changes...
 *     const tip = await postGroupMessage(app, tx, groupId, { senderId: operator, type: 'TIMGroupTipElem', payload }, now)
 *     await removeGroupChatMembers(tx, groupId, [removed])   // after the tip: they still see it
 *     return [tip]
 *   })
 *   await pushGroupMessages(app, pending)
 */
import { randomBytes } from 'node:crypto'
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import type { Static } from '@sinclair/typebox'
import { TypeCompiler } from '@sinclair/typebox/compiler'
import { Value } from '@sinclair/typebox/value'
import { CustomPayload, GroupTipPayload } from '@api/chat'
import type { AppContext } from '../context'
import type { Db } from '../db/client'
import { chatConversations, chatMembers } from '../db/schema'
import { groupConversationKey, type ConversationWho } from './conversations'
import { memberViews } from './conversationView'
import { toChatMessage, type MessageRow } from './messageView'
import { pushConversations } from './pushes'
import { countUnreadForOthers, nextSeq, storeMessage } from './send'

export { groupConversationID, groupConversationKey } from './conversations'

/** A server-authored message: a group tip, or a custom message (e.g. {businessID: 'group_create'}). */
export type GroupMessageInput =
  | { senderId: number; type: 'TIMGroupTipElem'; payload: GroupTipPayload }
  | { senderId: number; type: 'TIMCustomElem'; payload: Static<typeof CustomPayload> }

/** A message written by postGroupMessage, to hand to pushGroupMessages after the commit. */
export interface PendingPush {
  groupId: number
  conversationId: number
  row: MessageRow
}

const tipCheck = TypeCompiler.Compile(GroupTipPayload)
const customCheck = TypeCompiler.Compile(CustomPayload)

/** The group's conversation, its row locked until the transaction ends (sends wait for it). */
async function lockedConversation(
  tx: Db,
  groupId: number,
): Promise<{ id: number; lastSeq: number }> {
  const [conv] = await tx
    .select({ id: chatConversations.id, lastSeq: chatConversations.lastSeq })
    .from(chatConversations)
    .where(eq(chatConversations.key, groupConversationKey(groupId)))
    .for('update')
  if (!conv) throw new Error(`group ${groupId} has no conversation (openGroupConversation first)`)
  return conv
}

async function conversationIdOf(db: Db, groupId: number): Promise<number | null> {
  const [conv] = await db
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(eq(chatConversations.key, groupConversationKey(groupId)))
  return conv?.id ?? null
}

/**
 * Creates the group's conversation (type GROUP, key group:<id>) with a chat_members row for each
 * of `memberIds` (read_seq 0, nothing unread). Answers the conversation id, which the groups
 * service stores in reading_groups.conversation_id. Calling it again for the same group answers
 * the existing conversation (and adds the missing members as addGroupChatMembers would).
 */
export async function openGroupConversation(
  tx: Db,
  groupId: number,
  memberIds: number[],
  now: Date,
): Promise<number> {
  await tx
    .insert(chatConversations)
    .values({ key: groupConversationKey(groupId), type: 'GROUP', lastAt: now, createdAt: now })
    .onConflictDoNothing()
  await addGroupChatMembers(tx, groupId, memberIds, now)
  const id = await conversationIdOf(tx, groupId)
  return id as number
}

/**
 * New or returning members: their chat_members row is inserted or re-activated (left_seq null,
 * at_seq 0), with read_seq = cleared_seq = the conversation's current last_seq (the history
 * before they joined is not shown to them) and unread 0. Active members are left as they are.
 * Post the join tip AFTER this call, so that they see it (and it counts as unread for the others).
 */
export async function addGroupChatMembers(
  tx: Db,
  groupId: number,
  userIds: number[],
  _now: Date,
): Promise<void> {
  const conv = await lockedConversation(tx, groupId)
  const ids = [...new Set(userIds)]
  if (ids.length === 0) return
  const seq = conv.lastSeq
  await tx
    .insert(chatMembers)
    .values(
      ids.map((userId) => ({
        conversationId: conv.id,
        userId,
        readSeq: seq,
        clearedSeq: seq,
        unread: 0,
        atSeq: 0,
      })),
    )
    .onConflictDoUpdate({
      target: [chatMembers.conversationId, chatMembers.userId],
      set: { leftSeq: null, readSeq: seq, clearedSeq: seq, unread: 0, atSeq: 0 },
      setWhere: sql`${chatMembers.leftSeq} is not null`,
    })
}

/**
 * Members who left, were removed, or all members when the group is disbanded: left_seq = the
 * conversation's current last_seq. They keep the conversation read-only (selfInfo.role '') and
 * see nothing after it. Call it AFTER posting the tip about their removal, so that they see it.
 * Rows already left keep their left_seq.
 */
export async function removeGroupChatMembers(
  tx: Db,
  groupId: number,
  userIds: number[],
): Promise<void> {
  const conv = await lockedConversation(tx, groupId)
  const ids = [...new Set(userIds)]
  if (ids.length === 0) return
  await tx
    .update(chatMembers)
    .set({ leftSeq: conv.lastSeq })
    .where(
      and(
        eq(chatMembers.conversationId, conv.id),
        inArray(chatMembers.userId, ids),
        isNull(chatMembers.leftSeq),
      ),
    )
}

/**
 * Writes a server-authored message into the group's conversation: the next sequence, unread +1
 * for every active member but the sender (read for the sender), message ID
 * `${senderId}-sys<random>`. No membership or mute check (the caller is the rule); a payload that
 * does not fit its type throws (a programming error). Answers what pushGroupMessages sends after
 * the commit.
 */
export async function postGroupMessage(
  _app: AppContext,
  tx: Db,
  groupId: number,
  message: GroupMessageInput,
  now: Date,
): Promise<PendingPush> {
  const schema = message.type === 'TIMGroupTipElem' ? GroupTipPayload : CustomPayload
  const check = message.type === 'TIMGroupTipElem' ? tipCheck : customCheck
  if (!check.Check(message.payload)) {
    throw new Error(`postGroupMessage: the payload does not fit ${message.type}`)
  }
  const payload = Value.Clean(schema, structuredClone(message.payload)) as Record<string, unknown>
  const conv = await lockedConversation(tx, groupId)
  const seq = await nextSeq(tx, conv.id, now)
  const row = await storeMessage(
    tx,
    conv.id,
    seq,
    {
      clientId: `${message.senderId}-sys${randomBytes(12).toString('hex')}`,
      senderId: message.senderId,
      type: message.type,
      payload,
      cloudCustomData: '',
    },
    now,
  )
  await countUnreadForOthers(tx, conv.id, message.senderId)
  return { groupId, conversationId: conv.id, row }
}

/** Members who see a message of the conversation: joined before it, not left before it. */
async function readersOf(db: Db, conversationId: number, seq: number): Promise<number[]> {
  const rows = await db
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(
      and(
        eq(chatMembers.conversationId, conversationId),
        sql`${chatMembers.clearedSeq} < ${seq}`,
        or(isNull(chatMembers.leftSeq), sql`${chatMembers.leftSeq} >= ${seq}`),
      ),
    )
  return rows.map((r) => r.userId)
}

const pushFailed = (err: unknown): void => {
  console.error('chat: group push failed (clients catch up with sync):', err)
}

/**
 * After the commit: each message to every connection of the members who see it (active members,
 * and members whose left_seq >= its sequence: a removed reader sees the tip removing them), then
 * a `conversation` frame with each of those members' fresh view so lists update (role '' for the
 * removed). A constant number of queries per message and per conversation, whatever the group's
 * size.
 */
export async function pushGroupMessages(app: AppContext, pending: PendingPush[]): Promise<void> {
  try {
    const touched = new Map<number, Set<number>>()
    for (const one of pending) {
      const readers = await readersOf(app.db, one.conversationId, one.row.seq)
      const who: ConversationWho = { type: 'GROUP', groupId: one.groupId }
      const frame = {
        op: 'message' as const,
        message: toChatMessage(one.row, one.row.senderId, who),
      }
      if (readers.length > 0) app.chat.fanout.publish([{ userIds: readers, frame }])
      let set = touched.get(one.conversationId)
      if (!set) touched.set(one.conversationId, (set = new Set()))
      for (const userId of readers) set.add(userId)
    }
    for (const [conversationId, userIds] of touched) {
      const views = await memberViews(app.db, conversationId, [...userIds], app.clock.now())
      pushConversations(app, views)
    }
  } catch (err) {
    pushFailed(err)
  }
}

/**
 * After the commit of a change that posts no message (name, avatar, mute all, roles, a member's
 * mute): a `conversation` frame with the fresh view to each of `userIds` (default: every active
 * member).
 */
export async function pushGroupConversation(
  app: AppContext,
  groupId: number,
  userIds?: number[],
): Promise<void> {
  try {
    const conversationId = await conversationIdOf(app.db, groupId)
    if (conversationId === null) return
    const views = await memberViews(app.db, conversationId, userIds, app.clock.now())
    pushConversations(app, views)
  } catch (err) {
    pushFailed(err)
  }
}
