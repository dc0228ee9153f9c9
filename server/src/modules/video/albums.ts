/**
 * Albums (专辑): one owner's ordered set of their own videos (the house's for seeded ones), with
 * tags. Others see an album once it has a published video, and only its published videos; the
 * owner sees all of theirs. Only the owner changes an album.
 */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { albumIntroError, albumTitleError, VideoLimits, VideoText } from '@rules/video'
import type { Page } from '@api/envelope'
import type {
  AddAlbumReq,
  AlbumListReq,
  UpdateAlbumReq,
  VideoAlbum,
  VideoAlbumDetail,
  VideoAlbumTag,
} from '@api/video'
import { unixSeconds } from '../../clock'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { users, videoAlbums, videoAlbumTagLinks, videoAlbumTags, videos } from '../../db/schema'
import { inTx } from '../../db/tx'
import { lockCaller } from '../../db/users'
import type { Caller } from '../../http/auth'
import { badRequest, forbidden, notFound } from '../../http/errors'
import { pageOf, type Paging } from '../../http/paging'
import { removeFiles } from '../periodicals/shared'
import {
  checkTags,
  coverOf,
  lockOwnAlbum,
  releaseCover,
  requireChannel,
  requireOwnCover,
} from './refs'
import { all, isPublished, selectVideos, toAlbumVideo } from './rows'

/** The videos of album `a` that `viewerId` sees: published ones, or all when it is theirs. */
const seenIn = (viewerId: number | null): SQL =>
  viewerId === null
    ? isPublished
    : (sql`(${isPublished} or ${videoAlbums.ownerId} = ${viewerId})` as SQL)

const albumColumns = (viewerId: number | null) => ({
  id: videoAlbums.id,
  title: videoAlbums.title,
  intro: videoAlbums.intro,
  ownCover: videoAlbums.cover,
  channelId: videoAlbums.channelId,
  ownerId: videoAlbums.ownerId,
  ownerNickname: users.nickname,
  ownerAvatar: users.avatar,
  createdAt: videoAlbums.createdAt,
  updatedAt: videoAlbums.updatedAt,
  videoCount: sql<number>`(select count(*)::int from ${videos}
    where ${videos.albumId} = ${videoAlbums.id} and ${seenIn(viewerId)})`,
  firstCover: sql<string | null>`(select ${videos.cover} from ${videos}
    where ${videos.albumId} = ${videoAlbums.id} and ${seenIn(viewerId)} and ${videos.cover} <> ''
    order by ${videos.albumSort}, ${videos.id} limit 1)`,
})

type AlbumRow = {
  id: number
  title: string
  intro: string
  ownCover: string
  channelId: number | null
  ownerId: number | null
  ownerNickname: string | null
  ownerAvatar: string | null
  createdAt: Date
  updatedAt: Date
  videoCount: number
  firstCover: string | null
}

/** Albums `viewerId` sees: their own, and any with a published video. */
const albumVisibleTo = (viewerId: number | null): SQL => {
  const published = sql`exists (select 1 from ${videos}
    where ${videos.albumId} = ${videoAlbums.id} and ${isPublished})`
  return viewerId === null
    ? (published as SQL)
    : (sql`(${videoAlbums.ownerId} = ${viewerId} or ${published})` as SQL)
}

async function tagsOf(db: Db, albumIds: number[]): Promise<Map<number, VideoAlbumTag[]>> {
  const out = new Map<number, VideoAlbumTag[]>()
  if (albumIds.length === 0) return out
  const rows = await db
    .select({
      albumId: videoAlbumTagLinks.albumId,
      id: videoAlbumTags.id,
      name: videoAlbumTags.name,
    })
    .from(videoAlbumTagLinks)
    .innerJoin(videoAlbumTags, eq(videoAlbumTags.id, videoAlbumTagLinks.tagId))
    .where(inArray(videoAlbumTagLinks.albumId, albumIds))
    .orderBy(asc(videoAlbumTags.sort), asc(videoAlbumTags.id))
  for (const row of rows) {
    out.set(row.albumId, [...(out.get(row.albumId) ?? []), { id: row.id, name: row.name }])
  }
  return out
}

