import { boolean, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core'
import { at } from './columns'
import { users } from './account'
import { reviewColumns } from './review'

/** User.BookCategory.CateQuery: the documents' categories. */
export const documentCategories = pgTable('document_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
})

/** The formats a document may have (checked by content on upload). */
export const DOCUMENT_TYPES = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'] as const
export type DocumentType = (typeof DOCUMENT_TYPES)[number]

/**
 * A document. `ownerId` null: the house's own (public). A reader's upload is private to them
 * (`contributed` false) until they contribute it to the public library: then the review columns
 * apply and it is public once approved.
 */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id').references(() => users.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => documentCategories.id),
    title: text('title').notNull(),
    intro: text('intro').notNull().default(''),
    /** The stored file's name (storage), its format, size in bytes and PDF page count (0 else). */
    fileName: text('file_name').notNull(),
    fileType: text('file_type', { enum: DOCUMENT_TYPES }).notNull(),
    fileSize: integer('file_size').notNull(),
    pageCount: integer('page_count').notNull().default(0),
    thumb: text('thumb').notNull().default(''),
    readCount: integer('read_count').notNull().default(0),
    contributed: boolean('contributed').notNull().default(false),
    submittedAt: at('submitted_at'),
    ...reviewColumns(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('documents_library_idx').on(t.reviewState, t.categoryId, t.id),
    index('documents_owner_idx').on(t.ownerId, t.id),
  ],
)

/** When a viewer last counted as a reading (RefreshDocReadingNumber counts once per viewer per hour). */
export const documentViews = pgTable(
  'document_views',
  {
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    /** 'u:<userId>' for a reader, 'd:<device hash>' for a guest. */
    viewer: text('viewer').notNull(),
    viewedAt: at('viewed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.viewer] })],
)
