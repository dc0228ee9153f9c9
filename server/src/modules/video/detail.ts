/** The play page's video: the file, the author (followed), liked, album, next in album, book. */
import { and, asc, eq, gt, or, sql } from 'drizzle-orm'
import { VideoText } from '@rules/video'
import type { VideoDetail, VideoRef } from '@api/video'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { isOperator } from '../../db/operators'
import { books, follows, videoLikes, videos } from '../../db/schema'
import { notFound } from '../../http/errors'
import { signedFileUrl } from './fileAccess'
import {
  all,
  authorOf,
  fileUrlOf,
  findVideo,
  isPublished,
  selectVideos,
  toMine,
  type VideoRow,
} from './rows'

const exists = async (query: Promise<unknown[]>): Promise<boolean> => (await query).length > 0

/** The published video after `row` in its album (album order), or null. */
async function nextInAlbum(db: Db, row: VideoRow): Promise<VideoRef | null> {
  if (row.albumId === null) return null
  const [next] = await db
    .select({ id: videos.id, title: videos.title })
    .from(videos)
    .where(
      all(
        eq(videos.albumId, row.albumId),
        isPublished,
        or(
          gt(videos.albumSort, row.albumSort),
          and(eq(videos.albumSort, row.albumSort), gt(videos.id, row.id)),
        ),
      ),
    )
    .orderBy(asc(videos.albumSort), asc(videos.id))
    .limit(1)
  return next ?? null
}

/**
 * A row as the play page shows it to `viewerId` (the reason only for the owner, or an operator:
 * `staff`, who sees it though it is not published). The owner's or operator's unpublished video
 * plays from a signed address (a <Video> element sends no Authorization header).
 */
export async function detailOf(
  app: AppContext,
  row: VideoRow,
  viewerId: number | null,
  staff = false,
): Promise<VideoDetail> {
  const db = app.db
  const mine = viewerId !== null && row.ownerId === viewerId
  const signed =
    viewerId !== null && !row.seedAsset && (staff || (mine && row.reviewState !== 'approved'))
  const author = authorOf(row)
  const [followed, liked, next, book] = await Promise.all([
    viewerId !== null && author && !mine
      ? exists(
          db
            .select({ one: sql`1` })
            .from(follows)
            .where(and(eq(follows.followerId, viewerId), eq(follows.followeeId, author.id)))
            .limit(1),
        )
      : false,
    viewerId !== null
      ? exists(
          db
            .select({ one: sql`1` })
            .from(videoLikes)
            .where(and(eq(videoLikes.videoId, row.id), eq(videoLikes.userId, viewerId)))
            .limit(1),
        )
      : false,
    nextInAlbum(db, row),
    row.bookId === null
      ? undefined
      : db
          .select({ id: books.id, name: books.name, cover: books.cover })
          .from(books)
          .where(eq(books.id, row.bookId))
          .then((rows) => rows[0]),
  ])
  const own = toMine(row)
  return {
    ...own,
    reviewReason: mine || staff ? own.reviewReason : '',
    fileUrl: signed ? await signedFileUrl(app, row.id, viewerId) : fileUrlOf(row),
    fileSize: row.fileSize,
    mime: row.mime,
    author: author ? { ...author, followed } : null,
    album:
      row.albumId !== null && row.albumTitle !== null
        ? { id: row.albumId, title: row.albumTitle }
        : null,
    nextInAlbum: next,
    book: book ?? null,
    liked,
    mine,
  }
}

/**
 * App.Videos.VideoDetail: a published video, or one of mine in any state; an operator sees any
 * (to review it), with its reason.
 */
export async function videoDetail(
  app: AppContext,
  id: number,
  viewerId: number | null,
): Promise<VideoDetail> {
  try {
    return await detailOf(app, await findVideo(app.db, id, viewerId), viewerId)
  } catch (err) {
    if (viewerId === null || !(await isOperator(app.db, viewerId))) throw err
    const [row] = await selectVideos(app.db).where(eq(videos.id, id))
    if (!row) throw err
    return detailOf(app, row, viewerId, true)
  }
}

/** findVideosAuditAppDetail: one of my videos with its review state (anyone else's: 404). */
export async function mySubmission(
  app: AppContext,
  id: number,
  userId: number,
): Promise<VideoDetail> {
  const row = await findVideo(app.db, id, userId)
  if (row.ownerId !== userId) throw notFound(VideoText.notFound)
  return detailOf(app, row, userId)
}
