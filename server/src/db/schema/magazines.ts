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

/** User.MagazineCategory.CategoryList. */
export const magazineCategories = pgTable('magazine_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
})

/**
 * A magazine (a title that comes out in issues). `ownerId` null: the house's own (seeded or
 * operator-made); otherwise the reader who uploaded it. Public once one of its issues is approved.
 */
export const magazines = pgTable(
  'magazines',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => magazineCategories.id),
    name: text('name').notNull(),
    intro: text('intro').notNull().default(''),
    cover: text('cover').notNull().default(''),
    ownerId: integer('owner_id').references(() => users.id),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('magazines_category_idx').on(t.categoryId, t.id),
    index('magazines_owner_idx').on(t.ownerId, t.id),
  ],
)

/** An issue (期) of a magazine: its own cover, an order (`serial`) and a review state. */
export const magazineIssues = pgTable(
  'magazine_issues',
  {
    id: serial('id').primaryKey(),
    magazineId: integer('magazine_id')
      .notNull()
      .references(() => magazines.id, { onDelete: 'cascade' }),
    serial: integer('serial').notNull(),
    title: text('title').notNull(),
    cover: text('cover').notNull().default(''),
    ownerId: integer('owner_id').references(() => users.id),
    ...reviewColumns(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('magazine_issues_serial_key').on(t.magazineId, t.serial),
    index('magazine_issues_review_idx').on(t.reviewState, t.id),
  ],
)

/**
 * An article of an issue, in contents order: text paragraphs and images (URLs). An issue uploaded
 * as page images has one article per page, its image and no text.
 */
export const magazineArticles = pgTable(
  'magazine_articles',
  {
    id: serial('id').primaryKey(),
    issueId: integer('issue_id')
      .notNull()
      .references(() => magazineIssues.id, { onDelete: 'cascade' }),
    serial: integer('serial').notNull(),
    title: text('title').notNull(),
    author: text('author').notNull().default(''),
    paragraphs: jsonb('paragraphs').$type<string[]>().notNull(),
    images: jsonb('images').$type<string[]>().notNull(),
  },
  (t) => [uniqueIndex('magazine_articles_serial_key').on(t.issueId, t.serial)],
)

/** A reader's place in an issue (one per reader and issue). */
export const magazineReading = pgTable(
  'magazine_reading',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    issueId: integer('issue_id')
      .notNull()
      .references(() => magazineIssues.id, { onDelete: 'cascade' }),
    articleId: integer('article_id')
      .notNull()
      .references(() => magazineArticles.id, { onDelete: 'cascade' }),
    paragraph: integer('paragraph').notNull().default(0),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.issueId] }),
    index('magazine_reading_recent_idx').on(t.userId, t.updatedAt),
  ],
)

/** Sign (Books/MagazineSign): the articles a reader has read, marked in the contents. */
export const magazineArticleReads = pgTable(
  'magazine_article_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    articleId: integer('article_id')
      .notNull()
      .references(() => magazineArticles.id, { onDelete: 'cascade' }),
    issueId: integer('issue_id')
      .notNull()
      .references(() => magazineIssues.id, { onDelete: 'cascade' }),
    readAt: at('read_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.articleId] }),
    index('magazine_article_reads_issue_idx').on(t.userId, t.issueId),
  ],
)
