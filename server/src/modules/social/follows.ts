import { and, count, desc, eq } from 'drizzle-orm'
import type { Page } from '@api/envelope'
import { USER_NOT_FOUND, type FocusRes, type IsFocusRes, type RelatedUser } from '@api/social'
import type { AppContext } from '../../context'
import { follows, users } from '../../db/schema'
import { inTx } from '../../db/tx'
import type { Caller } from '../../http/auth'
import { badRequest, forbidden, notFound } from '../../http/errors'
import type { Paging } from '../../http/paging'
import { findLiveUserById, lockCaller } from '../../db/users'
import { markAction } from './actionMarks'
import { countFollowers, followedBy, isFollowing, liveUser, toRelatedPage } from './people'
import { blockedEitherWay, notify } from './relations'

export const FOLLOW_SELF = '不能关注自己'
export const FOLLOW_REFUSED = '无法关注该用户'

/**
 * Follow (`follow`) or unfollow a person. Idempotent; not oneself; the person must be a live
 * account; a block either way refuses a follow. A newly created follow tells the followee (in the
 * same transaction) once: following again, or again after an unfollow, does not (`notify`). At
 * most Rates.toggle follows and unfollows per person (429), counted in
 * `action_marks` under the caller's row lock.
 */
export async function setFollow(
  app: AppContext,
  caller: Caller,
  userId: number,
  follow: boolean,
): Promise<FocusRes> {
  if (userId === caller.userId) throw badRequest(FOLLOW_SELF)
  const now = new Date(app.clock.now())
  return inTx(app.db, async (tx) => {
    await lockCaller(tx, caller.userId)
    await markAction(tx, caller.userId, 'follow', now.getTime())
    if (!(await findLiveUserById(tx, userId))) throw notFound(USER_NOT_FOUND)
    if (follow) {
      if (await blockedEitherWay(tx, caller.userId, userId)) throw forbidden(FOLLOW_REFUSED)
      const created = await tx
        .insert(follows)
        .values({ followerId: caller.userId, followeeId: userId, createdAt: now })
        .onConflictDoNothing()
        .returning({ followeeId: follows.followeeId })
      if (created.length > 0) {
        await notify(tx, { userId, kind: 'follow', actorId: caller.userId }, now)
      }
    } else {
      await tx
        .delete(follows)
        .where(and(eq(follows.followerId, caller.userId), eq(follows.followeeId, userId)))
    }
    return { followed: follow, followers: await countFollowers(tx, userId) }
  })
}

/** GET User.User.IsFocus: whether the caller follows the person (false for oneself). */
export async function isFocus(
  app: AppContext,
  caller: Caller,
  userId: number,
): Promise<IsFocusRes> {
  if (userId === caller.userId) return { focused: false }
  if (!(await findLiveUserById(app.db, userId))) throw notFound(USER_NOT_FOUND)
  return { focused: await isFollowing(app.db, caller.userId, userId) }
}

/**
 * Whom the caller follows (`following`) or who follows the caller (`followers`): live accounts,
 * newest relation first (ties by user id, descending). `followed` says whether the caller follows
 * them (always true in `following`).
 */
export async function focusList(
  app: AppContext,
  caller: Caller,
  type: 'following' | 'followers',
  paging: Paging,
): Promise<Page<RelatedUser>> {
  const mine = caller.userId
  const [personColumn, meColumn] =
    type === 'following'
      ? [follows.followeeId, follows.followerId]
      : [follows.followerId, follows.followeeId]
  const join = and(eq(users.id, personColumn), liveUser)
  const where = eq(meColumn, mine)
  const [{ total }] = await app.db
    .select({ total: count() })
    .from(follows)
    .innerJoin(users, join)
    .where(where)
  const rows = await app.db
    .select({
      userId: users.id,
      nickname: users.nickname,
      avatar: users.avatar,
      signature: users.signature,
      followed: followedBy(mine, users.id),
      since: follows.createdAt,
    })
    .from(follows)
    .innerJoin(users, join)
    .where(where)
    .orderBy(desc(follows.createdAt), desc(users.id))
    .limit(paging.pageSize)
    .offset(paging.offset)
  return toRelatedPage(rows, total, paging)
}
