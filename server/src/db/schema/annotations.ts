import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { at } from './columns'
import { users } from './account'
import { books } from './books'

/** A reader's bookmark: a paragraph of a chapter; one per place. */
export const bookmarks = pgTable(
  'bookmarks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id),
    serial: integer('serial').notNull(),
    paragraph: integer('paragraph').notNull(),
    /** The start of the paragraph, shown in the list. */
    excerpt: text('excerpt').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('bookmarks_place_key').on(t.userId, t.bookId, t.serial, t.paragraph),
    index('bookmarks_user_idx').on(t.userId, t.id),
  ],
)

/**
 * A highlight (划线) over characters [start, end) of one paragraph, with an optional note (想法).
 * `quote` keeps the passage as it was when marked.
 */
export const highlights = pgTable(
  'highlights',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id),
    serial: integer('serial').notNull(),
    paragraph: integer('paragraph').notNull(),
    start: integer('start').notNull(),
    end: integer('end').notNull(),
    colour: text('colour').notNull(),
    quote: text('quote').notNull(),
    note: text('note').notNull().default(''),
    /** The feed post this note was shared as, if any. */
    postId: integer('post_id'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('highlights_user_book_idx').on(t.userId, t.bookId, t.serial, t.paragraph),
    index('highlights_user_recent_idx').on(t.userId, t.updatedAt),
  ],
)
