/**
 * Likes of videos (saveVideosUserGive) and of their comments (videosCommentLikeCancel): toggles,
 * as the feed's post likes: one row per person and thing, the counter moved in the same
 * transaction, the feed's toggle rate (social/actionMarks 'like', shared with post likes), a 'like'
 * message told once per person and thing and taken back by an unlike while unread. Someone the
 * author blocked cannot like. Only a published video's are liked.
 */
import { and, eq, isNull, sql } from 'drizzle-orm'
import { VideoText } from '@rules/video'
import type { VideoLikeRes } from '@api/video'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { users, videoCommentLikes, videoComments, videoLikes, videos } from '../../db/schema'
import { inTx } from '../../db/tx'
import { lockCaller } from '../../db/users'
import type { Caller } from '../../http/auth'
import { forbidden, notFound } from '../../http/errors'
import { markAction } from '../social/actionMarks'
import { hasBlocked, notify, withdrawUnreadLike } from '../social/relations'
import { lockPublishedVideo } from './comments'

/** 403 '对方已将你拉黑，无法点赞' when any of `authors` (null: the house) blocked the caller. */
async function refuseIfBlocked(tx: Db, authors: Array<number | null>, me: number): Promise<void> {
  for (const author of new Set(authors)) {
    if (author !== null && (await hasBlocked(tx, author, me))) {
      throw forbidden(VideoText.blockedLike)
    }
  }
}

/**
 * Removes the caller's like when there is one, else adds it: the new state, and how the counter
 * moves (by the row removed or added). The caller's row is locked, so the caller's own toggles
 * run one after the other; the primary key keeps one like per person.
 */
async function toggle(
  remove: () => Promise<unknown[]>,
  add: () => Promise<unknown[]>,
): Promise<{ liked: boolean; delta: -1 | 0 | 1 }> {
  if ((await remove()).length > 0) return { liked: false, delta: -1 }
  return { liked: true, delta: (await add()).length > 0 ? 1 : 0 }
}

/**
 * Likes a published video (404 '视频不存在' otherwise), or unlikes it when liked. The video's
 * `like_count` moves by the row that was added or removed; its author is told of a new like.
 */
export async function likeVideo(
  app: AppContext,
  caller: Caller,
  videoId: number,
): Promise<VideoLikeRes> {
  return inTx(app.db, async (tx) => {
    await lockCaller(tx, caller.userId)
    const now = new Date(app.clock.now())
    await markAction(tx, caller.userId, 'like', now.getTime())
    const video = await lockPublishedVideo(tx, videoId)
    await refuseIfBlocked(tx, [video.ownerId], caller.userId)
    const mine = and(eq(videoLikes.videoId, video.id), eq(videoLikes.userId, caller.userId))
    const { liked, delta } = await toggle(
      () => tx.delete(videoLikes).where(mine).returning({ id: videoLikes.videoId }),
      () =>
        tx
          .insert(videoLikes)
          .values({ videoId: video.id, userId: caller.userId, createdAt: now })
          .onConflictDoNothing()
          .returning({ id: videoLikes.videoId }),
    )
    const [row] = await tx
      .update(videos)
      .set({ likeCount: sql`greatest(${videos.likeCount} + ${delta}, 0)` })
      .where(eq(videos.id, video.id))
      .returning({ likeCount: videos.likeCount })
    if (video.ownerId !== null) {
      const like = { userId: video.ownerId, actorId: caller.userId, videoId: video.id }
      if (delta === 1) await notify(tx, { ...like, kind: 'like' }, now)
      else if (delta === -1) await withdrawUnreadLike(tx, like)
    }
    return { liked, likeCount: row.likeCount }
  })
}

/**
 * Likes a comment or reply on a published video, or unlikes it when liked. 404 '评论不存在' for a
 * comment by a deleted account, 404 '视频不存在' when its video is not published; 403 when the
 * comment's or the video's author blocked the caller. The comment's `like_count` moves by the row
 * that was added or removed; its author is told of a new like.
 */
export async function likeComment(
  app: AppContext,
  caller: Caller,
  commentId: number,
): Promise<VideoLikeRes> {
  return inTx(app.db, async (tx) => {
    await lockCaller(tx, caller.userId)
    const now = new Date(app.clock.now())
    await markAction(tx, caller.userId, 'like', now.getTime())
    const rows = await tx
      .select({
        id: videoComments.id,
        videoId: videoComments.videoId,
        userId: videoComments.userId,
      })
      .from(videoComments)
      .innerJoin(users, eq(users.id, videoComments.userId))
      .where(and(eq(videoComments.id, commentId), isNull(users.deletedAt)))
    const comment = rows[0]
    if (!comment) throw notFound(VideoText.commentNotFound)
    const video = await lockPublishedVideo(tx, comment.videoId)
    await refuseIfBlocked(tx, [comment.userId, video.ownerId], caller.userId)
    const mine = and(
      eq(videoCommentLikes.commentId, comment.id),
      eq(videoCommentLikes.userId, caller.userId),
    )
    const { liked, delta } = await toggle(
      () => tx.delete(videoCommentLikes).where(mine).returning({ id: videoCommentLikes.commentId }),
      () =>
        tx
          .insert(videoCommentLikes)
          .values({ commentId: comment.id, userId: caller.userId, createdAt: now })
          .onConflictDoNothing()
          .returning({ id: videoCommentLikes.commentId }),
    )
    const [row] = await tx
      .update(videoComments)
      .set({ likeCount: sql`greatest(${videoComments.likeCount} + ${delta}, 0)` })
      .where(eq(videoComments.id, comment.id))
      .returning({ likeCount: videoComments.likeCount })
    const like = {
      userId: comment.userId,
      actorId: caller.userId,
      videoId: video.id,
      videoCommentId: comment.id,
    }
    if (delta === 1) await notify(tx, { ...like, kind: 'like' }, now)
    else if (delta === -1) await withdrawUnreadLike(tx, like)
    return { liked, likeCount: row.likeCount }
  })
}
