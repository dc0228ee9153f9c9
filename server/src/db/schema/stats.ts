import { boolean, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core'
import { at } from './columns'
import { users } from './account'
import { books } from './books'

/** What a reading-time row counts: a book, a magazine or a newspaper (`itemId` is its id). */
export const READING_SOURCES = ['book', 'magazine', 'newspaper'] as const
export type ReadingSource = (typeof READING_SOURCES)[number]

/**
 * Seconds read per reader, day (China time, YYYY-MM-DD) and item (a book, magazine or newspaper:
 * all count alike for reading time and the ranking). `bookId` is set for books only.
 */
export const readingDurations = pgTable(
  'reading_durations',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    day: text('day').notNull(),
    source: text('source', { enum: READING_SOURCES }).notNull().default('book'),
    itemId: integer('item_id').notNull(),
    bookId: integer('book_id').references(() => books.id),
    seconds: integer('seconds').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day, t.source, t.itemId] }),
    index('reading_durations_day_idx').on(t.day),
  ],
)

/** When each reader last reported reading time (a report is credited at most the time since). */
export const readingReportMarks = pgTable('reading_report_marks', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  lastReportAt: at('last_report_at').notNull(),
})

/** A like of a reader's place on the reading ranking. */
export const rankLikes = pgTable(
  'rank_likes',
  {
    likerId: integer('liker_id')
      .notNull()
      .references(() => users.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.likerId, t.userId] }),
    index('rank_likes_user_idx').on(t.userId),
  ],
)

/** The home banner (App.Advert.PosterList). */
export const posters = pgTable('posters', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  subtitle: text('subtitle').notNull().default(''),
  image: text('image').notNull().default(''),
  link: text('link').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
})
