/** Orders: making one (the stock taken at once), paying again, cancelling, my orders and copies. */
import { randomInt } from 'node:crypto'
import { and, count, desc, eq } from 'drizzle-orm'
import type { BookCopy, Order, PayOrderRes } from '@api/shop'
import { OrderLimits, ShopText, type OrderFilter, type PayPlatform } from '@rules/shop'
import { CHINA_OFFSET_MS } from '@rules/chinaTime'
import type { Page } from '@api/envelope'
import type { AppContext } from '../../context'
import type { Caller } from '../../http/auth'
import type { Db } from '../../db/client'
import { bookCopies, books, orders, products, users } from '../../db/schema'
import { inTx } from '../../db/tx'
import { badRequest, notFound } from '../../http/errors'
import { refuseOverRate } from '../../http/rates'
import { pageOf, type Paging } from '../../http/paging'
import { reserveOrderCoupon, takeOrderCoupon } from '../agent/couponOrders'
import { onOrdersCancelled } from '../agent/orderHooks'
import { expireDue } from './expiry'
import { closeAtWeChat, payerOf, paymentFor } from './payment'
import {
  all,
  copyColumns,
  PAY_WINDOW_MS,
  restock,
  takeStock,
  toCopy,
  toOrder,
  type OrderRow,
} from './rows'

const HOUR_MS = 60 * 60_000

/** Our order number: the China time to the second and 10 random digits (24 characters). */
export function newOrderNo(nowMs: number): string {
  const stamp = new Date(nowMs + CHINA_OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 14)
  const tail =
    String(randomInt(100_000)).padStart(5, '0') + String(randomInt(100_000)).padStart(5, '0')
  return `${stamp}${tail}`
}

/** Locks the reader's row: their order-making is serialised (the pending count stays exact). */
async function lockReader(tx: Db, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
}

export async function createOrder(
  app: AppContext,
  caller: Caller,
  input: { productId: number; quantity?: number; platform?: PayPlatform; couponId?: number },
): Promise<PayOrderRes> {
  const quantity = input.quantity ?? 1
  // Who pays, before anything is taken (503 unconfigured, 400 without a WeChat login there).
  const payer = await payerOf(app, caller.userId, input.platform ?? 'weapp')
  const { order, expired } = await inTx(app.db, async (tx) => {
    const nowMs = app.clock.now()
    await lockReader(tx, caller.userId)
    const expired = await expireDue(tx, nowMs, eq(orders.userId, caller.userId))
    const [pending] = await tx
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.userId, caller.userId), eq(orders.state, 'pending')))
    if (pending.n >= OrderLimits.maxPending) throw badRequest(ShopText.tooManyPending)
    // Counted under the reader's lock: concurrent orders cannot both slip under the limit.
    await refuseOverRate(
      tx,
      { max: OrderLimits.hourlyMax, windowMs: HOUR_MS, message: ShopText.tooManyOrders },
      { table: orders, user: orders.userId, at: orders.createdAt, only: eq(orders.source, 'buy') },
      caller.userId,
      nowMs,
    )
    const [product] = await tx.select().from(products).where(eq(products.id, input.productId))
    if (!product) throw notFound(ShopText.productNotFound)
    if (!product.onSale) throw badRequest(ShopText.productOffSale)
    const totalFen = product.priceFen * quantity
    // A coupon of the reader's (agent programme), locked: this order holds it until paid or cancelled.
    const coupon =
      input.couponId === undefined
        ? null
        : await takeOrderCoupon(tx, caller.userId, input.couponId, totalFen, nowMs)
    const discountFen = coupon ? coupon.valueFen : 0
    if (!(await takeStock(tx, product.id, quantity, { onSaleOnly: true }))) {
      throw badRequest(ShopText.outOfStock)
    }
    const [row] = await tx
      .insert(orders)
      .values({
        orderNo: newOrderNo(nowMs),
        userId: caller.userId,
        productId: product.id,
        kind: product.kind,
        name: product.name,
        cover: product.cover,
        priceFen: product.priceFen,
        quantity,
        amountFen: totalFen - discountFen,
        couponId: coupon ? coupon.id : null,
        discountFen,
        state: 'pending',
        source: 'buy',
        expiresAt: new Date(nowMs + PAY_WINDOW_MS),
        createdAt: new Date(nowMs),
      })
      .returning()
    if (coupon) await reserveOrderCoupon(tx, coupon.id, row.id)
    return { order: row, expired }
  })
  await closeAtWeChat(app, expired)
  // The prepayment is asked for after the commit (no transaction waits on WeChat Pay). Should it
  // fail, the order stays unpaid: payOrder asks again, or it expires and its stock goes back.
  return paymentFor(app, order, payer)
}

