import { and, eq, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm'
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
  /** A feed comment (with `postId`). */
  commentId?: number | null
  /** A video (its play page opens from the message), and a comment on it. */
  videoId?: number | null
  videoCommentId?: number | null
  title?: string
  content?: string
}

/**
 * Tells a person that something happened to them (inside the caller's transaction). Nothing is
 * recorded for what people do to themselves, nor for someone the recipient has blocked. A like or
 * a follow is told once: when a message of the same kind from the same person about the same post
 * (none for a follow) is already there, read or not, nothing is added (the unique index
 * `notifications_once_key` with on conflict do nothing), so toggling does not flood the messages.
 */
export async function notify(tx: Db, note: NewNotification, now: Date): Promise<void> {
  const actor = note.actorId ?? null
  if (actor !== null && actor === note.userId) return
  if (actor !== null && (await hasBlocked(tx, note.userId, actor))) return
  await tx
    .insert(notifications)
    .values({
      userId: note.userId,
      kind: note.kind,
      actorId: actor,
      postId: note.postId ?? null,
      commentId: note.commentId ?? null,
      videoId: note.videoId ?? null,
      videoCommentId: note.videoCommentId ?? null,
      title: note.title ?? '',
      content: note.content ?? '',
      createdAt: now,
    })
    .onConflictDoNothing()
}

/**
 * Takes back the message of a like that was undone, while its recipient has not read it (a read
 * one stays, and a new like of the same post, video or video comment then tells nothing new).
 * The like is of a post (`postId`), a video (`videoId`) or a comment on one (`videoId` and
 * `videoCommentId`).
 */
export async function withdrawUnreadLike(
  tx: Db,
  like: {
    userId: number
    actorId: number
    postId?: number
    videoId?: number
    videoCommentId?: number
  },
): Promise<void> {
  const same = (column: AnyColumn, value: number | undefined) =>
    value === undefined ? isNull(column) : eq(column, value)
  await tx
    .delete(notifications)
    .where(
      and(
        eq(notifications.userId, like.userId),
        eq(notifications.kind, 'like'),
        eq(notifications.actorId, like.actorId),
        same(notifications.postId, like.postId),
        same(notifications.videoId, like.videoId),
        same(notifications.videoCommentId, like.videoCommentId),
        isNull(notifications.readAt),
      ),
    )
}
