/**
 * What a video or album refers to, checked: a cover (one of the caller's image uploads), a
 * channel, an album of the caller's (locked, with the next place in it), a book, album tags.
 */
import { and, count, eq, inArray, max } from 'drizzle-orm'
import { VideoLimits, VideoText } from '@rules/video'
import type { Db } from '../../db/client'
import { books, videoAlbums, videoAlbumTags, videoChannels, videos } from '../../db/schema'
import { badRequest, forbidden, notFound } from '../../http/errors'
import { parseUploadUrl, UPLOAD_URL_PREFIX } from '../common/uploadNames'
import { releaseUploads, requireOwnUploads } from '../periodicals/shared'
import { isPublished } from './rows'

export interface Cover {
  /** As stored: '/uploads/<name>' or ''. */
  url: string
  /** The upload's name, or null for none. */
  name: string | null
}

/** A cover as sent ('' for none; else one of our upload URLs), before its owner is checked. */
export function coverOf(raw: string | undefined): Cover {
  const text = (raw ?? '').trim()
  if (!text) return { url: '', name: null }
  const name = parseUploadUrl(text)
  if (!name) throw badRequest(VideoText.coverInvalid)
  return { url: `${UPLOAD_URL_PREFIX}${name}`, name }
}

/** In the transaction: the cover must be an upload of `userId`'s. */
export const requireOwnCover = (tx: Db, userId: number, cover: Cover): Promise<void> =>
  requireOwnUploads(tx, userId, cover.name ? [cover.name] : [], VideoText.coverInvalid)

/**
 * In the transaction that stopped using `oldUrl` (a replaced cover, a deleted video or album):
 * the upload's row when nothing else refers to it; answers the file names to remove after the
 * commit. Seeded covers (not uploads) are left alone.
 */
export function releaseCover(tx: Db, userId: number, oldUrl: string): Promise<string[]> {
  const name = parseUploadUrl(oldUrl)
  return name ? releaseUploads(tx, userId, [name]) : Promise.resolve([])
}

export async function requireChannel(db: Db, id: number): Promise<void> {
  const [row] = await db
    .select({ id: videoChannels.id })
    .from(videoChannels)
    .where(eq(videoChannels.id, id))
  if (!row) throw badRequest(VideoText.channelMissing)
}

export async function requireBook(db: Db, id: number): Promise<void> {
  const [row] = await db
    .select({ id: books.id })
    .from(books)
    .where(and(eq(books.id, id), eq(books.listed, true)))
  if (!row) throw badRequest(VideoText.bookNotFound)
}

/** Album tags: existing, repeats dropped, at most VideoLimits.albumMaxTags. */
export async function checkTags(db: Db, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)]
  if (unique.length > VideoLimits.albumMaxTags) throw badRequest(VideoText.albumTooManyTags)
  if (unique.length === 0) return []
  const rows = await db
    .select({ id: videoAlbumTags.id })
    .from(videoAlbumTags)
    .where(inArray(videoAlbumTags.id, unique))
  if (rows.length !== unique.length) throw badRequest(VideoText.tagInvalid)
  return unique
}

/**
 * The album `id`, locked for a change by `userId`: missing 404 '专辑不存在'; the house's or
 * someone else's 403 '只能修改自己的专辑' when others see it (it has a published video), else 404
 * as for a missing one.
 */
export async function lockOwnAlbum(
  tx: Db,
  userId: number,
  id: number,
): Promise<typeof videoAlbums.$inferSelect> {
  const [row] = await tx.select().from(videoAlbums).where(eq(videoAlbums.id, id)).for('update')
  if (!row) throw notFound(VideoText.albumNotFound)
  if (row.ownerId !== userId) {
    const [seen] = await tx
      .select({ id: videos.id })
      .from(videos)
      .where(and(eq(videos.albumId, id), isPublished))
      .limit(1)
    throw seen ? forbidden(VideoText.albumOnlyOwner) : notFound(VideoText.albumNotFound)
  }
  return row
}

/**
 * The place after the last video of an album (its row locked by the caller); a full album
 * (VideoLimits.albumMaxVideos) is refused, 400 '一个专辑最多100个视频'.
 */
export async function nextAlbumSort(tx: Db, albumId: number): Promise<number> {
  const [row] = await tx
    .select({ last: max(videos.albumSort), n: count() })
    .from(videos)
    .where(eq(videos.albumId, albumId))
  if ((row?.n ?? 0) >= VideoLimits.albumMaxVideos) throw badRequest(VideoText.albumTooManyVideos)
  return (row?.last ?? 0) + 1
}
