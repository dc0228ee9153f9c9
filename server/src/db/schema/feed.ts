import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core'
import { at } from './columns'
import { users } from './account'

/** A reading report. Counters are kept in the row so the feed list needs no aggregate. */
export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    content: text('content').notNull(),
    /** URL paths of uploaded images, in order. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    createdAt: at('created_at').notNull(),
    deletedAt: at('deleted_at'),
  },
  (t) => [
    index('posts_live_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('posts_user_idx').on(t.userId, t.id),
    // The post rate limit: a person's posts of the last minutes.
    index('posts_user_recent_idx').on(t.userId, t.createdAt),
  ],
)

export const postLikes = pgTable(
  'post_likes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('post_likes_user_idx').on(t.userId)],
)

/** A comment on a post; a reply has `parentId` (the thread's top-level comment). */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    parentId: integer('parent_id'),
    replyToUserId: integer('reply_to_user_id').references(() => users.id),
    content: text('content').notNull(),
    replyCount: integer('reply_count').notNull().default(0),
    createdAt: at('created_at').notNull(),
    deletedAt: at('deleted_at'),
  },
  (t) => [
    index('comments_post_idx').on(t.postId, t.parentId, t.id),
    index('comments_parent_idx').on(t.parentId, t.id),
    // The comment rate limit: a person's comments of the last minute.
    index('comments_user_recent_idx').on(t.userId, t.createdAt),
  ],
)
