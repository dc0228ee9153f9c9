import { and, eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { blocks, notifications } from '../../db/schema'

/** Whether `blockerId` has blocked `blockedId`. */
export async function hasBlocked(db: Db, blockerId: number, blockedId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .limit(1)
  return rows.length > 0
}

/** Whether either of the two has blocked the other (a follow is refused either way). */
export async function blockedEitherWay(db: Db, a: number, b: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
        and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
      ),
    )
    .limit(1)
  return rows.length > 0
}

/**
 * A condition for lists the caller reads: rows whose author (`authorColumn`) the caller blocked are
 * left out. No condition for a guest.
 */
export function notBlockedBy(callerId: number | null, authorColumn: AnyColumn): SQL | undefined {
  if (!callerId) return undefined
  return sql`not exists (select 1 from ${blocks} where ${blocks.blockerId} = ${callerId} and ${blocks.blockedId} = ${authorColumn})`
}

export interface NewNotification {
  /** Who is told. */
  userId: number
  kind: 'notice' | 'comment' | 'like' | 'follow'
  actorId?: number | null
  postId?: number | null
  commentId?: number | null
  title?: string
  content?: string
}

/**
 * Tells a person that something happened to them (inside the caller's transaction). Nothing is
 * recorded for what people do to themselves, nor for someone the recipient has blocked.
 */
export async function notify(tx: Db, note: NewNotification, now: Date): Promise<void> {
  const actor = note.actorId ?? null
  if (actor !== null && actor === note.userId) return
  if (actor !== null && (await hasBlocked(tx, note.userId, actor))) return
  await tx.insert(notifications).values({
    userId: note.userId,
    kind: note.kind,
    actorId: actor,
    postId: note.postId ?? null,
    commentId: note.commentId ?? null,
    title: note.title ?? '',
    content: note.content ?? '',
    createdAt: now,
  })
}
