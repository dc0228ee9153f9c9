/**
 * The redemption centre: a code gives a copy of a book, or one piece of a product as a paid order
 * of amount 0. A code works once; wrong codes (unknown, used, expired) are counted per reader and
 * per address: from RedeemLimits.wrongMax of a reader's in the window on, that reader gets 429;
 * from addressWrongMax of an address's (its readers together), everyone there.
 */
import { randomInt } from 'node:crypto'
import { and, count, desc, eq, gt, lte, or } from 'drizzle-orm'
import type { CreatedCodes, CreateRedeemCodesReq, RedeemRes, Redemption } from '@api/shop'
import type { Page } from '@api/envelope'
import {
  formatRedeemCode,
  normalizeRedeemCode,
  REDEEM_ALPHABET,
  redeemCodeError,
  RedeemLimits,
  ShopText,
} from '@rules/shop'
import { CHINA_OFFSET_MS } from '@rules/chinaTime'
import { textLength } from '@rules/validate'
import type { AppContext } from '../../context'
import type { Caller } from '../../http/auth'
import type { Db } from '../../db/client'
import {
  bookCopies,
  books,
  orders,
  products,
  redeemCodes,
  redeemFailures,
  redemptions,
} from '../../db/schema'
import { inTx, lockKey } from '../../db/tx'
import { AppError, badRequest, notFound, tooMany } from '../../http/errors'
import { pageOf, type Paging } from '../../http/paging'
import { newOrderNo } from './orders'
import { deliver } from './payment'
import {
  bookCover,
  copiesByIds,
  redemptionColumns,
  takeStock,
  toOrder,
  toRedemption,
  requireShopOperator,
} from './rows'

/** Refuses (429) a reader, or an address, with too many wrong codes in the window. */
async function refuseOverTries(tx: Db, userId: number, address: string, nowMs: number) {
  const since = new Date(nowMs - RedeemLimits.wrongWindowMs)
  await tx
    .delete(redeemFailures)
    .where(
      and(
        or(eq(redeemFailures.userId, userId), eq(redeemFailures.address, address)),
        lte(redeemFailures.at, since),
      ),
    )
  const recent = (where: ReturnType<typeof eq>) =>
    tx
      .select({ n: count() })
      .from(redeemFailures)
      .where(and(where, gt(redeemFailures.at, since)))
  const [[mine], [here]] = [
    await recent(eq(redeemFailures.userId, userId)),
    await recent(eq(redeemFailures.address, address)),
  ]
  if (mine.n >= RedeemLimits.wrongMax || here.n >= RedeemLimits.addressWrongMax) {
    throw tooMany(ShopText.codeTooMany)
  }
}

async function redemptionById(db: Db, id: number): Promise<Redemption> {
  const [row] = await db
    .select(redemptionColumns)
    .from(redemptions)
    .innerJoin(redeemCodes, eq(redeemCodes.id, redemptions.codeId))
    .where(eq(redemptions.id, id))
  return toRedemption(row)
}

export async function redeemCode(
  app: AppContext,
  caller: Caller,
  address: string,
  typed: string,
): Promise<RedeemRes> {
  const formatError = redeemCodeError(typed)
  if (formatError) throw badRequest(formatError)
  const code = normalizeRedeemCode(typed)
  const userId = caller.userId
  return inTx(app.db, async (tx): Promise<RedeemRes | AppError> => {
    const nowMs = app.clock.now()
    const now = new Date(nowMs)
    // One try at a time per reader and per address: the counts stay exact.
    await lockKey(tx, `redeem:user:${userId}`)
    await lockKey(tx, `redeem:address:${address}`)
    await refuseOverTries(tx, userId, address, nowMs)
    const wrong = async (message: string): Promise<AppError> => {
      // Counted, and committed with the error (inTx: a returned error commits).
      await tx.insert(redeemFailures).values({ userId, address, at: now })
      return badRequest(message)
    }
    const [row] = await tx
      .select()
      .from(redeemCodes)
      .where(eq(redeemCodes.code, code))
      .for('update')
    if (!row) return wrong(ShopText.codeUnknown)
    if (row.redeemedBy !== null) return wrong(ShopText.codeUsed)
    if (row.expiresAt && row.expiresAt.getTime() <= nowMs) return wrong(ShopText.codeExpired)

    if (row.kind === 'book') {
      const [book] = await tx
        .select({ id: books.id, name: books.name, cover: bookCover })
        .from(books)
        .where(eq(books.id, row.bookId as number))
      if (!book) throw notFound(ShopText.bookNotFound)
      const [redemption] = await tx
        .insert(redemptions)
        .values({
          userId,
          codeId: row.id,
          kind: 'book',
          bookId: book.id,
          name: book.name,
          cover: book.cover,
          createdAt: now,
        })
        .returning({ id: redemptions.id })
      const [copyId] = await tx
        .insert(bookCopies)
        .values({
          ownerUserId: userId,
          bookId: book.id,
          redemptionId: redemption.id,
          state: 'owned',
          createdAt: now,
        })
        .returning({ id: bookCopies.id })
      await tx
        .update(redeemCodes)
        .set({ redeemedBy: userId, redeemedAt: now })
        .where(eq(redeemCodes.id, row.id))
      const [copy] = await copiesByIds(tx, eq(bookCopies.id, copyId.id))
      return { redemption: await redemptionById(tx, redemption.id), copy, order: null }
    }

    const [product] = await tx
      .select()
      .from(products)
      .where(eq(products.id, row.productId as number))
    if (!product) throw notFound(ShopText.productNotFound)
    // No stock: refused, the code stays unused and the try is not counted (rolled back).
    if (!(await takeStock(tx, product.id, 1, { onSaleOnly: false }))) {
      throw badRequest(ShopText.outOfStock)
    }
    const [order] = await tx
      .insert(orders)
      .values({
        orderNo: newOrderNo(nowMs),
        userId,
        productId: product.id,
        kind: product.kind,
        name: product.name,
        cover: product.cover,
        priceFen: 0,
        quantity: 1,
        amountFen: 0,
        state: 'paid',
        source: 'redeem',
        expiresAt: now,
        paidAt: now,
        createdAt: now,
      })
      .returning()
    await deliver(tx, order, now)
    const [redemption] = await tx
      .insert(redemptions)
      .values({
        userId,
        codeId: row.id,
        kind: 'product',
        productId: product.id,
        bookId: product.bookId,
        orderId: order.id,
        name: product.name,
        cover: product.cover,
        createdAt: now,
      })
      .returning({ id: redemptions.id })
    await tx
      .update(bookCopies)
      .set({ redemptionId: redemption.id })
      .where(eq(bookCopies.orderId, order.id))
    await tx
      .update(redeemCodes)
      .set({ redeemedBy: userId, redeemedAt: now })
      .where(eq(redeemCodes.id, row.id))
    const [copy] = await copiesByIds(tx, eq(bookCopies.orderId, order.id))
    return {
      redemption: await redemptionById(tx, redemption.id),
      copy: copy ?? null,
      order: toOrder(order),
    }
  })
}

