/** Reading shop rows: the columns of the answers, their shapes, paging and shared SQL. */
import { and, eq, sql, type SQL } from 'drizzle-orm'
import { OrderLimits, ShopLimits, ShopText } from '@rules/shop'
import type { BookCopy, Order, Product, ProductDetail, Redemption } from '@api/shop'
import { formatRedeemCode } from '@rules/shop'
import { unixSeconds } from '../../clock'
import type { Db } from '../../db/client'
import { isOperator } from '../../db/operators'
import { bookCopies, books, orders, products, redeemCodes, redemptions } from '../../db/schema'
import { forbidden } from '../../http/errors'
import { paging, type Paging } from '../../http/paging'

/** Lists: 10 a page by default, at most 50. */
export const shopPaging = (input: { page?: number; pageSize?: number }): Paging =>
  paging(input, ShopLimits.pageSize, ShopLimits.pageSizeMax)

/** Every condition (and() typed for a list that is never empty). */
export const all = (...conditions: (SQL | undefined)[]): SQL => and(...conditions) as SQL

export const PAY_WINDOW_MS = OrderLimits.payMinutes * 60_000

const seconds = (date: Date): number => unixSeconds(date.getTime())
const secondsOrNull = (date: Date | null): number | null => (date ? seconds(date) : null)

export const productColumns = {
  id: products.id,
  kind: products.kind,
  bookId: products.bookId,
  name: products.name,
  cover: products.cover,
  priceFen: products.priceFen,
  stock: products.stock,
  sales: products.sales,
  hot: products.hot,
  onSale: products.onSale,
}

export type ProductRow = { [K in keyof typeof productColumns]: (typeof products.$inferSelect)[K] }

export const toProduct = (row: ProductRow): Product => ({ ...row })

/** A book's cover, else the cover of a product selling it (the seeded classics have none), else ''. */
export const bookCover = sql<string>`coalesce(nullif(${books.cover}, ''), (
  select p.cover from ${products} p where p.book_id = ${books.id} and p.cover <> '' order by p.id limit 1
), '')`

/** A product with its images, description and book. */
export async function productDetail(db: Db, id: number): Promise<ProductDetail | null> {
  const [row] = await db
    .select({
      ...productColumns,
      images: products.images,
      description: products.description,
      createdAt: products.createdAt,
      bookName: books.name,
      bookAuthor: books.author,
      bookCover,
    })
    .from(products)
    .leftJoin(books, eq(books.id, products.bookId))
    .where(eq(products.id, id))
  if (!row) return null
  const { bookName, bookAuthor, bookCover: cover, createdAt, ...rest } = row
  return {
    ...rest,
    createdAt: seconds(createdAt),
    book:
      rest.bookId !== null && bookName !== null
        ? { id: rest.bookId, name: bookName, author: bookAuthor ?? '', cover: cover ?? '' }
        : null,
  }
}

export type OrderRow = typeof orders.$inferSelect

export const toOrder = (row: OrderRow): Order => ({
  id: row.id,
  orderNo: row.orderNo,
  productId: row.productId,
  kind: row.kind,
  name: row.name,
  cover: row.cover,
  priceFen: row.priceFen,
  quantity: row.quantity,
  amountFen: row.amountFen,
  couponId: row.couponId,
  discountFen: row.discountFen,
  state: row.state,
  source: row.source,
  createdAt: seconds(row.createdAt),
  expiresAt: seconds(row.expiresAt),
  paidAt: secondsOrNull(row.paidAt),
  cancelledAt: secondsOrNull(row.cancelledAt),
  refundedAt: secondsOrNull(row.refundedAt),
  transactionId: row.transactionId ?? '',
})

export const copyColumns = {
  booksOrderId: bookCopies.id,
  booksId: bookCopies.bookId,
  booksName: books.name,
  booksCoverSheet: bookCover,
  author: books.author,
  state: bookCopies.state,
  orderId: bookCopies.orderId,
  redemptionId: bookCopies.redemptionId,
  createdAt: bookCopies.createdAt,
}

