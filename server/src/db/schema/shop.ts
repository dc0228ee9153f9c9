import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { at } from './columns'
import { users } from './account'
import { books } from './books'

// The words of rules/shop.ts (drizzle-kit reads this folder without the @rules alias).
const PRODUCT_KINDS = ['book', 'goods'] as const
const ORDER_STATES = ['pending', 'paid', 'cancelled', 'refunded'] as const
const ORDER_SOURCES = ['buy', 'redeem'] as const
const REDEEM_KINDS = ['book', 'product'] as const
/** rules/gifts.ts COPY_STATES. */
const COPY_STATES = ['owned', 'held'] as const

/**
 * What the shop sells: a gift copy of a library book ('book', `bookId`) or goods. Money in fen.
 * `stock` never goes below 0 (the check, and every taking is `stock = stock - q where stock >= q`).
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: PRODUCT_KINDS }).notNull(),
    bookId: integer('book_id').references(() => books.id),
    name: text('name').notNull(),
    /** An image URL path (an operator's upload, a book cover or a seed asset), or ''. */
    cover: text('cover').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    description: text('description').notNull().default(''),
    priceFen: integer('price_fen').notNull(),
    stock: integer('stock').notNull().default(0),
    hot: boolean('hot').notNull().default(false),
    /** Pieces in paid orders. */
    sales: integer('sales').notNull().default(0),
    onSale: boolean('on_sale').notNull().default(true),
    /** The operators' order (smaller first). */
    sort: integer('sort').notNull().default(0),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    check('products_stock_check', sql`${t.stock} >= 0`),
    check('products_price_check', sql`${t.priceFen} >= 0`),
    check('products_sales_check', sql`${t.sales} >= 0`),
    check('products_book_check', sql`${t.kind} <> 'book' or ${t.bookId} is not null`),
    index('products_listing_idx').on(t.onSale, t.sort, t.id),
  ],
)

/**
 * An order of one product, with what was bought as it was then (name, cover, unit price).
 * 'pending' until WeChat Pay's verified notification makes it 'paid'; cancelled by the reader or
 * when `expiresAt` passes (the stock given back once); 'refunded' when a payment came for an order
 * whose stock was gone (the money goes back through the merchant platform). Redeemed products are
 * orders of amount 0, paid at once, `source` 'redeem'.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** Our number, WeChat Pay's out_trade_no. */
    orderNo: text('order_no').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    kind: text('kind', { enum: PRODUCT_KINDS }).notNull(),
    name: text('name').notNull(),
    cover: text('cover').notNull().default(''),
    priceFen: integer('price_fen').notNull(),
    quantity: integer('quantity').notNull(),
    amountFen: integer('amount_fen').notNull(),
    /** The agent coupon it names (agent_coupons; no reference: that table comes later). */
    couponId: integer('coupon_id'),
    discountFen: integer('discount_fen').notNull().default(0),
    state: text('state', { enum: ORDER_STATES }).notNull().default('pending'),
    source: text('source', { enum: ORDER_SOURCES }).notNull().default('buy'),
    expiresAt: at('expires_at').notNull(),
    paidAt: at('paid_at'),
    cancelledAt: at('cancelled_at'),
    /** When an operator recorded its refund. */
    refundedAt: at('refunded_at'),
    /** WeChat Pay's transaction id, from the verified notification. */
    transactionId: text('transaction_id'),
    /** The last prepay id made for it, and the WeChat app (appid) it was made for. */
    prepayId: text('prepay_id'),
    payAppId: text('pay_app_id'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('orders_order_no_key').on(t.orderNo),
    uniqueIndex('orders_transaction_id_key').on(t.transactionId),
    index('orders_user_state_idx').on(t.userId, t.state, t.createdAt),
    index('orders_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.state} = 'pending'`),
    index('orders_prepay_idx').on(t.prepayId),
    check('orders_quantity_check', sql`${t.quantity} between 1 and 5`),
    check('orders_amount_check', sql`${t.amountFen} >= 0`),
  ],
)

/** A redeem code (normalised: upper case, no spaces or dashes), used at most once. */
export const redeemCodes = pgTable(
  'redeem_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    kind: text('kind', { enum: REDEEM_KINDS }).notNull(),
    bookId: integer('book_id').references(() => books.id),
    productId: integer('product_id').references(() => products.id),
    batch: text('batch').notNull().default(''),
    /** Null: no end. */
    expiresAt: at('expires_at'),
    /** The operator who made it (null: seeded). */
    createdBy: integer('created_by').references(() => users.id),
    createdAt: at('created_at').notNull(),
    redeemedBy: integer('redeemed_by').references(() => users.id),
    redeemedAt: at('redeemed_at'),
  },
  (t) => [
    uniqueIndex('redeem_codes_code_key').on(t.code),
    check(
      'redeem_codes_target_check',
      sql`(${t.kind} = 'book' and ${t.bookId} is not null) or (${t.kind} = 'product' and ${t.productId} is not null)`,
    ),
  ],
)

/** A code redeemed by a reader: what it gave (the copy points here; a product, its order). */
export const redemptions = pgTable(
  'redemptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    codeId: integer('code_id')
      .notNull()
      .references(() => redeemCodes.id),
    kind: text('kind', { enum: REDEEM_KINDS }).notNull(),
    bookId: integer('book_id').references(() => books.id),
    productId: integer('product_id').references(() => products.id),
    orderId: integer('order_id').references(() => orders.id),
    /** The name and cover of what it gave, as they were. */
    name: text('name').notNull(),
    cover: text('cover').notNull().default(''),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('redemptions_code_key').on(t.codeId),
    index('redemptions_user_idx').on(t.userId, t.id),
  ],
)

/**
 * A reader's copy of a book, from a paid book order (one per quantity) or a redeemed code. The
 * contract's `booksOrderId` is this id; a gift holds it ('held') while the gift waits.
 */
export const bookCopies = pgTable(
  'book_copies',
  {
    id: serial('id').primaryKey(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id),
    orderId: integer('order_id').references(() => orders.id),
    redemptionId: integer('redemption_id').references(() => redemptions.id),
    /** 'owned', or 'held' while in a waiting gift (issue 17; only `where state = 'owned'` holds one). */
    state: text('state', { enum: COPY_STATES }).notNull().default('owned'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('book_copies_owner_idx').on(t.ownerUserId, t.id),
    index('book_copies_order_idx').on(t.orderId),
    check('book_copies_state_check', sql`${t.state} in ('owned', 'held')`),
  ],
)

/** A wrong redeem code tried (unknown, used or expired): by reader and by address, pruned. */
export const redeemFailures = pgTable(
  'redeem_failures',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    address: text('address').notNull(),
    at: at('at').notNull(),
  },
  (t) => [
    index('redeem_failures_user_idx').on(t.userId, t.at),
    index('redeem_failures_address_idx').on(t.address, t.at),
  ],
)
