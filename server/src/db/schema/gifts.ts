import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { at } from './columns'
import { users } from './account'
import { books } from './books'
import { bookCopies } from './shop'

// The words of rules/gifts.ts (drizzle-kit reads this folder without the @rules alias).
const GIFT_DOC_KINDS = ['doc', 'mag', 'newspaper'] as const

/**
 * A book gift: one row per copy given (the spec's giftBooksLogId). The copies sent together in one
 * chat card share `batch`. `state` 0 waiting, 1 accepted, 2 refused: set once, by the receiver
 * (`update … where state = 0`). While a gift waits its copy is 'held' (book_copies.state), and the
 * partial unique index keeps a copy in at most one waiting gift.
 */
export const bookGifts = pgTable(
  'book_gifts',
  {
    id: serial('id').primaryKey(),
    giverId: integer('giver_id')
      .notNull()
      .references(() => users.id),
    receiverId: integer('receiver_id')
      .notNull()
      .references(() => users.id),
    copyId: integer('copy_id')
      .notNull()
      .references(() => bookCopies.id),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id),
    /** The gifts of one card: the first gift's id written as text ('12'). */
    batch: text('batch').notNull(),
    text: text('text').notNull().default(''),
    state: smallint('state').notNull().default(0),
    /** The chat card's message ID (chat_messages.client_id). */
    messageId: text('message_id').notNull().default(''),
    createdAt: at('created_at').notNull(),
    settledAt: at('settled_at'),
  },
  (t) => [
    check('book_gifts_state_check', sql`${t.state} in (0, 1, 2)`),
    index('book_gifts_giver_idx').on(t.giverId, t.id),
    index('book_gifts_receiver_idx').on(t.receiverId, t.id),
    index('book_gifts_batch_idx').on(t.batch),
    uniqueIndex('book_gifts_waiting_copy_key')
      .on(t.copyId)
      .where(sql`${t.state} = 0`),
  ],
)

/**
 * A document, magazine or newspaper gift (the spec's record_id). `itemId`: documents.id,
 * magazines.id or newspapers.id by `kind`; name and thumb as they were when given.
 */
export const docGifts = pgTable(
  'doc_gifts',
  {
    id: serial('id').primaryKey(),
    giverId: integer('giver_id')
      .notNull()
      .references(() => users.id),
    receiverId: integer('receiver_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: GIFT_DOC_KINDS }).notNull(),
    itemId: integer('item_id').notNull(),
    name: text('name').notNull(),
    thumb: text('thumb').notNull().default(''),
    text: text('text').notNull().default(''),
    state: smallint('state').notNull().default(0),
    messageId: text('message_id').notNull().default(''),
    createdAt: at('created_at').notNull(),
    settledAt: at('settled_at'),
  },
  (t) => [
    check('doc_gifts_state_check', sql`${t.state} in (0, 1, 2)`),
    index('doc_gifts_giver_idx').on(t.giverId, t.id),
    index('doc_gifts_receiver_idx').on(t.receiverId, t.id),
  ],
)
