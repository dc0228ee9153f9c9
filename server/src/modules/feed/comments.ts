import { textLength } from '@rules/validate'
import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { Limits, Rates } from '@rules/limits'
import { BLOCKED_TEXT_MESSAGE } from '@rules/moderation'
import type { Page } from '@api/envelope'
import type { Comment, CommentDetail } from '@api/feed'
import { unixSeconds } from '../../clock'
import type { AppContext } from '../../context'
import { comments, notifications, posts, users } from '../../db/schema'
import { inTx } from '../../db/tx'
import { refuseOverRate } from '../../http/rates'
import type { Caller } from '../../http/auth'
import { badRequest, forbidden, notFound } from '../../http/errors'
import { lockCaller } from '../../db/users'
import { moderateText } from '../common/moderation'
import { hasBlocked, notBlockedBy, notify } from '../social/relations'
import { COMMENT_NOT_FOUND, FEED_PAGE_SIZE, POST_NOT_FOUND, type Paging } from './input'
import { lockShownPost, postShown } from './posts'

const replyUser = alias(users, 'reply_user')

const columns = {
  id: comments.id,
  postId: comments.postId,
  userId: comments.userId,
  nickname: users.nickname,
  avatar: users.avatar,
  parentId: comments.parentId,
  replyToUserId: comments.replyToUserId,
  replyNickname: replyUser.nickname,
  replyAvatar: replyUser.avatar,
  content: comments.content,
  replyCount: comments.replyCount,
  createdAt: comments.createdAt,
  postAuthorId: posts.userId,
}

interface CommentRow {
  id: number
  postId: number
  userId: number
  nickname: string
  avatar: string
  parentId: number | null
  replyToUserId: number | null
  replyNickname: string | null
  replyAvatar: string | null
  content: string
  replyCount: number
  createdAt: Date
  postAuthorId: number
}

function toComment(row: CommentRow, caller: Caller | null): Comment {
  return {
    id: row.id,
    postId: row.postId,
    author: { userId: row.userId, nickname: row.nickname, avatar: row.avatar },
    content: row.content,
    parentId: row.parentId,
    replyTo:
      row.replyToUserId === null
        ? null
        : {
            userId: row.replyToUserId,
            nickname: row.replyNickname ?? '',
            avatar: row.replyAvatar ?? '',
          },
    replyCount: row.replyCount,
    canDelete:
      caller !== null && (caller.userId === row.userId || caller.userId === row.postAuthorId),
    createdAt: unixSeconds(row.createdAt.getTime()),
  }
}

/** A comment is shown while it, its post and both authors' accounts are live. */
const commentShown = [isNull(comments.deletedAt), isNull(users.deletedAt), isNull(posts.deletedAt)]
const postAuthor = alias(users, 'post_author')

function selectComments(app: AppContext, where: SQL | undefined) {
  return app.db
    .select(columns)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .innerJoin(posts, eq(posts.id, comments.postId))
    .innerJoin(postAuthor, and(eq(postAuthor.id, posts.userId), isNull(postAuthor.deletedAt)))
    .leftJoin(replyUser, eq(replyUser.id, comments.replyToUserId))
    .where(where)
}

async function countComments(app: AppContext, where: SQL | undefined): Promise<number> {
  const [{ total }] = await app.db
    .select({ total: count() })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .innerJoin(posts, eq(posts.id, comments.postId))
    .innerJoin(postAuthor, and(eq(postAuthor.id, posts.userId), isNull(postAuthor.deletedAt)))
    .where(where)
  return total
}

/** 404 unless the post is shown. */
async function requireShownPost(app: AppContext, id: number): Promise<void> {
  const rows = await app.db
    .select({ id: posts.id })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(eq(posts.id, id), ...postShown))
  if (!rows[0]) throw notFound(POST_NOT_FOUND)
}

/**
 * The shown comment, or 404 评论不存在; 404 as well for a caller who blocked its author (the
 * detail and a thread's replies show no more than the lists do).
 */
async function shownComment(app: AppContext, caller: Caller | null, id: number): Promise<Comment> {
  const rows = await selectComments(
    app,
    and(
      eq(comments.id, id),
      ...commentShown,
      notBlockedBy(caller?.userId ?? null, comments.userId),
    ),
  )
  if (!rows[0]) throw notFound(COMMENT_NOT_FOUND)
  return toComment(rows[0], caller)
}

