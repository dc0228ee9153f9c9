import { and, count, desc, eq, isNull, lte, or, sql } from 'drizzle-orm'
import type { Page } from '@api/envelope'
import type { MessageKind, UnreadByKind, UnreadTotal, UserMessage } from '@api/social'
import { unixSeconds } from '../../clock'
import type { AppContext } from '../../context'
import { comments, follows, notifications, posts, users, videos } from '../../db/schema'
import type { Caller } from '../../http/auth'
import { pageOf, type Paging } from '../../http/paging'
import { notBlockedBy } from './relations'

const n = notifications

/** How much of the post a message shows. */
export const POST_EXCERPT_CHARS = 40

/**
 * The caller's messages that are shown: a notice (no actor), or one whose actor is a live account
 * the caller has not blocked. Needs `users` left-joined on the actor.
 */
function shownTo(userId: number) {
  return and(
    eq(n.userId, userId),
    or(isNull(n.actorId), and(isNull(users.deletedAt), notBlockedBy(userId, n.actorId))),
  )
}

/** The caller's messages of one kind, newest first (ties by id). */
export async function listMessages(
  app: AppContext,
  caller: Caller,
  kind: MessageKind,
  paging: Paging,
): Promise<Page<UserMessage>> {
  const where = and(shownTo(caller.userId), eq(n.kind, kind))
  const [{ total }] = await app.db
    .select({ total: count() })
    .from(n)
    .leftJoin(users, eq(users.id, n.actorId))
    .where(where)
  const rows = await app.db
    .select({
      id: n.id,
      kind: n.kind,
      actorId: n.actorId,
      nickname: users.nickname,
      avatar: users.avatar,
      title: n.title,
      content: n.content,
      postId: n.postId,
      commentId: sql<number | null>`coalesce(${n.commentId}, ${n.videoCommentId})`,
      videoId: n.videoId,
      // Only a live post is quoted; a deleted one leaves both empty. A video: its title and cover.
      postExcerpt: sql<
        string | null
      >`coalesce(left(${posts.content}, ${sql.raw(String(POST_EXCERPT_CHARS))}), ${videos.title})`,
      postImage: sql<string | null>`coalesce(${posts.images} ->> 0, nullif(${videos.cover}, ''))`,
      // For a follow: whether the caller follows the actor back (the 回关 button).
      followed: sql<boolean>`${n.kind} = 'follow' and exists (select 1 from ${follows} where ${follows.followerId} = ${caller.userId} and ${follows.followeeId} = ${n.actorId})`,
      // For a comment: whether it replies to the caller's own comment (a video comment's reply
      // answers reply_to_user_id, or when null its thread's top-level comment's author).
      reply: sql<boolean>`${n.kind} = 'comment' and (exists (select 1 from ${comments} where ${comments.id} = ${n.commentId} and ${comments.replyToUserId} = ${caller.userId}) or exists (select 1 from video_comments c join video_comments head on head.id = c.parent_id where c.id = ${n.videoCommentId} and coalesce(c.reply_to_user_id, head.user_id) = ${caller.userId}))`,
      readAt: n.readAt,
      createdAt: n.createdAt,
    })
    .from(n)
    .leftJoin(users, eq(users.id, n.actorId))
    .leftJoin(posts, and(eq(posts.id, n.postId), isNull(posts.deletedAt)))
    .leftJoin(videos, eq(videos.id, n.videoId))
    .where(where)
    .orderBy(desc(n.createdAt), desc(n.id))
    .limit(paging.pageSize)
    .offset(paging.offset)
  const list: UserMessage[] = rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    actor:
      row.actorId === null
        ? null
        : { userId: row.actorId, nickname: row.nickname ?? '', avatar: row.avatar ?? '' },
    title: row.title,
    content: row.content,
    postId: row.postId,
    commentId: row.commentId,
    videoId: row.videoId,
    postExcerpt: row.postExcerpt ?? '',
    postImage: row.postImage ?? '',
    followed: Boolean(row.followed),
    reply: Boolean(row.reply),
    read: row.readAt !== null,
    createdAt: unixSeconds(row.createdAt.getTime()),
  }))
  return pageOf(list, total, paging)
}

/** Unread messages per kind, counting only those the lists show. */
export async function unreadByKind(app: AppContext, caller: Caller): Promise<UnreadByKind> {
  const rows = await app.db
    .select({ kind: n.kind, n: count() })
    .from(n)
    .leftJoin(users, eq(users.id, n.actorId))
    .where(and(shownTo(caller.userId), isNull(n.readAt)))
    .groupBy(n.kind)
  const out: UnreadByKind = { notice: 0, comment: 0, like: 0, follow: 0 }
  for (const row of rows) out[row.kind] = row.n
  return out
}

export async function unreadTotal(app: AppContext, caller: Caller): Promise<UnreadTotal> {
  const byKind = await unreadByKind(app, caller)
  return { total: byKind.notice + byKind.comment + byKind.like + byKind.follow }
}

/**
 * Marks the caller's unread messages of one kind read (now); with `maxId`, only those with an id up
 * to it (the newest the client has shown), so messages that came after its list stay unread.
 * Answers how many were marked.
 */
export async function markKindRead(
  app: AppContext,
  caller: Caller,
  kind: MessageKind,
  maxId?: number,
): Promise<number> {
  const marked = await app.db
    .update(n)
    .set({ readAt: new Date(app.clock.now()) })
    .where(
      and(
        eq(n.userId, caller.userId),
        eq(n.kind, kind),
        isNull(n.readAt),
        maxId === undefined ? undefined : lte(n.id, maxId),
      ),
    )
    .returning({ id: n.id })
  return marked.length
}