export interface CopyRow {
  booksOrderId: number
  booksId: number
  booksName: string
  booksCoverSheet: string
  author: string
  state: 'owned' | 'held'
  orderId: number | null
  redemptionId: number | null
  createdAt: Date
}

export const toCopy = ({ redemptionId, createdAt, ...row }: CopyRow): BookCopy => ({
  ...row,
  source: redemptionId !== null ? 'redeem' : 'buy',
  createdAt: seconds(createdAt),
})

/** The copies of a book given to `ownerUserId` (by an order or a redemption). */
export async function giveCopies(
  tx: Db,
  values: {
    ownerUserId: number
    bookId: number
    orderId?: number
    redemptionId?: number
    count: number
    at: Date
  },
): Promise<number[]> {
  const rows = await tx
    .insert(bookCopies)
    .values(
      Array.from({ length: values.count }, () => ({
        ownerUserId: values.ownerUserId,
        bookId: values.bookId,
        orderId: values.orderId ?? null,
        redemptionId: values.redemptionId ?? null,
        state: 'owned' as const,
        createdAt: values.at,
      })),
    )
    .returning({ id: bookCopies.id })
  return rows.map((row) => row.id)
}

export async function copiesByIds(db: Db, where: SQL): Promise<BookCopy[]> {
  const rows = await db
    .select(copyColumns)
    .from(bookCopies)
    .innerJoin(books, eq(books.id, bookCopies.bookId))
    .where(where)
    .orderBy(bookCopies.id)
  return rows.map(toCopy)
}

export const redemptionColumns = {
  id: redemptions.id,
  code: redeemCodes.code,
  kind: redemptions.kind,
  name: redemptions.name,
  cover: redemptions.cover,
  orderId: redemptions.orderId,
  booksOrderId: sql<number | null>`(
    select c.id from ${bookCopies} c where c.redemption_id = ${redemptions.id} order by c.id limit 1
  )`,
  createdAt: redemptions.createdAt,
}

export interface RedemptionRow {
  id: number
  code: string
  kind: 'book' | 'product'
  name: string
  cover: string
  orderId: number | null
  booksOrderId: number | null
  createdAt: Date
}

export const toRedemption = (row: RedemptionRow): Redemption => ({
  ...row,
  code: formatRedeemCode(row.code),
  booksOrderId: row.booksOrderId === null ? null : Number(row.booksOrderId),
  createdAt: seconds(row.createdAt),
})

/** Puts stock back: quantities by product, in product order (no two restocks wait on each other). */
export async function restock(
  tx: Db,
  rows: readonly { productId: number; quantity: number }[],
): Promise<void> {
  const byProduct = new Map<number, number>()
  for (const row of rows)
    byProduct.set(row.productId, (byProduct.get(row.productId) ?? 0) + row.quantity)
  for (const productId of [...byProduct.keys()].sort((a, b) => a - b)) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${byProduct.get(productId)}` })
      .where(eq(products.id, productId))
  }
}

/** Takes `quantity` of a product when there is that much (and it is on sale, unless told). */
export async function takeStock(
  tx: Db,
  productId: number,
  quantity: number,
  opts: { onSaleOnly: boolean },
): Promise<boolean> {
  const rows = await tx
    .update(products)
    .set({ stock: sql`${products.stock} - ${quantity}` })
    .where(
      all(
        eq(products.id, productId),
        sql`${products.stock} >= ${quantity}`,
        opts.onSaleOnly ? eq(products.onSale, true) : undefined,
      ),
    )
    .returning({ id: products.id })
  return rows.length > 0
}

/** Refuses (403 '仅运营人员可以操作') a caller who is not an operator. */
export async function requireShopOperator(db: Db, userId: number): Promise<void> {
  if (!(await isOperator(db, userId))) throw forbidden(ShopText.notOperator)
}
