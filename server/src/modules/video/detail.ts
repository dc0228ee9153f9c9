/** The play page's video: the file, the author (followed), liked, album, next in album, book. */
import { and, asc, eq, gt, or, sql } from 'drizzle-orm'
import { VideoText } from '@rules/video'
import type { VideoDetail, VideoRef } from '@api/video'
import type { Db } from '../../db/client'
import { books, follows, videoLikes, videos } from '../../db/schema'
import { notFound } from '../../http/errors'
import { all, authorOf, fileUrlOf, findVideo, isPublished, toMine, type VideoRow } from './rows'

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

/** A row as the play page shows it to `viewerId` (the reason only for the owner). */
export async function detailOf(
  db: Db,
  row: VideoRow,
  viewerId: number | null,
): Promise<VideoDetail> {
  const mine = viewerId !== null && row.ownerId === viewerId
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
    reviewReason: mine ? own.reviewReason : '',
    fileUrl: fileUrlOf(row),
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

/** App.Videos.VideoDetail: a published video, or one of mine in any state. */
export async function videoDetail(
  db: Db,
  id: number,
  viewerId: number | null,
): Promise<VideoDetail> {
  return detailOf(db, await findVideo(db, id, viewerId), viewerId)
}

/** findVideosAuditAppDetail: one of my videos with its review state (anyone else's: 404). */
export async function mySubmission(db: Db, id: number, userId: number): Promise<VideoDetail> {
  const row = await findVideo(db, id, userId)
  if (row.ownerId !== userId) throw notFound(VideoText.notFound)
  return detailOf(db, row, userId)
}
