/**
 * getUserStatus: online or offline for the peers of the caller's one-to-one conversations who are
 * not strangers to the caller: a friend, or a peer who has written in that conversation (as the
 * stranger rule of sendLimits.ts counts an answer), and who has not blocked the caller. Anyone else
 * is 0, so presence is not shown to strangers (opening a conversation with anyone, or writing to
 * them, does not reveal it). Three queries, whatever the number of users asked.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm'
import { ChatErrors } from '@rules/chat'
import { UserStatusType, type UserStatus } from '@api/chat'
import type { AppContext } from '../context'
import type { Db } from '../db/client'
import { blocks, chatConversations, chatMessages, friendships } from '../db/schema'
import { c2cKey } from './conversations'
import { chatError } from './errors'

/** Which of `ids` the caller `me` may see the presence of (see above). */
async function knownPeers(db: Db, me: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const friends = await db
    .select({ id: friendships.friendId })
    .from(friendships)
    .where(and(eq(friendships.userId, me), inArray(friendships.friendId, ids)))
  const blockers = await db
    .select({ id: blocks.blockerId })
    .from(blocks)
    .where(and(eq(blocks.blockedId, me), inArray(blocks.blockerId, ids)))
  const friendKeys = friends.map((f) => c2cKey(me, f.id))
  // In the WHERE clause drizzle qualifies the columns (a select field would not: "id" would then
  // be the subquery's own chat_messages.id).
  const answeredByPeer = sql`exists (select 1 from ${chatMessages}
    where ${chatMessages.conversationId} = ${chatConversations.id}
    and ${chatMessages.senderId} <> ${me})`
  const rows = await db
    .select({ key: chatConversations.key })
    .from(chatConversations)
    .where(
      and(
        inArray(
          chatConversations.key,
          ids.map((id) => c2cKey(me, id)),
        ),
        friendKeys.length > 0
          ? or(inArray(chatConversations.key, friendKeys), answeredByPeer)
          : answeredByPeer,
      ),
    )
  const keys = new Set(rows.map((r) => r.key))
  const blocked = new Set(blockers.map((b) => b.id))
  return new Set(ids.filter((id) => keys.has(c2cKey(me, id)) && !blocked.has(id)))
}

export async function userStatus(
  app: AppContext,
  me: number,
  userIDList: readonly string[],
): Promise<UserStatus[]> {
  if (!app.config.chatOnlineStatus) throw chatError(ChatErrors.onlineStatusOff)
  const ids = [...new Set(userIDList.map(Number))].filter((id) => id > 0 && id !== me)
  const known = await knownPeers(app.db, me, ids)
  const online = await app.chat.presence.online([...known])
  return userIDList.map((userID) => {
    const id = Number(userID)
    const statusType = !known.has(id)
      ? UserStatusType.unknown
      : online.has(id)
        ? UserStatusType.online
        : UserStatusType.offline
    return { userID, statusType }
  })
}
