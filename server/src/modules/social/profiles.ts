import { and, eq, isNull, sql } from 'drizzle-orm'
import { USER_NOT_FOUND, type UserDetail, type UserStatistics } from '@api/social'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { posts } from '../../db/schema'
import type { Caller } from '../../http/auth'
import { notFound } from '../../http/errors'
import { findLiveUserById } from '../../db/users'
import { countFollowers, countFollowing, isFollowing } from './people'
import { hasBlocked } from './relations'

/**
 * A person's counts: live posts, the live people they follow and who follow them, and the likes
 * on their live posts (the posts' kept `likeCount`).
 */
export async function statistics(db: Db, userId: number): Promise<UserStatistics> {
  const [own] = await db
    .select({
      posts: sql<number>`count(*)::int`,
      likes: sql<number>`coalesce(sum(${posts.likeCount}), 0)::int`,
    })
    .from(posts)
    .where(and(eq(posts.userId, userId), isNull(posts.deletedAt)))
  return {
    posts: own.posts,
    following: await countFollowing(db, userId),
    followers: await countFollowers(db, userId),
    likes: own.likes,
  }
}

/** GET App.User.StatisticsInfo: a live account's counts. */
export async function statisticsOf(app: AppContext, userId: number): Promise<UserStatistics> {
  if (!(await findLiveUserById(app.db, userId))) throw notFound(USER_NOT_FOUND)
  return statistics(app.db, userId)
}

/**
 * GET /api/user/findUserInfoDetailsApi?userId: a live account's profile as the caller sees it; for
 * a guest the relation flags are false.
 */
export async function userDetail(
  app: AppContext,
  caller: Caller | null,
  userId: number,
): Promise<UserDetail> {
  const user = await findLiveUserById(app.db, userId)
  if (!user) throw notFound(USER_NOT_FOUND)
  const me = caller?.userId ?? null
  const other = me !== null && me !== userId ? me : null
  return {
    userId: user.id,
    nickname: user.nickname,
    avatar: user.avatar,
    sex: user.sex === 1 || user.sex === 2 ? user.sex : 0,
    signature: user.signature,
    stats: await statistics(app.db, userId),
    isMe: me === userId,
    followed: other !== null && (await isFollowing(app.db, other, userId)),
    followsMe: other !== null && (await isFollowing(app.db, userId, other)),
    blocked: other !== null && (await hasBlocked(app.db, other, userId)),
  }
}