export async function redeemList(
  app: AppContext,
  caller: Caller,
  at: Paging,
): Promise<Page<Redemption>> {
  const where = eq(redemptions.userId, caller.userId)
  const [rows, [total]] = await Promise.all([
    app.db
      .select(redemptionColumns)
      .from(redemptions)
      .innerJoin(redeemCodes, eq(redeemCodes.id, redemptions.codeId))
      .where(where)
      .orderBy(desc(redemptions.id))
      .limit(at.pageSize)
      .offset(at.offset),
    app.db.select({ n: count() }).from(redemptions).where(where),
  ])
  return pageOf(rows.map(toRedemption), total.n, at)
}

/** A new code: RedeemLimits.codeLength characters of REDEEM_ALPHABET. */
export function newRedeemCode(): string {
  let code = ''
  for (let i = 0; i < RedeemLimits.codeLength; i++) {
    code += REDEEM_ALPHABET[randomInt(REDEEM_ALPHABET.length)]
  }
  return code
}

/** Operators: `count` new codes of a book or product, answered this once. One transaction. */
export async function createRedeemCodes(
  app: AppContext,
  caller: Caller,
  input: CreateRedeemCodesReq,
): Promise<CreatedCodes> {
  await requireShopOperator(app.db, caller.userId)
  const nowMs = app.clock.now()
  if (input.expiresAt !== undefined && input.expiresAt * 1000 <= nowMs) {
    throw badRequest(ShopText.expiresInvalid)
  }
  const batch = input.batch || new Date(nowMs + CHINA_OFFSET_MS).toISOString().slice(0, 10)
  if (textLength(batch) > RedeemLimits.batchMaxChars) throw badRequest(ShopText.batchTooLong)
  return inTx(app.db, async (tx) => {
    let bookId: number | null = null
    let productId: number | null = null
    if (input.kind === 'book') {
      if (!input.bookId) throw badRequest(ShopText.bookIdMissing)
      const [book] = await tx.select({ id: books.id }).from(books).where(eq(books.id, input.bookId))
      if (!book) throw notFound(ShopText.bookNotFound)
      bookId = book.id
    } else {
      if (!input.productId) throw notFound(ShopText.productNotFound)
      const [product] = await tx
        .select({ id: products.id })
        .from(products)
        .where(eq(products.id, input.productId))
      if (!product) throw notFound(ShopText.productNotFound)
      productId = product.id
    }
    const expiresAt = input.expiresAt !== undefined ? new Date(input.expiresAt * 1000) : null
    const codes: string[] = []
    // Codes are random: a clash with an existing one is skipped and drawn again.
    while (codes.length < input.count) {
      const fresh = Array.from({ length: input.count - codes.length }, newRedeemCode)
      const rows = await tx
        .insert(redeemCodes)
        .values(
          [...new Set(fresh)].map((code) => ({
            code,
            kind: input.kind,
            bookId,
            productId,
            batch,
            expiresAt,
            createdBy: caller.userId,
            createdAt: new Date(nowMs),
          })),
        )
        .onConflictDoNothing()
        .returning({ code: redeemCodes.code })
      codes.push(...rows.map((row) => row.code))
    }
    return {
      batch,
      kind: input.kind,
      codes: codes.map(formatRedeemCode),
      expiresAt: input.expiresAt ?? null,
    }
  })
}
