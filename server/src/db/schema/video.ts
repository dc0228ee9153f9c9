import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
} from 'drizzle-orm/pg-core'
import { at } from './columns'
import { users } from './account'
import { books } from './books'
import { reviewColumns } from './review'

/** App.ChannelClassification.ChannelQuery: the video channels (频道). */
export const videoChannels = pgTable('video_channels', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  icon: text('icon').notNull().default(''),
  sort: integer('sort').notNull().default(0),
})

/** App.Videos.VideoAlbumTagQuery: the albums' tags. */
export const videoAlbumTags = pgTable('video_album_tags', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
})

/** An album: one owner's ordered set of their videos (`ownerId` null: the house's). */
export const videoAlbums = pgTable(
  'video_albums',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id').references(() => users.id),
    title: text('title').notNull(),
    intro: text('intro').notNull().default(''),
    /** An image URL (an upload of the owner's, or a seed asset), or ''. */
    cover: text('cover').notNull().default(''),
    channelId: integer('channel_id').references(() => videoChannels.id),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('video_albums_owner_idx').on(t.ownerId, t.id),
    index('video_albums_recent_idx').on(t.updatedAt, t.id),
  ],
)

export const videoAlbumTagLinks = pgTable(
  'video_album_tag_links',
  {
    albumId: integer('album_id')
      .notNull()
      .references(() => videoAlbums.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => videoAlbumTags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.albumId, t.tagId] }),
    index('video_album_tag_links_tag_idx').on(t.tagId),
  ],
)

export const VIDEO_MIMES = ['video/mp4', 'video/quicktime'] as const
export type VideoMime = (typeof VIDEO_MIMES)[number]

/**
 * A short video. `ownerId` null: the house's own (approved). A reader's is pending until an
 * operator approves it; only 'approved' is public. Counters are kept in the row.
 */
export const videos = pgTable(
  'videos',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id').references(() => users.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** An image URL (an upload of the owner's, or a seed asset), or ''. */
    cover: text('cover').notNull().default(''),
    /** Read from the file on the server. */
    durationMs: integer('duration_ms').notNull(),
    /** The stored file's name (storage); '' for a seeded clip (`seedAsset`). */
    fileName: text('file_name').notNull().default(''),
    /** A seeded clip's file under the seed assets (videos/<name>), else null. */
    seedAsset: text('seed_asset'),
    fileSize: integer('file_size').notNull(),
    mime: text('mime', { enum: VIDEO_MIMES }).notNull(),
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    channelId: integer('channel_id')
      .notNull()
      .references(() => videoChannels.id),
    /** The album it is in (at most one), and its place there. */
    albumId: integer('album_id').references(() => videoAlbums.id, { onDelete: 'set null' }),
    albumSort: integer('album_sort').notNull().default(0),
    /** The book the clip is about (相关图书). */
    bookId: integer('book_id').references(() => books.id),
    playCount: integer('play_count').notNull().default(0),
    shareCount: integer('share_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    ...reviewColumns(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('videos_channel_idx').on(t.reviewState, t.channelId, t.createdAt, t.id),
    index('videos_public_idx').on(t.reviewState, t.createdAt, t.id),
    index('videos_played_idx').on(t.reviewState, t.playCount, t.id),
    index('videos_owner_idx').on(t.ownerId, t.id),
    // The upload rate: a reader's videos of the last 24 hours.
    index('videos_owner_recent_idx').on(t.ownerId, t.createdAt),
    index('videos_album_idx').on(t.albumId, t.albumSort, t.id),
    index('videos_book_idx')
      .on(t.bookId, t.createdAt)
      .where(sql`${t.bookId} is not null`),
  ],
)

export const VIDEO_COUNT_KINDS = ['play', 'share'] as const
export type VideoCountKind = (typeof VIDEO_COUNT_KINDS)[number]

/**
 * When a viewer last counted a play or a share of a video (each counts once per viewer per video
 * per hour). `viewer` as documents' views: 'u:<userId>' for a reader, 'd:<hash>' for a guest.
 */
export const videoViewMarks = pgTable(
  'video_view_marks',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    viewer: text('viewer').notNull(),
    kind: text('kind', { enum: VIDEO_COUNT_KINDS }).notNull(),
    at: at('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.viewer, t.kind] })],
)

export const videoLikes = pgTable(
  'video_likes',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.userId] }),
    index('video_likes_user_idx').on(t.userId),
  ],
)

/** A comment on a video (`parentId` null) or a reply in a top-level comment's thread. */
export const videoComments = pgTable(
  'video_comments',
  {
    id: serial('id').primaryKey(),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    parentId: integer('parent_id').references((): AnyPgColumn => videoComments.id, {
      onDelete: 'cascade',
    }),
    /** Whom a reply answers ("A 回复 B"); null: the top-level comment's author. */
    replyToUserId: integer('reply_to_user_id').references(() => users.id),
    content: text('content').notNull(),
    likeCount: integer('like_count').notNull().default(0),
    replyCount: integer('reply_count').notNull().default(0),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('video_comments_video_idx').on(t.videoId, t.parentId, t.id),
    index('video_comments_parent_idx').on(t.parentId, t.id),
    // The comment rate: a person's comments of the last minutes.
    index('video_comments_user_recent_idx').on(t.userId, t.createdAt),
  ],
)

export const videoCommentLikes = pgTable(
  'video_comment_likes',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => videoComments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.commentId, t.userId] }),
    index('video_comment_likes_user_idx').on(t.userId),
  ],
)
