import {
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
import { reviewColumns } from './review'

/** User.Press.PressList: the newspapers' categories. */
export const pressCategories = pgTable('press_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
})

/**
 * A newspaper (a title with dated editions). `ownerId` null: the house's own; otherwise the reader
 * who uploaded it. Public once one of its editions is approved.
 */
export const newspapers = pgTable(
  'newspapers',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => pressCategories.id),
    name: text('name').notNull(),
    intro: text('intro').notNull().default(''),
    cover: text('cover').notNull().default(''),
    ownerId: integer('owner_id').references(() => users.id),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('newspapers_category_idx').on(t.categoryId, t.id),
    index('newspapers_owner_idx').on(t.ownerId, t.id),
  ],
)

/** A dated edition (China date, YYYY-MM-DD) of a newspaper, with a review state. */
export const newspaperEditions = pgTable(
  'newspaper_editions',
  {
    id: serial('id').primaryKey(),
    newspaperId: integer('newspaper_id')
      .notNull()
      .references(() => newspapers.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    title: text('title').notNull(),
    cover: text('cover').notNull().default(''),
    ownerId: integer('owner_id').references(() => users.id),
    ...reviewColumns(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('newspaper_editions_date_key').on(t.newspaperId, t.date),
    index('newspaper_editions_review_idx').on(t.reviewState, t.id),
  ],
)

/** A page (版面) of an edition: its name (第一版 要闻) and its image. */
export const newspaperPages = pgTable(
  'newspaper_pages',
  {
    id: serial('id').primaryKey(),
    editionId: integer('edition_id')
      .notNull()
      .references(() => newspaperEditions.id, { onDelete: 'cascade' }),
    serial: integer('serial').notNull(),
    name: text('name').notNull(),
    image: text('image').notNull().default(''),
  },
  (t) => [uniqueIndex('newspaper_pages_serial_key').on(t.editionId, t.serial)],
)

/** An article on a page, in reading order across the edition (`serial`). */
export const newspaperArticles = pgTable(
  'newspaper_articles',
  {
    id: serial('id').primaryKey(),
    editionId: integer('edition_id')
      .notNull()
      .references(() => newspaperEditions.id, { onDelete: 'cascade' }),
    pageId: integer('page_id')
      .notNull()
      .references(() => newspaperPages.id, { onDelete: 'cascade' }),
    serial: integer('serial').notNull(),
    title: text('title').notNull(),
    author: text('author').notNull().default(''),
    paragraphs: jsonb('paragraphs').$type<string[]>().notNull(),
    images: jsonb('images').$type<string[]>().notNull(),
  },
  (t) => [
    uniqueIndex('newspaper_articles_serial_key').on(t.editionId, t.serial),
    index('newspaper_articles_page_idx').on(t.pageId),
  ],
)

/** A reader's place in an edition (one per reader and edition). */
export const newspaperReading = pgTable(
  'newspaper_reading',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    editionId: integer('edition_id')
      .notNull()
      .references(() => newspaperEditions.id, { onDelete: 'cascade' }),
    articleId: integer('article_id')
      .notNull()
      .references(() => newspaperArticles.id, { onDelete: 'cascade' }),
    paragraph: integer('paragraph').notNull().default(0),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.editionId] }),
    index('newspaper_reading_recent_idx').on(t.userId, t.updatedAt),
  ],
)

/** Sign (findSignBooksNewspaper): the articles of an edition a reader has read. */
export const newspaperArticleReads = pgTable(
  'newspaper_article_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    articleId: integer('article_id')
      .notNull()
      .references(() => newspaperArticles.id, { onDelete: 'cascade' }),
    editionId: integer('edition_id')
      .notNull()
      .references(() => newspaperEditions.id, { onDelete: 'cascade' }),
    readAt: at('read_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.articleId] }),
    index('newspaper_article_reads_edition_idx').on(t.userId, t.editionId),
  ],
)