async function pageOf(
  app: AppContext,
  caller: Caller | null,
  where: SQL | undefined,
  paging: Paging,
): Promise<Page<Comment>> {
  const total = await countComments(app, where)
  const rows = await selectComments(app, where)
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(paging.pageSize)
    .offset(paging.offset)
  return {
    list: rows.map((row) => toComment(row, caller)),
    total,
    page: paging.page,
    pageSize: paging.pageSize,
  }
}

/**
 * A post's top-level comments (`postId`), or the replies in one thread (`parentId`; it wins when
 * both come), oldest first, without comments by people the caller blocked.
 */
export async function listComments(
  app: AppContext,
  caller: Caller | null,
  filter: { postId?: number; parentId?: number },
  paging: Paging,
): Promise<Page<Comment>> {
  const hidden = notBlockedBy(caller?.userId ?? null, comments.userId)
  if (filter.parentId !== undefined) {
    const parent = await shownComment(app, caller, filter.parentId)
    if (filter.postId !== undefined && parent.postId !== filter.postId) {
      throw notFound(COMMENT_NOT_FOUND)
    }
    return pageOf(
      app,
      caller,
      and(eq(comments.parentId, parent.id), ...commentShown, hidden),
      paging,
    )
  }
  if (filter.postId === undefined) throw badRequest('请选择读后感')
  await requireShownPost(app, filter.postId)
  return pageOf(
    app,
    caller,
    and(eq(comments.postId, filter.postId), isNull(comments.parentId), ...commentShown, hidden),
    paging,
  )
}

/** A comment with the first page of its replies (a reply has none). */
export async function commentDetail(
  app: AppContext,
  caller: Caller | null,
  id: number,
): Promise<CommentDetail> {
  const comment = await shownComment(app, caller, id)
  if (comment.parentId !== null) return { ...comment, replies: [] }
  const replies = await pageOf(
    app,
    caller,
    and(
      eq(comments.parentId, comment.id),
      ...commentShown,
      notBlockedBy(caller?.userId ?? null, comments.userId),
    ),
    { page: 1, pageSize: FEED_PAGE_SIZE, offset: 0 },
  )
  return { ...comment, replies: replies.list }
}

export const COMMENT_EMPTY = '请输入评论内容'
export const COMMENT_TOO_LONG = `评论不能超过${Limits.commentMaxChars}字`
export const COMMENT_BLOCKED = '对方已将你拉黑，无法评论'

/** The text as it will be stored: trimmed, 1..commentMaxChars, no blocked words. */
export function checkComment(raw: string): string {
  const content = raw.trim()
  if (content === '') throw badRequest(COMMENT_EMPTY)
  if (textLength(content) > Limits.commentMaxChars) throw badRequest(COMMENT_TOO_LONG)
  if (!moderateText(content).pass) throw badRequest(BLOCKED_TEXT_MESSAGE)
  return content
}

/**
 * Comments on a shown post, or replies with `parentId` (a live comment of the same post; a reply
 * to a reply joins its thread: `parent_id` is the thread's top-level comment, `reply_to_user_id`
 * the replied comment's author). Someone the post's author blocked gets 403. One transaction:
 * the row, the post's `comment_count`, the thread's `reply_count`, and 'comment' notifications
 * for the post's author and the replied person (once each).
 */
