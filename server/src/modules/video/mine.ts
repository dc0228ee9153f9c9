/**
 * My videos: the list of my submissions with their states, editing (a changed title, description
 * or cover goes back to review, as does any edit of a rejected one) and deleting (the file and
 * cover go too). Only the author changes a video: anyone else 403 for a published one, 404 for one
 * they cannot see.
 */
import { count, eq } from 'drizzle-orm'
import {
  videoDescriptionError,
  VideoText,
  videoTitleError,
  type VideoReviewState,
} from '@rules/video'
import type { Page } from '@api/envelope'
import type { MyVideo, UpdateVideoReq } from '@api/video'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { notifications, videos } from '../../db/schema'
import { inTx } from '../../db/tx'
import { lockCaller } from '../../db/users'
import type { Caller } from '../../http/auth'
import { badRequest, forbidden, notFound } from '../../http/errors'
import { pageOf, type Paging } from '../../http/paging'
import { pendingReview, removeFiles } from '../periodicals/shared'
import {
  coverOf,
  lockOwnAlbum,
  nextAlbumSort,
  releaseCover,
  requireBook,
  requireChannel,
  requireOwnCover,
} from './refs'
import { all, isPublished, newestFirst, selectVideos, toMine } from './rows'

/** My videos in every state or one, newest first. */
export async function myVideoList(
  app: AppContext,
  caller: Caller,
  state: VideoReviewState | undefined,
  at: Paging,
): Promise<Page<MyVideo>> {
  const where = all(
    eq(videos.ownerId, caller.userId),
    state ? eq(videos.reviewState, state) : undefined,
  )
  const [{ total }] = await app.db.select({ total: count() }).from(videos).where(where)
  const rows = await selectVideos(app.db)
    .where(where)
    .orderBy(...newestFirst)
    .limit(at.pageSize)
    .offset(at.offset)
  return pageOf(rows.map(toMine), total, at)
}

/**
 * The video `id` locked for a change by its author: missing 404; anyone else's 403 `refusal` when
 * published, else 404 as for a missing one (its existence is not told).
 */
async function lockOwn(tx: Db, caller: Caller, id: number, refusal: string) {
  const [row] = await tx.select().from(videos).where(eq(videos.id, id)).for('update')
  if (!row) throw notFound(VideoText.notFound)
  if (row.ownerId !== caller.userId) {
    const [seen] = await tx
      .select({ id: videos.id })
      .from(videos)
      .where(all(eq(videos.id, id), isPublished))
    throw seen ? forbidden(refusal) : notFound(VideoText.notFound)
  }
  return row
}

async function answerMine(db: Db, id: number, userId: number): Promise<MyVideo> {
  const [row] = await selectVideos(db).where(all(eq(videos.id, id), eq(videos.ownerId, userId)))
  if (!row) throw notFound(VideoText.notFound)
  return toMine(row)
}

const check = (problem: string | null) => {
  if (problem) throw badRequest(problem)
}

/** User.Videos.UpdateVideo. */
export async function updateVideo(
  app: AppContext,
  caller: Caller,
  edits: UpdateVideoReq,
): Promise<MyVideo> {
  if (edits.title !== undefined) check(videoTitleError(edits.title))
  if (edits.description !== undefined) check(videoDescriptionError(edits.description))
  const cover = edits.cover === undefined ? undefined : coverOf(edits.cover)
  if (edits.channelId !== undefined) await requireChannel(app.db, edits.channelId)
  if (edits.bookId) await requireBook(app.db, edits.bookId)
  const released = await inTx(app.db, async (tx) => {
    // The caller's row first, as every service attaching an upload (the sweep locks it too).
    await lockCaller(tx, caller.userId)
    const row = await lockOwn(tx, caller, edits.id, VideoText.onlyOwnerEdits)
    const title = edits.title?.trim() ?? row.title
    const description = edits.description?.trim() ?? row.description
    const coverUrl = cover?.url ?? row.cover
    if (cover && cover.url !== row.cover) await requireOwnCover(tx, caller.userId, cover)
    const set: Partial<typeof videos.$inferInsert> = {
      title,
      description,
      cover: coverUrl,
      updatedAt: new Date(app.clock.now()),
    }
    if (edits.channelId !== undefined) set.channelId = edits.channelId
    if (edits.bookId !== undefined) set.bookId = edits.bookId === 0 ? null : edits.bookId
    if (edits.albumId === 0) {
      set.albumId = null
      set.albumSort = 0
    } else if (edits.albumId !== undefined && edits.albumId !== row.albumId) {
      await lockOwnAlbum(tx, caller.userId, edits.albumId)
      set.albumId = edits.albumId
      set.albumSort = await nextAlbumSort(tx, edits.albumId)
    }
    // What others read changed, or a rejected video is resubmitted: an operator looks again.
    const reread =
      title !== row.title ||
      description !== row.description ||
      coverUrl !== row.cover ||
      row.reviewState === 'rejected'
    await tx
      .update(videos)
      .set(reread ? { ...set, ...pendingReview() } : set)
      .where(eq(videos.id, row.id))
    return coverUrl !== row.cover ? releaseCover(tx, caller.userId, row.cover) : []
  })
  await removeFiles(app, released)
  return answerMine(app.db, edits.id, caller.userId)
}

/**
 * User.Videos.DeleteVideo (deleteAppVideos): the row with its counts, likes and comments (by the
 * tables' cascades) and its messages; then the file and the cover's upload.
 */
export async function removeVideo(app: AppContext, caller: Caller, id: number): Promise<void> {
  const files = await inTx(app.db, async (tx) => {
    await lockCaller(tx, caller.userId)
    const row = await lockOwn(tx, caller, id, VideoText.onlyOwnerDeletes)
    await tx.delete(notifications).where(eq(notifications.videoId, id))
    await tx.delete(videos).where(eq(videos.id, id))
    const covers = await releaseCover(tx, caller.userId, row.cover)
    return [...(row.fileName ? [row.fileName] : []), ...covers]
  })
  await removeFiles(app, files)
}