function toAlbum(row: AlbumRow, tags: VideoAlbumTag[], viewerId: number | null): VideoAlbum {
  return {
    id: row.id,
    title: row.title,
    intro: row.intro,
    cover: row.ownCover || row.firstCover || '',
    channelId: row.channelId,
    tags,
    videoCount: Number(row.videoCount),
    owner:
      row.ownerId === null
        ? null
        : { id: row.ownerId, nickname: row.ownerNickname ?? '', avatar: row.ownerAvatar ?? '' },
    mine: viewerId !== null && row.ownerId === viewerId,
    createdAt: unixSeconds(row.createdAt.getTime()),
    updatedAt: unixSeconds(row.updatedAt.getTime()),
  }
}

const selectAlbums = (db: Db, viewerId: number | null) =>
  db
    .select(albumColumns(viewerId))
    .from(videoAlbums)
    .leftJoin(users, eq(users.id, videoAlbums.ownerId))

/** App.Videos.VideoAlbumList: albums, last changed first. */
export async function albumList(
  app: AppContext,
  viewerId: number | null,
  filter: Pick<AlbumListReq, 'tagId' | 'channelId' | 'userId'>,
  at: Paging,
): Promise<Page<VideoAlbum>> {
  const where = all(
    albumVisibleTo(viewerId),
    filter.tagId === undefined
      ? undefined
      : sql`exists (select 1 from ${videoAlbumTagLinks} where ${videoAlbumTagLinks.albumId} = ${videoAlbums.id} and ${videoAlbumTagLinks.tagId} = ${filter.tagId})`,
    filter.channelId === undefined ? undefined : eq(videoAlbums.channelId, filter.channelId),
    filter.userId === undefined ? undefined : eq(videoAlbums.ownerId, filter.userId),
  )
  const [{ total }] = await app.db.select({ total: count() }).from(videoAlbums).where(where)
  const rows = await selectAlbums(app.db, viewerId)
    .where(where)
    .orderBy(desc(videoAlbums.updatedAt), desc(videoAlbums.id))
    .limit(at.pageSize)
    .offset(at.offset)
  const tags = await tagsOf(
    app.db,
    rows.map((r) => r.id),
  )
  return pageOf(
    rows.map((row) => toAlbum(row, tags.get(row.id) ?? [], viewerId)),
    total,
    at,
  )
}

/** App.Videos.VideoAlbumDetail: the album and its videos in order (404 while others see none). */
export async function albumDetail(
  db: Db,
  viewerId: number | null,
  id: number,
): Promise<VideoAlbumDetail> {
  const [row] = await selectAlbums(db, viewerId).where(
    all(eq(videoAlbums.id, id), albumVisibleTo(viewerId)),
  )
  if (!row) throw notFound(VideoText.albumNotFound)
  const mine = viewerId !== null && row.ownerId === viewerId
  const rows = await selectVideos(db)
    .where(all(eq(videos.albumId, id), mine ? undefined : isPublished))
    .orderBy(asc(videos.albumSort), asc(videos.id))
  const tags = await tagsOf(db, [id])
  return {
    album: toAlbum(row, tags.get(id) ?? [], viewerId),
    videos: rows.map(toAlbumVideo),
  }
}

const check = (problem: string | null) => {
  if (problem) throw badRequest(problem)
}

/** User.VideosAlbum.AddVideoAlbum. */
export async function addAlbum(
  app: AppContext,
  caller: Caller,
  input: AddAlbumReq,
): Promise<VideoAlbum> {
  check(albumTitleError(input.title))
  check(albumIntroError(input.intro ?? ''))
  const cover = coverOf(input.cover)
  const tagIds = await checkTags(app.db, input.tagIds ?? [])
  if (input.channelId !== undefined) await requireChannel(app.db, input.channelId)
  const id = await inTx(app.db, async (tx) => {
    await lockCaller(tx, caller.userId)
    await requireOwnCover(tx, caller.userId, cover)
    const now = new Date(app.clock.now())
    const [row] = await tx
      .insert(videoAlbums)
      .values({
        ownerId: caller.userId,
        title: input.title.trim(),
        intro: (input.intro ?? '').trim(),
        cover: cover.url,
        channelId: input.channelId ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: videoAlbums.id })
    if (tagIds.length) {
      await tx
        .insert(videoAlbumTagLinks)
        .values(tagIds.map((tagId) => ({ albumId: row.id, tagId })))
    }
    return row.id
  })
  return (await albumDetail(app.db, caller.userId, id)).album
}

