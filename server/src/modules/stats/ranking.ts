import { and, asc, count, desc, eq, gte, isNull, lte, sql, type SQL } from 'drizzle-orm'
import type { MyRankRes, RankEntry, RankLikeRes, RankPeriod } from '@api/stats'
import type { Page } from '@api/envelope'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { rankLikes, readingDurations, users } from '../../db/schema'
import { inTx } from '../../db/tx'
import type { Caller } from '../../http/auth'
import { badRequest, notFound } from '../../http/errors'
import { findLiveUserById, lockCaller } from '../../db/users'
import { periodRange } from './days'
import { pageOf, type Paging } from '../../http/paging'

const d = readingDurations
const secondsSum = sql<number>`sum(${d.seconds})::int`

/** Rows of live readers within the period's days. */
function periodFilter(period: RankPeriod, nowMs: number): SQL | undefined {
  const range = periodRange(period, nowMs)
  return and(range.from === null ? undefined : gte(d.day, range.from), lte(d.day, range.to))
}

/** Seconds per live reader in the period, readers with none left out (a subquery). */
function periodTotals(db: Db, period: RankPeriod, nowMs: number) {
  return db
    .select({ userId: d.userId, seconds: secondsSum.as('seconds') })
    .from(d)
    .innerJoin(users, and(eq(users.id, d.userId), isNull(users.deletedAt)))
    .where(periodFilter(period, nowMs))
    .groupBy(d.userId)
    .having(sql`sum(${d.seconds}) > 0`)
    .as('totals')
}

/** Likes of a reader: `userId` is a column of the outer query (joined, so qualified) or a value. */
const likesOf = (userId: number | typeof users.id) =>
  sql<number>`(select count(*)::int from ${rankLikes} where ${rankLikes.userId} = ${userId})`

const likedBy = (likerId: number | null, userId: typeof users.id) =>
  likerId === null
    ? sql<boolean>`false`
    : sql<boolean>`exists (select 1 from ${rankLikes} where ${rankLikes.likerId} = ${likerId} and ${rankLikes.userId} = ${userId})`

/**
 * GET /api/rankingList/findDurationBooksList and User.BookInfo.ReadingTopList: most seconds first,
 * ties by user id; `rank` is the position in that order, continuous across pages.
 */
export async function rankList(
  app: AppContext,
  callerId: number | null,
  period: RankPeriod,
  paging: Paging,
): Promise<Page<RankEntry>> {
  const now = app.clock.now()
  const totals = periodTotals(app.db, period, now)
  const totalRows = await app.db.select({ n: count() }).from(totals)
  const rows = await app.db
    .select({
      userId: totals.userId,
      seconds: totals.seconds,
      nickname: users.nickname,
      avatar: users.avatar,
      likes: likesOf(users.id),
      liked: likedBy(callerId, users.id),
    })
    .from(totals)
    .innerJoin(users, eq(users.id, totals.userId))
    .orderBy(desc(totals.seconds), asc(totals.userId))
    .limit(paging.pageSize)
    .offset(paging.offset)
  const list: RankEntry[] = rows.map((row, i) => ({
    rank: paging.offset + i + 1,
    userId: row.userId,
    nickname: row.nickname,
    avatar: row.avatar,
    seconds: row.seconds,
    likes: row.likes,
    liked: row.liked,
    isMe: row.userId === callerId,
  }))
  return pageOf(list, totalRows[0].n, paging)
}

/**
 * GET /api/rankingList/findPeriodDurationBooksList: the caller's entry. Rank = readers ahead
 * (more seconds, or as many and a smaller id) + 1; 0 when the caller has no seconds in the period.
 */
export async function myRank(
  app: AppContext,
  caller: Caller,
  period: RankPeriod,
): Promise<MyRankRes> {
  const now = app.clock.now()
  const me = await app.db
    .select({ nickname: users.nickname, avatar: users.avatar, likes: likesOf(caller.userId) })
    .from(users)
    .where(eq(users.id, caller.userId))
  const mine = await app.db
    .select({ seconds: sql<number>`coalesce(sum(${d.seconds}), 0)::int` })
    .from(d)
    .where(and(eq(d.userId, caller.userId), periodFilter(period, now)))
  const seconds = mine[0].seconds
  let rank = 0
  if (seconds > 0) {
    const totals = periodTotals(app.db, period, now)
    const ahead = await app.db
      .select({ n: count() })
      .from(totals)
      .where(
        sql`${totals.seconds} > ${seconds} or (${totals.seconds} = ${seconds} and ${totals.userId} < ${caller.userId})`,
      )
    rank = ahead[0].n + 1
  }
  return {
    rank,
    userId: caller.userId,
    nickname: me[0]?.nickname ?? '',
    avatar: me[0]?.avatar ?? '',
    seconds,
    likes: me[0]?.likes ?? 0,
    liked: false,
    isMe: true,
  }
}

/** POST /api/rankingList/createDurationBooks: like (idempotent) or unlike a reader. */
export async function setRankLike(
  app: AppContext,
  caller: Caller,
  userId: number,
  like: boolean,
): Promise<RankLikeRes> {
  if (userId === caller.userId) throw badRequest('不能给自己点赞')
  const now = app.clock.now()
  return inTx(app.db, async (tx) => {
    await lockCaller(tx, caller.userId)
    if (!(await findLiveUserById(tx, userId))) throw notFound('用户不存在')
    if (like) {
      await tx
        .insert(rankLikes)
        .values({ likerId: caller.userId, userId, createdAt: new Date(now) })
        .onConflictDoNothing()
    } else {
      await tx
        .delete(rankLikes)
        .where(and(eq(rankLikes.likerId, caller.userId), eq(rankLikes.userId, userId)))
    }
    const likes = await tx
      .select({ n: count() })
      .from(rankLikes)
      .where(eq(rankLikes.userId, userId))
    return { liked: like, likes: likes[0].n }
  })
}
