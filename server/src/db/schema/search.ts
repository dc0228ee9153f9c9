import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { bookChapters, books } from './books'

/**
 * The search index: one row per paragraph of every chapter, and one per book for its title and
 * author (serial 0). `norm` is the text folded to simplified Chinese and lower case; `grams` its
 * distinct characters and character pairs, GIN-indexed so a query's grams find candidate rows
 * before `norm` is checked for the whole phrase. Rebuilt from the books whenever they change.
 */
export const bookSearchRows = pgTable(
  'book_search_rows',
  {
    id: serial('id').primaryKey(),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id),
    /** Null for the book's own row (title and author). */
    chapterId: integer('chapter_id').references(() => bookChapters.id),
    /** The chapter's serial; 0 for the book's row. */
    serial: integer('serial').notNull(),
    /** 0-based paragraph of the chapter; 0 for the book's row. */
    paragraph: integer('paragraph').notNull(),
    norm: text('norm').notNull(),
    grams: text('grams').array().notNull(),
  },
  (t) => [
    index('book_search_rows_grams_idx').using('gin', t.grams),
    index('book_search_rows_book_idx').on(t.bookId, t.serial, t.paragraph),
  ],
)