export async function addComment(
  app: AppContext,
  caller: Caller,
  req: { postId: number; parentId?: number; content: string },
): Promise<Comment> {
  const content = checkComment(req.content)
  return inTx(app.db, async (tx) => {
    const me = await lockCaller(tx, caller.userId)
    const now = new Date(app.clock.now())
    await refuseOverRate(
      tx,
      Rates.comment,
      { table: comments, user: comments.userId, at: comments.createdAt },
      caller.userId,
      now.getTime(),
    )
    const post = await lockShownPost(tx, req.postId)
    if (await hasBlocked(tx, post.userId, caller.userId)) throw forbidden(COMMENT_BLOCKED)

    let thread: number | null = null
    let replyTo: { userId: number; nickname: string; avatar: string } | null = null
    if (req.parentId !== undefined) {
      const parents = await tx
        .select({
          id: comments.id,
          parentId: comments.parentId,
          userId: comments.userId,
          nickname: users.nickname,
          avatar: users.avatar,
        })
        .from(comments)
        .innerJoin(users, eq(users.id, comments.userId))
        .where(
          and(
            eq(comments.id, req.parentId),
            eq(comments.postId, post.id),
            isNull(comments.deletedAt),
            isNull(users.deletedAt),
          ),
        )
      const parent = parents[0]
      if (!parent) throw notFound(COMMENT_NOT_FOUND)
      thread = parent.parentId ?? parent.id
      replyTo = { userId: parent.userId, nickname: parent.nickname, avatar: parent.avatar }
    }

    const [row] = await tx
      .insert(comments)
      .values({
        postId: post.id,
        userId: caller.userId,
        parentId: thread,
        replyToUserId: replyTo?.userId ?? null,
        content,
        createdAt: now,
      })
      .returning()
    await tx
      .update(posts)
      .set({ commentCount: sql`${posts.commentCount} + 1` })
      .where(eq(posts.id, post.id))
    if (thread !== null) {
      await tx
        .update(comments)
        .set({ replyCount: sql`${comments.replyCount} + 1` })
        .where(eq(comments.id, thread))
    }

    const note = { kind: 'comment' as const, actorId: caller.userId, postId: post.id, content }
    await notify(tx, { ...note, userId: post.userId, commentId: row.id }, now)
    if (replyTo && replyTo.userId !== post.userId) {
      await notify(tx, { ...note, userId: replyTo.userId, commentId: row.id }, now)
    }

    return {
      id: row.id,
      postId: row.postId,
      author: { userId: me.id, nickname: me.nickname, avatar: me.avatar },
      content: row.content,
      parentId: row.parentId,
      replyTo,
      replyCount: 0,
      canDelete: true,
      createdAt: unixSeconds(now.getTime()),
    }
  })
}

/**
 * By the comment's author or the post's author (403 otherwise); soft delete. Deleting a top-level
 * comment deletes its replies too; the post's `comment_count` and the thread's `reply_count` move
 * and the messages of the removed comments (which quote their text) are deleted, in the same
 * transaction.
 */
export async function deleteComment(app: AppContext, caller: Caller, id: number): Promise<void> {
  await inTx(app.db, async (tx) => {
    // Locks the comment and its post: a new reply (which locks the post) waits for this.
    const rows = await tx
      .select({
        id: comments.id,
        userId: comments.userId,
        parentId: comments.parentId,
        postId: comments.postId,
        postAuthorId: posts.userId,
      })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .where(and(eq(comments.id, id), isNull(comments.deletedAt), isNull(posts.deletedAt)))
      .for('update')
    const target = rows[0]
    if (!target) throw notFound(COMMENT_NOT_FOUND)
    if (target.userId !== caller.userId && target.postAuthorId !== caller.userId) {
      throw forbidden('无权删除该评论')
    }
    const now = new Date(app.clock.now())
    let removed = 1
    if (target.parentId === null) {
      const replies = await tx
        .update(comments)
        .set({ deletedAt: now })
        .where(and(eq(comments.parentId, target.id), isNull(comments.deletedAt)))
        .returning({ id: comments.id })
      removed += replies.length
    } else {
      await tx
        .update(comments)
        .set({ replyCount: sql`greatest(${comments.replyCount} - 1, 0)` })
        .where(eq(comments.id, target.parentId))
    }
    await tx.update(comments).set({ deletedAt: now }).where(eq(comments.id, target.id))
    await tx
      .update(posts)
      .set({ commentCount: sql`greatest(${posts.commentCount} - ${removed}, 0)` })
      .where(eq(posts.id, target.postId))
    // The comment's messages and, for a top-level comment, those of every reply in its thread
    // (replies deleted before had theirs deleted then).
    await tx.delete(notifications).where(eq(notifications.commentId, target.id))
    if (target.parentId === null) {
      const thread = tx
        .select({ id: comments.id })
        .from(comments)
        .where(eq(comments.parentId, target.id))
      await tx.delete(notifications).where(inArray(notifications.commentId, thread))
    }
    return null
  })
}
