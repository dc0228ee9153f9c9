import { sql } from 'drizzle-orm'
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { at } from './columns'
import { users } from './account'

export const follows = pgTable(
  'follows',
  {
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id),
    followeeId: integer('followee_id')
      .notNull()
      .references(() => users.id),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index('follows_followee_idx').on(t.followeeId, t.createdAt),
  ],
)

export const blocks = pgTable(
  'blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId),
  ],
)

/** The messages centre: what happened to a person (a like, comment, follow) or a notice. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['notice', 'comment', 'like', 'follow'] }).notNull(),
    actorId: integer('actor_id').references(() => users.id),
    postId: integer('post_id'),
    /** A feed comment (with `postId`). */
    commentId: integer('comment_id'),
    /** A video (its play page opens from the message), and a comment on it (video_comments). */
    videoId: integer('video_id'),
    videoCommentId: integer('video_comment_id'),
    title: text('title').notNull().default(''),
    content: text('content').notNull().default(''),
    readAt: at('read_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('notifications_user_kind_idx').on(t.userId, t.kind, t.id),
    index('notifications_unread_idx')
      .on(t.userId, t.kind)
      .where(sql`${t.readAt} is null`),
    // One like message per (liker, post | video | video comment) and one follow message per
    // follower: toggling a like or a follow again does not tell the person again (notify inserts
    // with on conflict do nothing).
    uniqueIndex('notifications_once_key')
      .on(
        t.userId,
        t.kind,
        t.actorId,
        sql`coalesce(${t.postId}, 0)`,
        sql`coalesce(${t.videoId}, 0)`,
        sql`coalesce(${t.videoCommentId}, 0)`,
      )
      .where(sql`${t.kind} in ('like', 'follow')`),
    // Deleting a post or a comment deletes its messages.
    index('notifications_post_idx')
      .on(t.postId)
      .where(sql`${t.postId} is not null`),
    index('notifications_comment_idx')
      .on(t.commentId)
      .where(sql`${t.commentId} is not null`),
    // Deleting a video deletes its messages.
    index('notifications_video_idx')
      .on(t.videoId)
      .where(sql`${t.videoId} is not null`),
  ],
)

/**
 * Recent actions of a person that have a rate limit of their own (like and follow toggles, video
 * uploads): one row per action, pruned to the window on every insert, so a person has at most a
 * window's worth. The kinds are checked in TypeScript only (a new one needs no migration).
 */
export const actionMarks = pgTable(
  'action_marks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    action: text('action', { enum: ['like', 'follow', 'video_upload'] }).notNull(),
    at: at('at').notNull(),
  },
  (t) => [index('action_marks_user_idx').on(t.userId, t.action, t.at)],
)

export const complaintReasons = pgTable('complaint_reasons', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
})

/** Suggestions and complaints (a complaint may be about a user, post or comment). */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type', { enum: ['suggestion', 'complaint'] }).notNull(),
    content: text('content').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    contact: text('contact').notNull().default(''),
    targetType: text('target_type', { enum: ['user', 'post', 'comment'] }),
    targetId: integer('target_id'),
    reasonId: integer('reason_id').references(() => complaintReasons.id),
    status: smallint('status').notNull().default(0),
    reply: text('reply').notNull().default(''),
    createdAt: at('created_at').notNull(),
    deletedAt: at('deleted_at'),
  },
  (t) => [index('feedback_user_idx').on(t.userId, t.id)],
)
