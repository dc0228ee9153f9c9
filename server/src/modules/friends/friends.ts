/** The caller's friends: the indexed list, a person's detail, remarks and ending a friendship. */
import { and, eq, or, sql } from 'drizzle-orm'
import { remarkError } from '@rules/friends'
import {
  NOT_A_FRIEND,
  USER_NOT_FOUND,
  type FriendDetail,
  type FriendItem,
  type FriendPage,
} from '@api/friends'
import { listedC2cView } from '../../chat/conversationView'
import { pushConversation } from '../../chat/pushes'
import { unixSeconds } from '../../clock'
import type { AppContext } from '../../context'
import { friendRequests, friendships, users } from '../../db/schema'
import { inTx } from '../../db/tx'
import { findLiveUserById, lockCaller } from '../../db/users'
import type { Caller } from '../../http/auth'
import { badRequest, notFound } from '../../http/errors'
import { pageOf, type Paging } from '../../http/paging'
import { hasBlocked } from '../social/relations'
import { liveUser } from '../social/people'
import { byIndex, indexLetter, shownName, sortKey } from './names'
import { friendshipOf, lockPair } from './relations'

export interface FriendQuery {
  /** One index letter, 'A'..'Z' or '#'. */
  letter?: string
  /** Part of a remark or nickname, any case. */
  search?: string
}

/**
 * A page of the caller's friends (live accounts) in index order. A reader's friends number in the
 * hundreds, and the letters and the pinyin order come from pinyin-pro, not the database: every
 * friend is read, filed and filtered here, then the page is cut in memory. `letters` are those of
 * all the friends the search matches, whichever letter is asked for.
 */
export async function friendList(
  app: AppContext,
  caller: Caller,
  query: FriendQuery,
  paging: Paging,
): Promise<FriendPage> {
  const rows = await app.db
    .select({
      userId: users.id,
      nickname: users.nickname,
      avatar: users.avatar,
      signature: users.signature,
      remark: friendships.remark,
      since: friendships.createdAt,
    })
    .from(friendships)
    .innerJoin(users, and(eq(users.id, friendships.friendId), liveUser))
    .where(eq(friendships.userId, caller.userId))
  const needle = (query.search ?? '').toLowerCase()
  const matching = rows
    .filter(
      (f) =>
        needle === '' ||
        f.remark.toLowerCase().includes(needle) ||
        f.nickname.toLowerCase().includes(needle),
    )
    .map((f) => {
      const name = shownName(f)
      return { ...f, letter: indexLetter(name), key: sortKey(name) }
    })
    .sort(byIndex)
  const letters = [...new Set(matching.map((f) => f.letter))]
  const shown = query.letter ? matching.filter((f) => f.letter === query.letter) : matching
  const list: FriendItem[] = shown
    .slice(paging.offset, paging.offset + paging.pageSize)
    .map((f) => ({
      userId: f.userId,
      nickname: f.nickname,
      avatar: f.avatar,
      signature: f.signature,
      remark: f.remark,
      letter: f.letter,
      since: unixSeconds(f.since.getTime()),
    }))
  return { ...pageOf(list, shown.length, paging), letters }
}

/** A live person as the caller sees them from the friend pages (a friend or not). */
export async function friendDetail(
  app: AppContext,
  caller: Caller,
  userId: number,
): Promise<FriendDetail> {
  const user = await findLiveUserById(app.db, userId)
  if (!user) throw notFound(USER_NOT_FOUND)
  const me = caller.userId
  const isMe = me === userId
  const side = isMe ? undefined : await friendshipOf(app.db, me, userId)
  const pending = isMe
    ? []
    : await app.db
        .select({ one: sql<number>`1` })
        .from(friendRequests)
        .where(
          and(
            eq(friendRequests.fromUserId, me),
            eq(friendRequests.toUserId, userId),
            eq(friendRequests.state, 'pending'),
          ),
        )
  return {
    userId: user.id,
    nickname: user.nickname,
    avatar: user.avatar,
    signature: user.signature,
    sex: user.sex === 1 || user.sex === 2 ? user.sex : 0,
    remark: side?.remark ?? '',
    isFriend: side !== undefined,
    isMe,
    blocked: !isMe && (await hasBlocked(app.db, me, userId)),
    blockedMe: !isMe && (await hasBlocked(app.db, userId, me)),
    since: side ? unixSeconds(side.createdAt.getTime()) : 0,
    requested: pending.length > 0,
  }
}

/** The remark as stored: at most Limits.remarkMaxBytes bytes of UTF-8 ('' clears it). */
export function checkRemark(raw: string): string {
  const remark = raw.trim()
  const tooLong = remarkError(remark)
  if (tooLong) throw badRequest(tooLong)
  return remark
}

/** Sets the caller's remark for a friend (their own side only). */
export async function updateRemark(
  app: AppContext,
  caller: Caller,
  userId: number,
  remark: string,
): Promise<FriendDetail> {
  const me = caller.userId
  await inTx(app.db, async (tx) => {
    await lockCaller(tx, me)
    if (!(await findLiveUserById(tx, userId))) throw notFound(USER_NOT_FOUND)
    const updated = await tx
      .update(friendships)
      .set({ remark })
      .where(and(eq(friendships.userId, me), eq(friendships.friendId, userId)))
      .returning({ userId: friendships.userId })
    if (updated.length === 0) throw badRequest(NOT_A_FRIEND)
  })
  // The chat with them shows the remark instead of the nickname, on every device of mine.
  const chat = await listedC2cView(app.db, me, userId, app.clock.now())
  if (chat) pushConversation(app, me, chat, false)
  return friendDetail(app, caller, userId)
}

/** Ends a friendship on both sides; the chat between them stays. */
export async function deleteFriend(app: AppContext, caller: Caller, userId: number): Promise<void> {
  const me = caller.userId
  await inTx(app.db, async (tx) => {
    await lockPair(tx, me, userId)
    await lockCaller(tx, me)
    if (!(await friendshipOf(tx, me, userId))) throw badRequest(NOT_A_FRIEND)
    await tx
      .delete(friendships)
      .where(
        or(
          and(eq(friendships.userId, me), eq(friendships.friendId, userId)),
          and(eq(friendships.userId, userId), eq(friendships.friendId, me)),
        ),
      )
  })
}