/** Cancelled by its expiry (a reader's cancel comes before it: a due order is expired first). */
const expiredBefore = (row: OrderRow): boolean =>
  row.state === 'cancelled' && row.cancelledAt !== null && row.cancelledAt >= row.expiresAt

/**
 * One of the caller's orders, locked, with its expiry applied (`expired`: by this call, so the
 * caller closes it at WeChat Pay after the commit); 404 for anyone else's.
 */
async function myOrderForUpdate(tx: Db, userId: number, id: number, nowMs: number) {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)))
    .for('update')
  if (!row) throw notFound(ShopText.orderNotFound)
  const expired = (await expireDue(tx, nowMs, eq(orders.id, id))).length > 0
  if (!expired) return { row, expired }
  const [now] = await tx.select().from(orders).where(eq(orders.id, id))
  return { row: now, expired }
}

export async function payOrder(
  app: AppContext,
  caller: Caller,
  input: { id: number; platform?: PayPlatform },
): Promise<PayOrderRes> {
  const payer = await payerOf(app, caller.userId, input.platform ?? 'weapp')
  const { row, expired } = await inTx(app.db, (tx) =>
    myOrderForUpdate(tx, caller.userId, input.id, app.clock.now()),
  )
  // The expiry is kept (committed, then closed at WeChat Pay): the stock is back either way.
  if (expired) await closeAtWeChat(app, [row])
  if (expired || expiredBefore(row)) throw badRequest(ShopText.orderExpired)
  if (row.state !== 'pending') throw badRequest(ShopText.orderNotPending)
  return paymentFor(app, row, payer)
}

/** Cancels a pending order (its stock back), then closes it at WeChat Pay after the commit. */
export async function cancelOrder(app: AppContext, caller: Caller, id: number): Promise<Order> {
  const cancelled = await inTx(app.db, async (tx) => {
    const nowMs = app.clock.now()
    const { row, expired } = await myOrderForUpdate(tx, caller.userId, id, nowMs)
    if (expired) return row
    if (row.state !== 'pending') throw badRequest(ShopText.orderNotPending)
    const [done] = await tx
      .update(orders)
      .set({ state: 'cancelled', cancelledAt: new Date(nowMs) })
      .where(and(eq(orders.id, id), eq(orders.state, 'pending')))
      .returning()
    await restock(tx, [done])
    await onOrdersCancelled(tx, [done.id])
    return done
  })
  await closeAtWeChat(app, [cancelled])
  return toOrder(cancelled)
}

export async function orderList(
  app: AppContext,
  caller: Caller,
  state: OrderFilter,
  at: Paging,
): Promise<Page<Order>> {
  const expired = await inTx(app.db, (tx) =>
    expireDue(tx, app.clock.now(), eq(orders.userId, caller.userId)),
  )
  await closeAtWeChat(app, expired)
  const where = all(
    eq(orders.userId, caller.userId),
    state === 'all' ? undefined : eq(orders.state, state),
  )
  const [rows, [total]] = await Promise.all([
    app.db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(at.pageSize)
      .offset(at.offset),
    app.db.select({ n: count() }).from(orders).where(where),
  ])
  return pageOf(rows.map(toOrder), total.n, at)
}

export async function orderDetail(app: AppContext, caller: Caller, id: number): Promise<Order> {
  const expired = await inTx(app.db, (tx) =>
    expireDue(tx, app.clock.now(), and(eq(orders.id, id), eq(orders.userId, caller.userId))),
  )
  await closeAtWeChat(app, expired)
  const [row] = await app.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, caller.userId)))
  if (!row) throw notFound(ShopText.orderNotFound)
  return toOrder(row)
}

/** GET /api/order/findBooksOrderList: my book copies, newest first. */
export async function myBookCopies(
  app: AppContext,
  caller: Caller,
  at: Paging,
): Promise<Page<BookCopy>> {
  const where = eq(bookCopies.ownerUserId, caller.userId)
  const [rows, [total]] = await Promise.all([
    app.db
      .select(copyColumns)
      .from(bookCopies)
      .innerJoin(books, eq(books.id, bookCopies.bookId))
      .where(where)
      .orderBy(desc(bookCopies.id))
      .limit(at.pageSize)
      .offset(at.offset),
    app.db.select({ n: count() }).from(bookCopies).where(where),
  ])
  return pageOf(rows.map(toCopy), total.n, at)
}
