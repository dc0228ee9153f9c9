/** Reading video rows: who may see a video, the columns of the answers and the shapes. */
import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm'
import { videoFileUrl, VideoLimits, VideoText } from '@rules/video'
import type { AlbumVideo, MyVideo, VideoAuthor, VideoSummary } from '@api/video'
import { unixSeconds } from '../../clock'
import type { Db } from '../../db/client'
import { users, videoAlbums, videoChannels, videos } from '../../db/schema'
import { notFound } from '../../http/errors'
import { paging, type Paging } from '../../http/paging'
import { seedAssetUrl } from '../common/seedAssets'

/** Lists: 10 a page by default, at most 50. */
export const videoPaging = (input: { page?: number; pageSize?: number }): Paging =>
  paging(input, VideoLimits.pageSize, VideoLimits.pageSizeMax)

/** Every condition (and() typed for a list that is never empty). */
export const all = (...conditions: (SQL | undefined)[]): SQL => and(...conditions) as SQL

/**
 * Published: approved (house videos are approved when seeded), and not by an account since
 * deleted (as the feed hides their posts).
 */
export const isPublished: SQL = sql`(${videos.reviewState} = 'approved' and not exists (
  select 1 from ${users} as gone_owner
  where gone_owner.id = ${videos.ownerId} and gone_owner.deleted_at is not null))`

/** What `userId` (null: a guest) may see: published videos and their own. */
export const visibleTo = (userId: number | null): SQL =>
  userId === null ? isPublished : (or(isPublished, eq(videos.ownerId, userId)) as SQL)

/** The columns every answer is made of (videos with their channel, owner and album). */
export const videoColumns = {
  id: videos.id,
  title: videos.title,
  description: videos.description,
  cover: videos.cover,
  durationMs: videos.durationMs,
  width: videos.width,
  height: videos.height,
  fileName: videos.fileName,
  seedAsset: videos.seedAsset,
  fileSize: videos.fileSize,
  mime: videos.mime,
  playCount: videos.playCount,
  shareCount: videos.shareCount,
  likeCount: videos.likeCount,
  commentCount: videos.commentCount,
  channelId: videos.channelId,
  channelName: videoChannels.name,
  albumId: videos.albumId,
  albumSort: videos.albumSort,
  albumTitle: videoAlbums.title,
  bookId: videos.bookId,
  ownerId: videos.ownerId,
  ownerNickname: users.nickname,
  ownerAvatar: users.avatar,
  reviewState: videos.reviewState,
  reviewReason: videos.reviewReason,
  createdAt: videos.createdAt,
  updatedAt: videos.updatedAt,
}

export interface VideoRow {
  id: number
  title: string
  description: string
  cover: string
  durationMs: number
  width: number
  height: number
  fileName: string
  seedAsset: string | null
  fileSize: number
  mime: 'video/mp4' | 'video/quicktime'
  playCount: number
  shareCount: number
  likeCount: number
  commentCount: number
  channelId: number
  channelName: string
  albumId: number | null
  albumSort: number
  albumTitle: string | null
  bookId: number | null
  ownerId: number | null
  ownerNickname: string | null
  ownerAvatar: string | null
  reviewState: 'pending' | 'approved' | 'rejected'
  reviewReason: string
  createdAt: Date
  updatedAt: Date
}

/** videos joined with their channel, owner and album, for `select(videoColumns)`. */
export function selectVideos(db: Db) {
  return db
    .select(videoColumns)
    .from(videos)
    .innerJoin(videoChannels, eq(videoChannels.id, videos.channelId))
    .leftJoin(users, eq(users.id, videos.ownerId))
    .leftJoin(videoAlbums, eq(videoAlbums.id, videos.albumId))
}

/** Newest first (ties by id). */
export const newestFirst = [desc(videos.createdAt), desc(videos.id)]

/** Where the file is played: a seeded clip's asset, else the file route. */
export const fileUrlOf = (row: Pick<VideoRow, 'id' | 'seedAsset'>): string =>
  row.seedAsset ? seedAssetUrl('videos', row.seedAsset) : videoFileUrl(row.id)

export const authorOf = (row: VideoRow): VideoAuthor | null =>
  row.ownerId === null
    ? null
    : { id: row.ownerId, nickname: row.ownerNickname ?? '', avatar: row.ownerAvatar ?? '' }

const seconds = (at: Date) => unixSeconds(at.getTime())

export function toSummary(row: VideoRow): VideoSummary {
  return {
    id: row.id,
    title: row.title,
    cover: row.cover,
    durationMs: row.durationMs,
    width: row.width,
    height: row.height,
    playCount: row.playCount,
    shareCount: row.shareCount,
    likeCount: row.likeCount,
    commentCount: row.commentCount,
    channelId: row.channelId,
    channelName: row.channelName,
    albumId: row.albumId,
    author: authorOf(row),
    createdAt: seconds(row.createdAt),
  }
}

/** One of mine (the reason only while rejected). */
export function toMine(row: VideoRow): MyVideo {
  return {
    ...toSummary(row),
    description: row.description,
    reviewState: row.reviewState,
    reviewReason: row.reviewState === 'rejected' ? row.reviewReason : '',
    albumTitle: row.albumTitle ?? '',
    updatedAt: seconds(row.updatedAt),
  }
}

export const toAlbumVideo = (row: VideoRow): AlbumVideo => ({
  ...toSummary(row),
  reviewState: row.reviewState,
})

/** The video `id` as `userId` may see it (published, or their own), else 404 '视频不存在'. */
export async function findVideo(db: Db, id: number, userId: number | null): Promise<VideoRow> {
  const [row] = await selectVideos(db).where(all(eq(videos.id, id), visibleTo(userId)))
  if (!row) throw notFound(VideoText.notFound)
  return row
}

/** A published video (comments, likes, counts), else 404 '视频不存在'. */
export async function publishedVideo(db: Db, id: number): Promise<VideoRow> {
  const [row] = await selectVideos(db).where(all(eq(videos.id, id), isPublished))
  if (!row) throw notFound(VideoText.notFound)
  return row
}
