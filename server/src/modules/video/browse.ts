/**
 * Browsing published videos: channels and tags, the lists (a channel, an album, a search), the home
 * row, a person's videos, the most played and the videos about a book. Videos of people the caller
 * blocked are left out, as in the feed.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm'
import { VideoLimits, VideoText } from '@rules/video'
import type { Page } from '@api/envelope'
import type { BookVideo, VideoAlbumTag, VideoChannel, VideoListReq, VideoSummary } from '@api/video'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { books, users, videoAlbumTags, videoChannels, videos } from '../../db/schema'
import { badRequest, notFound } from '../../http/errors'
import { pageOf, type Paging } from '../../http/paging'
import { notBlockedBy } from '../social/relations'
import { all, isPublished, newestFirst, selectVideos, toSummary, type VideoRow } from './rows'

/** `%` and `_` in a keyword match themselves. */
const likePattern = (term: string): string => `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

/** Published videos `viewerId` sees in lists (not those of people they blocked). */
const listed = (viewerId: number | null): SQL =>
  all(isPublished, notBlockedBy(viewerId, videos.ownerId))

async function pageOfVideos(
  db: Db,
  where: SQL,
  order: SQL[],
  at: Paging,
): Promise<{ rows: VideoRow[]; total: number }> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(videos)
    .leftJoin(users, eq(users.id, videos.ownerId))
    .where(where)
  const rows = await selectVideos(db)
    .where(where)
    .orderBy(...order)
    .limit(at.pageSize)
    .offset(at.offset)
  return { rows, total }
}

/** The channels in display order, each with its number of published videos. */
export async function channelList(app: AppContext): Promise<VideoChannel[]> {
  const rows = await app.db
    .select({
      id: videoChannels.id,
      name: videoChannels.name,
      icon: videoChannels.icon,
      videoCount: sql<number>`count(${videos.id})::int`,
    })
    .from(videoChannels)
    .leftJoin(videos, and(eq(videos.channelId, videoChannels.id), isPublished))
    .groupBy(videoChannels.id)
    .orderBy(asc(videoChannels.sort), asc(videoChannels.id))
  return rows.map((r) => ({ ...r, videoCount: Number(r.videoCount) }))
}

export async function albumTagList(app: AppContext): Promise<VideoAlbumTag[]> {
  return app.db
    .select({ id: videoAlbumTags.id, name: videoAlbumTags.name })
    .from(videoAlbumTags)
    .orderBy(asc(videoAlbumTags.sort), asc(videoAlbumTags.id))
}

/** A search keyword as matched ('' for none); longer than 30 characters: 400. */
function keywordOf(raw: string | undefined): string {
  const keyword = (raw ?? '').trim()
  if ([...keyword].length > VideoLimits.keywordMaxChars) throw badRequest(VideoText.keywordTooLong)
  return keyword
}

/**
 * App.Videos.VideoList: published videos, newest first, of a channel, of an album (in album
 * order) or matching a keyword in the title or the author's nickname.
 */
export async function videoList(
  app: AppContext,
  viewerId: number | null,
  filter: Pick<VideoListReq, 'channelId' | 'albumId' | 'keyword'>,
  at: Paging,
): Promise<Page<VideoSummary>> {
  const keyword = keywordOf(filter.keyword)
  const conditions: (SQL | undefined)[] = [listed(viewerId)]
  if (filter.channelId !== undefined) conditions.push(eq(videos.channelId, filter.channelId))
  if (filter.albumId !== undefined) conditions.push(eq(videos.albumId, filter.albumId))
  if (keyword) {
    const pattern = likePattern(keyword)
    conditions.push(or(ilike(videos.title, pattern), ilike(users.nickname, pattern)))
  }
  const order = filter.albumId !== undefined ? [asc(videos.albumSort), asc(videos.id)] : newestFirst
  const { rows, total } = await pageOfVideos(app.db, all(...conditions), order, at)
  return pageOf(rows.map(toSummary), total, at)
}

/** App.Index.VideoList: the home row, the newest published videos. */
export async function homeRow(app: AppContext, viewerId: number | null): Promise<VideoSummary[]> {
  const rows = await selectVideos(app.db)
    .where(listed(viewerId))
    .orderBy(...newestFirst)
    .limit(VideoLimits.homeRowSize)
  return rows.map(toSummary)
}

/** findUserIdSentVideos: a person's published videos, newest first. */
export async function userVideos(
  app: AppContext,
  viewerId: number | null,
  userId: number,
  at: Paging,
): Promise<Page<VideoSummary>> {
  const [person] = await app.db.select({ id: users.id }).from(users).where(eq(users.id, userId))
  if (!person) throw notFound(VideoText.userNotFound)
  const where = all(listed(viewerId), eq(videos.ownerId, userId))
  const { rows, total } = await pageOfVideos(app.db, where, newestFirst, at)
  return pageOf(rows.map(toSummary), total, at)
}

/** findAppVideosReadingList: the most played published videos. */
export async function mostPlayed(
  app: AppContext,
  viewerId: number | null,
  at: Paging,
): Promise<Page<VideoSummary>> {
  const order = [desc(videos.playCount), ...newestFirst]
  const { rows, total } = await pageOfVideos(app.db, listed(viewerId), order, at)
  return pageOf(rows.map(toSummary), total, at)
}

/** findShopVideosList: published videos about a book (or about any book), with the book. */
export async function shopVideos(
  app: AppContext,
  viewerId: number | null,
  bookId: number | undefined,
  at: Paging,
): Promise<Page<BookVideo>> {
  if (bookId !== undefined) {
    const [book] = await app.db.select({ id: books.id }).from(books).where(eq(books.id, bookId))
    if (!book) throw notFound(VideoText.bookNotFound)
  }
  const where = all(
    listed(viewerId),
    bookId === undefined ? isNotNull(videos.bookId) : eq(videos.bookId, bookId),
  )
  const { rows, total } = await pageOfVideos(app.db, where, newestFirst, at)
  const bookIds = [...new Set(rows.map((r) => r.bookId).filter((id): id is number => id !== null))]
  const bookRows = bookIds.length
    ? await app.db
        .select({ id: books.id, name: books.name, cover: books.cover })
        .from(books)
        .where(inArray(books.id, bookIds))
    : []
  const byId = new Map(bookRows.map((b) => [b.id, b]))
  return pageOf(
    rows.flatMap((row) => {
      const book = row.bookId === null ? undefined : byId.get(row.bookId)
      return book ? [{ ...toSummary(row), book }] : []
    }),
    total,
    at,
  )
}
