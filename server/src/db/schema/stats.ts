import { boolean, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core'
import { at } from './columns'
import { users } from './account'
import { books } from './books'

/** Seconds read per reader, day (China time, YYYY-MM-DD) and book. */
export const readingDurations = pgTable(
  'reading_durations',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    day: text('day').notNull(),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id),
    seconds: integer('seconds').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day, t.bookId] }),
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
