/** Friendship lookups other domains use too (gifts, chat), and the lock of a pair of readers. */
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { friendships } from '../../db/schema'
import { lockKey } from '../../db/tx'

/** Whether `a` has `b` as a friend (rows come in pairs: one per side). */
export async function areFriends(db: Db, a: number, b: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(friendships)
    .where(and(eq(friendships.userId, a), eq(friendships.friendId, b)))
    .limit(1)
  return rows.length > 0
}

/** `userId`'s side of the friendship with `friendId`, if they are friends. */
export async function friendshipOf(
  db: Db,
  userId: number,
  friendId: number,
): Promise<typeof friendships.$inferSelect | undefined> {
  const rows = await db
    .select()
    .from(friendships)
    .where(and(eq(friendships.userId, userId), eq(friendships.friendId, friendId)))
  return rows[0]
}

/**
 * Serialises what two readers do about each other (requests both ways, accepting, ending the
 * friendship) until the transaction ends, so two requests crossing do not both stay pending. Taken
 * before the caller's own row lock: the rows written reference both readers (their foreign keys
 * share-lock both users' rows), so the other reader's transaction about the pair must not hold its
 * own row while it waits for this one.
 */
export async function lockPair(tx: Db, a: number, b: number): Promise<void> {
  await lockKey(tx, `friends:${Math.min(a, b)}:${Math.max(a, b)}`)
}

/** Both sides of a new friendship (a side already there is kept, with its remark). */
export async function befriend(tx: Db, a: number, b: number, now: Date): Promise<void> {
  await tx
    .insert(friendships)
    .values([
      { userId: a, friendId: b, createdAt: now },
      { userId: b, friendId: a, createdAt: now },
    ])
    .onConflictDoNothing()
}