/**
 * Puts exactly `videoIds` in the album, in that order: each must be the caller's (else 403); those
 * no longer listed leave it; a video listed here leaves any other album.
 */
async function setAlbumVideos(
  tx: Db,
  userId: number,
  albumId: number,
  videoIds: readonly number[],
): Promise<void> {
  const ids = [...new Set(videoIds)]
  if (ids.length > VideoLimits.albumMaxVideos) throw badRequest(VideoText.albumTooManyVideos)
  if (ids.length) {
    const [own] = await tx
      .select({ n: count() })
      .from(videos)
      .where(and(inArray(videos.id, ids), eq(videos.ownerId, userId)))
    if (own.n !== ids.length) throw forbidden(VideoText.albumOnlyOwnVideos)
  }
  await tx.update(videos).set({ albumId: null, albumSort: 0 }).where(eq(videos.albumId, albumId))
  if (ids.length === 0) return
  // One statement: each listed video takes its place (1, 2, ...) in the album.
  await tx.execute(sql`update ${videos}
    set album_id = ${albumId}, album_sort = listed.ord
    from unnest(${`{${ids.join(',')}}`}::int[]) with ordinality as listed(id, ord)
    where ${videos.id} = listed.id`)
}

/** User.VideosAlbum.UpdateVideoAlbum. */
export async function updateAlbum(
  app: AppContext,
  caller: Caller,
  input: UpdateAlbumReq,
): Promise<VideoAlbumDetail> {
  if (input.title !== undefined) check(albumTitleError(input.title))
  if (input.intro !== undefined) check(albumIntroError(input.intro))
  const cover = input.cover === undefined ? undefined : coverOf(input.cover)
  const tagIds = input.tagIds === undefined ? undefined : await checkTags(app.db, input.tagIds)
  if (input.channelId) await requireChannel(app.db, input.channelId)
  const released = await inTx(app.db, async (tx) => {
    await lockCaller(tx, caller.userId)
    const row = await lockOwnAlbum(tx, caller.userId, input.id)
    if (cover && cover.url !== row.cover) await requireOwnCover(tx, caller.userId, cover)
    await tx
      .update(videoAlbums)
      .set({
        title: input.title?.trim() ?? row.title,
        intro: input.intro?.trim() ?? row.intro,
        cover: cover?.url ?? row.cover,
        channelId:
          input.channelId === undefined
            ? row.channelId
            : input.channelId === 0
              ? null
              : input.channelId,
        updatedAt: new Date(app.clock.now()),
      })
      .where(eq(videoAlbums.id, row.id))
    if (tagIds) {
      await tx.delete(videoAlbumTagLinks).where(eq(videoAlbumTagLinks.albumId, row.id))
      if (tagIds.length) {
        await tx
          .insert(videoAlbumTagLinks)
          .values(tagIds.map((tagId) => ({ albumId: row.id, tagId })))
      }
    }
    if (input.videoIds) await setAlbumVideos(tx, caller.userId, row.id, input.videoIds)
    return cover && cover.url !== row.cover ? releaseCover(tx, caller.userId, row.cover) : []
  })
  await removeFiles(app, released)
  return albumDetail(app.db, caller.userId, input.id)
}

/** User.VideosAlbum.DeleteVideoAlbum: the album goes, its videos stay (in no album). */
export async function removeAlbum(app: AppContext, caller: Caller, id: number): Promise<void> {
  const released = await inTx(app.db, async (tx) => {
    await lockCaller(tx, caller.userId)
    const row = await lockOwnAlbum(tx, caller.userId, id)
    await tx.update(videos).set({ albumId: null, albumSort: 0 }).where(eq(videos.albumId, id))
    await tx.delete(videoAlbums).where(eq(videoAlbums.id, id))
    return releaseCover(tx, caller.userId, row.cover)
  })
  await removeFiles(app, released)
}
