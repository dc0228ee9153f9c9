import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { at } from './columns'
import { users } from './account'

export const bookCategories = pgTable('book_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
})

export const books = pgTable(
  'books',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => bookCategories.id),
    name: text('name').notNull(),
    author: text('author').notNull().default(''),
    cover: text('cover').notNull().default(''),
    brief: text('brief').notNull().default(''),
    intro: text('intro').notNull().default(''),
    wordCount: integer('word_count').notNull().default(0),
    chapterCount: integer('chapter_count').notNull().default(0),
    hasAudio: boolean('has_audio').notNull().default(false),
    /** Null: not recommended; otherwise the order among recommended books (smaller first). */
    recommendRank: integer('recommend_rank'),
    listed: boolean('listed').notNull().default(true),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('books_category_idx').on(t.categoryId, t.id)],
)

export const bookChapters = pgTable(
  'book_chapters',
  {
    id: serial('id').primaryKey(),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id),
    /** 1-based position in the book. */
    serial: integer('serial').notNull(),
    title: text('title').notNull(),
    paragraphs: jsonb('paragraphs').$type<string[]>().notNull(),
    wordCount: integer('word_count').notNull().default(0),
    /** File name of the chapter's audio in the seed assets or storage; '' when none. */
    audioFile: text('audio_file').notNull().default(''),
    audioSeconds: integer('audio_seconds').notNull().default(0),
  },
  (t) => [uniqueIndex('book_chapters_book_serial_key').on(t.bookId, t.serial)],
)

/** One reader's place in one book. */
export const readingProgress = pgTable(
  'reading_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id),
    serial: integer('serial').notNull(),
    paragraph: integer('paragraph').notNull().default(0),
    audioSeconds: integer('audio_seconds').notNull().default(0),
    /** 0..10000: hundredths of a percent through the book. */
    permyriad: integer('permyriad').notNull().default(0),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.bookId] }),
    index('reading_progress_user_recent_idx').on(t.userId, t.updatedAt),
    index('reading_progress_book_idx').on(t.bookId),
  ],
)

export const reflections = pgTable(
  'reflections',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id),
    content: text('content').notNull(),
    createdAt: at('created_at').notNull(),
    deletedAt: at('deleted_at'),
  },
  (t) => [
    index('reflections_book_idx').on(t.bookId, t.id),
    index('reflections_user_idx').on(t.userId, t.id),
  ],
)

export const bookCollections = pgTable(
  'book_collections',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.bookId] }),
    index('book_collections_user_idx').on(t.userId, t.createdAt),
  ],
)
