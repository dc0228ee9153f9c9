/**
 * Comments on videos and replies in their threads (findVideosCommentList,
 * findSubordinateVideosComment, saveVideosComment, saveVideosReplyComment). The feed's rules: the
 * text as checkComment keeps it (trimmed, 1..500, no blocked words), the feed's comment rate, no
 * comment or reply from someone the video's author (or the replied person) blocked, comments by
 * people the caller blocked left out of lists. Only a published video takes comments.
 */
import { and, asc, count, desc, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { Rates } from '@rules/limits'
import { VideoLimits, VideoText } from '@rules/video'
import type { Page } from '@api/envelope'
import type { VideoComment, VideoCommentThread } from '@api/video'
import { unixSeconds } from '../../clock'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { users, videoCommentLikes, videoComments, videos } from '../../db/schema'
import { inTx } from '../../db/tx'
import { lockCaller } from '../../db/users'
import type { Caller } from '../../http/auth'
import { forbidden, notFound } from '../../http/errors'
import { pageOf, type Paging } from '../../http/paging'
import { refuseOverRate } from '../../http/rates'
import { checkComment, COMMENT_BLOCKED } from '../feed/comments'
import { hasBlocked, notBlockedBy, notify } from '../social/relations'
import { isPublished, visibleTo } from './rows'

const replyUser = alias(users, 'reply_user')

/** A published video inside a transaction, its row locked (its counters change under the lock). */
export async function lockPublishedVideo(
  tx: Db,
  id: number,
): Promise<{ id: number; ownerId: number | null }> {
  const rows = await tx
    .select({ id: videos.id, ownerId: videos.ownerId })
    .from(videos)
    .where(and(eq(videos.id, id), isPublished))
    .for('update', { of: videos })
  if (!rows[0]) throw notFound(VideoText.notFound)
  return rows[0]
}

/** 404 unless the caller may see the video: published, or the caller's own. */
async function requireReadableVideo(
  app: AppContext,
  caller: Caller | null,
  id: number,
): Promise<void> {
  const rows = await app.db
    .select({ id: videos.id })
    .from(videos)
    .where(and(eq(videos.id, id), visibleTo(caller?.userId ?? null)))
  if (!rows[0]) throw notFound(VideoText.notFound)
}

/** Whether the caller likes the row's comment (false for a guest). */
function likedBy(caller: Caller | null): SQL<boolean> {
  if (!caller) return sql<boolean>`false`
  return sql<boolean>`exists (select 1 from ${videoCommentLikes} where ${videoCommentLikes.commentId} = ${videoComments.id} and ${videoCommentLikes.userId} = ${caller.userId})`
}

const columnsFor = (caller: Caller | null) => ({
  id: videoComments.id,
  videoId: videoComments.videoId,
  userId: videoComments.userId,
  nickname: users.nickname,
  avatar: users.avatar,
  parentId: videoComments.parentId,
  replyToUserId: videoComments.replyToUserId,
  replyNickname: replyUser.nickname,
  replyAvatar: replyUser.avatar,
  content: videoComments.content,
  likeCount: videoComments.likeCount,
  replyCount: videoComments.replyCount,
  createdAt: videoComments.createdAt,
  liked: likedBy(caller),
})

interface CommentRow {
  id: number
  videoId: number
  userId: number
  nickname: string
  avatar: string
  parentId: number | null
  replyToUserId: number | null
  replyNickname: string | null
  replyAvatar: string | null
  content: string
  likeCount: number
  replyCount: number
  createdAt: Date
  liked: boolean
}

function toComment(row: CommentRow, caller: Caller | null): VideoComment {
  return {
    id: row.id,
    videoId: row.videoId,
    author: { id: row.userId, nickname: row.nickname, avatar: row.avatar },
    content: row.content,
    parentId: row.parentId,
    replyTo:
      row.replyToUserId === null
        ? null
        : {
            id: row.replyToUserId,
            nickname: row.replyNickname ?? '',
            avatar: row.replyAvatar ?? '',
          },
    likeCount: row.likeCount,
    replyCount: row.replyCount,
    liked: Boolean(row.liked),
    mine: caller !== null && caller.userId === row.userId,
    createdAt: unixSeconds(row.createdAt.getTime()),
  }
}

/** The comments a caller is shown: by live accounts the caller has not blocked. */
const shownTo = (caller: Caller | null): SQL | undefined =>
  and(isNull(users.deletedAt), notBlockedBy(caller?.userId ?? null, videoComments.userId))

function selectComments(app: AppContext, caller: Caller | null, where: SQL | undefined) {
  return app.db
    .select(columnsFor(caller))
    .from(videoComments)
    .innerJoin(users, eq(users.id, videoComments.userId))
    .leftJoin(replyUser, eq(replyUser.id, videoComments.replyToUserId))
    .where(where)
}

async function countComments(app: AppContext, where: SQL | undefined): Promise<number> {
  const [{ total }] = await app.db
    .select({ total: count() })
    .from(videoComments)
    .innerJoin(users, eq(users.id, videoComments.userId))
    .where(where)
  return total
}

/**
 * The first `VideoLimits.commentReplyPreview` replies shown to the caller in each of the threads,
 * oldest first, by thread.
 */
async function firstReplies(
  app: AppContext,
  caller: Caller | null,
  threadIds: number[],
): Promise<Map<number, VideoComment[]>> {
  const out = new Map<number, VideoComment[]>()
  if (threadIds.length === 0) return out
  const ranked = app.db
    .select({
      id: videoComments.id,
      rank: sql<number>`row_number() over (partition by ${videoComments.parentId} order by ${videoComments.createdAt}, ${videoComments.id})`.as(
        'rank',
      ),
    })
    .from(videoComments)
    .innerJoin(users, eq(users.id, videoComments.userId))
    .where(and(inArray(videoComments.parentId, threadIds), shownTo(caller)))
    .as('ranked')
  const firstIds = app.db
    .select({ id: ranked.id })
    .from(ranked)
    .where(lte(ranked.rank, VideoLimits.commentReplyPreview))
  const rows = await selectComments(app, caller, inArray(videoComments.id, firstIds)).orderBy(
    asc(videoComments.createdAt),
    asc(videoComments.id),
  )
  for (const row of rows) {
    const thread = row.parentId ?? 0
    const list = out.get(thread) ?? []
    list.push(toComment(row, caller))
    out.set(thread, list)
  }
  return out
}

/**
 * A video's top-level comments, newest first (ties by id), each with its reply count, like count,
 * whether the caller likes it and its first replies; without comments by people the caller
 * blocked. 404 '视频不存在' unless the video is published or the caller's.
 */
export async function listComments(
  app: AppContext,
  caller: Caller | null,
  videoId: number,
  paging: Paging,
): Promise<Page<VideoCommentThread>> {
  await requireReadableVideo(app, caller, videoId)
  const where = and(
    eq(videoComments.videoId, videoId),
    isNull(videoComments.parentId),
    shownTo(caller),
  )
  const [total, rows] = await Promise.all([
    countComments(app, where),
    selectComments(app, caller, where)
      .orderBy(desc(videoComments.createdAt), desc(videoComments.id))
      .limit(paging.pageSize)
      .offset(paging.offset),
  ])
  const replies = await firstReplies(
    app,
    caller,
    rows.map((row) => row.id),
  )
  return pageOf(
    rows.map((row) => ({ ...toComment(row, caller), replies: replies.get(row.id) ?? [] })),
    total,
    paging,
  )
}

/**
 * The replies in a top-level comment's thread (a reply's id lists its thread), oldest first,
 * without those by people the caller blocked. 404 '评论不存在' for a comment the caller is not
 * shown, 404 '视频不存在' when its video is neither published nor the caller's.
 */
export async function listReplies(
  app: AppContext,
  caller: Caller | null,
  commentId: number,
  paging: Paging,
): Promise<Page<VideoComment>> {
  const rows = await app.db
    .select({ videoId: videoComments.videoId, parentId: videoComments.parentId })
    .from(videoComments)
    .innerJoin(users, eq(users.id, videoComments.userId))
    .where(and(eq(videoComments.id, commentId), shownTo(caller)))
  const comment = rows[0]
  if (!comment) throw notFound(VideoText.commentNotFound)
  await requireReadableVideo(app, caller, comment.videoId)
  const where = and(eq(videoComments.parentId, comment.parentId ?? commentId), shownTo(caller))
  const [total, list] = await Promise.all([
    countComments(app, where),
    selectComments(app, caller, where)
      .orderBy(asc(videoComments.createdAt), asc(videoComments.id))
      .limit(paging.pageSize)
      .offset(paging.offset),
  ])
  return pageOf(
    list.map((row) => toComment(row, caller)),
    total,
    paging,
  )
}

/** Counts a comment against the feed's comment rate (429), under the caller's row lock. */
async function refuseOverCommentRate(tx: Db, userId: number, now: Date): Promise<void> {
  await refuseOverRate(
    tx,
    Rates.comment,
    { table: videoComments, user: videoComments.userId, at: videoComments.createdAt },
    userId,
    now.getTime(),
  )
}

/**
 * A top-level comment on a published video (404 '视频不存在' otherwise); someone the video's author
 * blocked gets 403. One transaction: the row, the video's `comment_count`, and a 'comment' message
 * for the video's author.
 */
export async function addComment(
  app: AppContext,
  caller: Caller,
  req: { videoId: number; content: string },
): Promise<VideoComment> {
  const content = checkComment(req.content)
  return inTx(app.db, async (tx) => {
    const me = await lockCaller(tx, caller.userId)
    const now = new Date(app.clock.now())
    await refuseOverCommentRate(tx, caller.userId, now)
    const video = await lockPublishedVideo(tx, req.videoId)
    if (video.ownerId !== null && (await hasBlocked(tx, video.ownerId, caller.userId))) {
      throw forbidden(COMMENT_BLOCKED)
    }
    const [row] = await tx
      .insert(videoComments)
      .values({ videoId: video.id, userId: caller.userId, content, createdAt: now })
      .returning()
    await tx
      .update(videos)
      .set({ commentCount: sql`${videos.commentCount} + 1` })
      .where(eq(videos.id, video.id))
    if (video.ownerId !== null) {
      await notify(
        tx,
        {
          userId: video.ownerId,
          kind: 'comment',
          actorId: caller.userId,
          videoId: video.id,
          videoCommentId: row.id,
          content,
        },
        now,
      )
    }
    return toComment(
      {
        ...row,
        nickname: me.nickname,
        avatar: me.avatar,
        replyNickname: null,
        replyAvatar: null,
        liked: false,
      },
      caller,
    )
  })
}

/** A live comment (by a live account) with its thread's top-level comment's author. */
async function findComment(tx: Db, id: number) {
  const head = alias(videoComments, 'head')
  const rows = await tx
    .select({
      id: videoComments.id,
      videoId: videoComments.videoId,
      userId: videoComments.userId,
      parentId: videoComments.parentId,
      threadAuthorId: sql<number>`coalesce(${head.userId}, ${videoComments.userId})`,
    })
    .from(videoComments)
    .innerJoin(users, eq(users.id, videoComments.userId))
    .leftJoin(head, eq(head.id, videoComments.parentId))
    .where(and(eq(videoComments.id, id), isNull(users.deletedAt)))
  return rows[0]
}

/** Whether `userId` wrote a comment in the thread (its top-level comment or a reply) by a live account. */
async function wroteInThread(tx: Db, threadId: number, userId: number): Promise<boolean> {
  const rows = await tx
    .select({ one: sql<number>`1` })
    .from(videoComments)
    .innerJoin(users, eq(users.id, videoComments.userId))
    .where(
      and(
        or(eq(videoComments.id, threadId), eq(videoComments.parentId, threadId)),
        eq(videoComments.userId, userId),
        isNull(users.deletedAt),
      ),
    )
    .limit(1)
  return rows.length > 0
}

/**
 * A reply to a comment of a published video: a reply to a reply joins its thread (`parent_id` is
 * the thread's top-level comment). It answers `replyToUserId` (someone who wrote in the thread,
 * else 404 '用户不存在'), by default the replied comment's author; `reply_to_user_id` is kept null
 * when that is the top-level comment's author. Someone the video's author, the replied comment's
 * author or the person answered blocked gets 403. One transaction: the row, the video's
 * `comment_count`, the thread's `reply_count`, and 'comment' messages for the video's author and
 * the person answered (once each).
 */
export async function addReply(
  app: AppContext,
  caller: Caller,
  req: { commentId: number; content: string; replyToUserId?: number },
): Promise<VideoComment> {
  const content = checkComment(req.content)
  return inTx(app.db, async (tx) => {
    const me = await lockCaller(tx, caller.userId)
    const now = new Date(app.clock.now())
    await refuseOverCommentRate(tx, caller.userId, now)
    const target = await findComment(tx, req.commentId)
    if (!target) throw notFound(VideoText.commentNotFound)
    // The video's lock guards its comments too (a video's comments go only with the video).
    const video = await lockPublishedVideo(tx, target.videoId)
    const threadId = target.parentId ?? target.id
    const answered = req.replyToUserId ?? target.userId
    if (answered !== target.userId && !(await wroteInThread(tx, threadId, answered))) {
      throw notFound(VideoText.userNotFound)
    }
    const blockers = new Set([video.ownerId, target.userId, answered])
    for (const blocker of blockers) {
      if (blocker !== null && (await hasBlocked(tx, blocker, caller.userId))) {
        throw forbidden(COMMENT_BLOCKED)
      }
    }
    const replyToUserId = answered === target.threadAuthorId ? null : answered
    const [row] = await tx
      .insert(videoComments)
      .values({
        videoId: video.id,
        userId: caller.userId,
        parentId: threadId,
        replyToUserId,
        content,
        createdAt: now,
      })
      .returning()
    await tx
      .update(videos)
      .set({ commentCount: sql`${videos.commentCount} + 1` })
      .where(eq(videos.id, video.id))
    await tx
      .update(videoComments)
      .set({ replyCount: sql`${videoComments.replyCount} + 1` })
      .where(eq(videoComments.id, threadId))

    const note = {
      kind: 'comment' as const,
      actorId: caller.userId,
      videoId: video.id,
      videoCommentId: row.id,
      content,
    }
    if (video.ownerId !== null) await notify(tx, { ...note, userId: video.ownerId }, now)
    if (answered !== video.ownerId) await notify(tx, { ...note, userId: answered }, now)

    let replyTo: { nickname: string; avatar: string } | null = null
    if (replyToUserId !== null) {
      const [person] = await tx
        .select({ nickname: users.nickname, avatar: users.avatar })
        .from(users)
        .where(eq(users.id, replyToUserId))
      replyTo = person ?? { nickname: '', avatar: '' }
    }
    return toComment(
      {
        ...row,
        nickname: me.nickname,
        avatar: me.avatar,
        replyNickname: replyTo?.nickname ?? null,
        replyAvatar: replyTo?.avatar ?? null,
        liked: false,
      },
      caller,
    )
  })
}
