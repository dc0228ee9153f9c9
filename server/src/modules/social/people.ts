import { and, count, eq, isNull, sql, type SQL } from 'drizzle-orm'
import type { Page } from '@api/envelope'
import type { RelatedUser } from '@api/social'
import { unixSeconds } from '../../clock'
import type { Db } from '../../db/client'
import { follows, users } from '../../db/schema'
import { pageOf, type Paging } from '../../http/paging'

/** Live people only: a deleted account is in no list and no count. */
export const liveUser = isNull(users.deletedAt)

/** A select's boolean: `followerId` follows the person in `followee` (false for a guest). */
export function followedBy(followerId: number | null, followee: typeof users.id): SQL<boolean> {
  if (followerId === null) return sql<boolean>`false`
  return sql<boolean>`exists (select 1 from ${follows} where ${follows.followerId} = ${followerId} and ${follows.followeeId} = ${followee})`
}

/** Whether `followerId` follows `followeeId`. */
export async function isFollowing(
  db: Db,
  followerId: number,
  followeeId: number,
): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
    .limit(1)
  return rows.length > 0
}

/** How many live people follow `userId`. */
export async function countFollowers(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(follows)
    .innerJoin(users, and(eq(users.id, follows.followerId), liveUser))
    .where(eq(follows.followeeId, userId))
  return row.n
}

/** How many live people `userId` follows. */
export async function countFollowing(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(follows)
    .innerJoin(users, and(eq(users.id, follows.followeeId), liveUser))
    .where(eq(follows.followerId, userId))
  return row.n
}

export interface RelatedRow {
  userId: number
  nickname: string
  avatar: string
  signature: string
  followed: boolean
  since: Date
}

export function toRelatedPage(
  rows: RelatedRow[],
  total: number,
  paging: Paging,
): Page<RelatedUser> {
  const list = rows.map((row) => ({
    userId: row.userId,
    nickname: row.nickname,
    avatar: row.avatar,
    signature: row.signature,
    followed: row.followed,
    since: unixSeconds(row.since.getTime()),
  }))
  return pageOf(list, total, paging)
}
