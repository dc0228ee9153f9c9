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
import type { CustomPayload, GroupTipPayload } from '@api/chat'
import type { Static } from '@sinclair/typebox'
import type { AppContext } from '../context'
import type { Db } from '../db/client'
import type { MessageRow } from './messageView'

/** chat_conversations.key of a group's conversation. */
export const groupConversationKey = (groupId: number): string => `group:${groupId}`

/** The conversation ID every member sees for a group: `GROUP<id>`. */
export const groupConversationID = (groupId: number): string => `GROUP${groupId}`

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

const notYet = (): never => {
  throw new Error('groupConversation: not yet')
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
  void [tx, groupId, memberIds, now]
  return notYet()
}

/**
 * New or returning members: their chat_members row is inserted or re-activated (left_seq null,
 * at_seq 0), with read_seq = cleared_seq = the conversation's current last_seq (the history
 * before they joined is not shown to them) and unread 0. Post the join tip AFTER this call, so
 * that they see it (and it counts as unread for the others).
 */
export async function addGroupChatMembers(
  tx: Db,
  groupId: number,
  userIds: number[],
  now: Date,
): Promise<void> {
  void [tx, groupId, userIds, now]
  return notYet()
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
  void [tx, groupId, userIds]
  return notYet()
}

/**
 * Writes a server-authored message into the group's conversation: the next sequence, unread +1
 * for every active member but the sender, message ID `${senderId}-sys<random>`. No membership,
 * mute or payload check (the caller is the rule). Answers what pushGroupMessages sends after the
 * commit.
 */
export async function postGroupMessage(
  app: AppContext,
  tx: Db,
  groupId: number,
  message: GroupMessageInput,
  now: Date,
): Promise<PendingPush> {
  void [app, tx, groupId, message, now]
  return notYet()
}

/**
 * After the commit: each message to every connection of the members who see it (active members,
 * and members whose left_seq >= its sequence: a removed reader sees the tip removing them), then
 * a `conversation` frame with each of those members' fresh view so lists update (role '' for the
 * removed).
 */
export async function pushGroupMessages(app: AppContext, pending: PendingPush[]): Promise<void> {
  void [app, pending]
  return notYet()
}

/**
 * After the commit of a profile change that posts no message (name, avatar, mute all, roles,
 * a member's mute): a `conversation` frame with the fresh view to each of `userIds` (default:
 * every active member).
 */
export async function pushGroupConversation(
  app: AppContext,
  groupId: number,
  userIds?: number[],
): Promise<void> {
  void [app, groupId, userIds]
  return notYet()
}
