import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { at } from './columns'
import { users } from './account'

/** What a collection row holds besides books (which keep their own table). */
export const COLLECTION_KINDS = ['doc', 'maga', 'paper'] as const
export type CollectionKind = (typeof COLLECTION_KINDS)[number]

/**
 * A reader's collected document, magazine or newspaper (`itemId`: documents.id, magazines.id or
 * newspapers.id); one row per reader and item. Rows go when their item is deleted (by its domain).
 */
export const itemCollections = pgTable(
  'item_collections',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: COLLECTION_KINDS }).notNull(),
    itemId: integer('item_id').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.itemId] }),
    index('item_collections_list_idx').on(t.userId, t.kind, t.createdAt),
    index('item_collections_item_idx').on(t.kind, t.itemId),
  ],
)
