/**
 * Paying an order: the payer's WeChat app and openid, the prepayment and its signed parameters, and
 * the settlement of a verified notification, and the closing at WeChat Pay of an order cancelled or
 * expired. An order is paid only here, by a notification the pay client verified, with trade_state
 * SUCCESS and the order's amount.
 */
import { and, eq, ne, sql } from 'drizzle-orm'
import type { PayOrderRes } from '@api/shop'
import { PAY_NOTIFY_PATH, ShopText, type PayPlatform } from '@rules/shop'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { orders, products, users } from '../../db/schema'
import { inTx } from '../../db/tx'
import { AppError, badRequest } from '../../http/errors'
import { NotificationRefused, type PayNotification } from '../../services/wechatPay/types'
import { couponBackFor } from '../agent/couponOrders'
import { onOrderPaid } from '../agent/orderHooks'
import { giveCopies, takeStock, toOrder, type OrderRow } from './rows'

export interface Payer {
  appId: string
  openid?: string
}

/** The local double's appid when no WeChat app is configured. */
export const LOCAL_APP_ID = 'wx0000000000local'

/**
 * Which WeChat app pays and the caller's openid in it. The real client needs both (a reader who
 * never logged in with WeChat there: 400 '请先使用微信登录后再支付').
 */
export async function payerOf(
  app: AppContext,
  userId: number,
  platform: PayPlatform,
): Promise<Payer> {
  app.pay.checkAvailable()
  const appId = platform === 'h5' ? app.config.wechatMp.appId : app.config.wechat.appId
  const [me] = await app.db
    .select({ openid: users.openid, mpOpenid: users.mpOpenid })
    .from(users)
    .where(eq(users.id, userId))
  const openid = (platform === 'h5' ? me?.mpOpenid : me?.openid) ?? undefined
  if (!app.pay.needsOpenid) return { appId: appId || LOCAL_APP_ID, openid }
  if (!appId) throw new AppError(503, ShopText.payUnavailable)
  if (!openid) throw badRequest(ShopText.wechatLoginNeeded)
  return { appId, openid }
}

/** Where WeChat Pay sends notifications (the configured URL; the double's is ours). */
const notifyUrl = (app: AppContext): string =>
  app.config.wechatPay.notifyUrl || `http://127.0.0.1:${app.config.port}${PAY_NOTIFY_PATH}`

/**
 * The payment of a pending order: its prepayment (the one made before for the same WeChat app, or a
 * new one, stored on the order) and fresh signed parameters.
 */
export async function paymentFor(
  app: AppContext,
  order: OrderRow,
  payer: Payer,
): Promise<PayOrderRes> {
  let prepayId = order.prepayId && order.payAppId === payer.appId ? order.prepayId : ''
  if (!prepayId) {
    prepayId = (
      await app.pay.createJsapiOrder({
        appId: payer.appId,
        outTradeNo: order.orderNo,
        description: order.quantity > 1 ? `${order.name} ×${order.quantity}` : order.name,
        amountFen: order.amountFen,
        openid: payer.openid,
        timeExpire: order.expiresAt,
        notifyUrl: notifyUrl(app),
      })
    ).prepayId
    await app.db
      .update(orders)
      .set({ prepayId, payAppId: payer.appId })
      .where(and(eq(orders.id, order.id), eq(orders.state, 'pending')))
  }
  return {
    order: toOrder(order),
    payMode: app.pay.mode === 'local' ? 'local' : 'wechat',
    payParams: app.pay.jsapiParams(payer.appId, prepayId),
    prepayId,
  }
}

/** An order cancelled or expired on our side, as closing it at WeChat Pay needs it. */
export interface Closable {
  orderNo: string
  prepayId: string | null
}

/** How many closes go to WeChat Pay at once (the sweep may have a batch of them). */
const CLOSE_AT_ONCE = 5

/**
 * Closes at WeChat Pay the orders just cancelled or expired that had a prepayment, so their old
 * payment parameters cannot pay them. Called after the cancelling transaction committed (no
 * transaction waits on WeChat Pay; a rolled-back cancel closes nothing). A close that fails is
 * logged by the pay client and changes nothing here: a payment that still comes is settled as a
 * late one (settleNotification: paid when its stock can be taken again, else refunded).
 */
export async function closeAtWeChat(
  app: Pick<AppContext, 'pay'>,
  cancelled: readonly Closable[],
): Promise<void> {
  const due = cancelled.filter((order) => order.prepayId)
  for (let i = 0; i < due.length; i += CLOSE_AT_ONCE) {
    await Promise.all(
      due.slice(i, i + CLOSE_AT_ONCE).map((order) => app.pay.closeOrder(order.orderNo)),
    )
  }
}

export type Settled = 'paid' | 'refunded' | 'ignored'

/** What a paid order gives: sales, and for a book one copy per quantity. */
export async function deliver(tx: Db, order: OrderRow, at: Date): Promise<void> {
  const [product] = await tx
    .update(products)
    .set({ sales: sql`${products.sales} + ${order.quantity}` })
    .where(eq(products.id, order.productId))
    .returning({ bookId: products.bookId })
  if (order.kind === 'book' && product?.bookId) {
    await giveCopies(tx, {
      ownerUserId: order.userId,
      bookId: product.bookId,
      orderId: order.id,
      count: order.quantity,
      at,
    })
  }
}

/**
 * Settles a verified notification in one transaction. SUCCESS for a pending order: paid (sales,
 * copies). For an order cancelled meanwhile (expired, or by the reader): paid when its coupon (if
 * any) is still free and its stock can be taken again, else 'refunded' (recorded; the money goes
 * back through the merchant platform). The same notification again changes nothing. Unknown order,
 * another amount, or a transaction id already on another order: refused (NotificationRefused),
 * nothing changes.
 */
export async function settleNotification(app: AppContext, n: PayNotification): Promise<Settled> {
  if (n.tradeState !== 'SUCCESS') return 'ignored'
  return inTx(app.db, async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.orderNo, n.outTradeNo))
      .for('update')
    if (!order || order.source !== 'buy') throw new NotificationRefused('订单不存在')
    if (n.amountFen !== order.amountFen) throw new NotificationRefused('金额不符')
    if (order.state === 'paid' || order.state === 'refunded') {
      if (order.transactionId === n.transactionId) return 'ignored'
      throw new NotificationRefused('订单已由另一笔交易支付')
    }
    const [other] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.transactionId, n.transactionId), ne(orders.id, order.id)))
    if (other) throw new NotificationRefused('交易号已用于其他订单')
    const now = new Date(app.clock.now())
    if (order.state === 'cancelled') {
      // Its coupon first (a coupon taken again by another order cannot give this one its discount
      // too), then its stock; either gone, the payment is refunded.
      const taken =
        (await couponBackFor(tx, order)) &&
        (await takeStock(tx, order.productId, order.quantity, { onSaleOnly: false }))
      if (!taken) {
        await tx
          .update(orders)
          .set({ state: 'refunded', transactionId: n.transactionId })
          .where(eq(orders.id, order.id))
        return 'refunded'
      }
    }
    const [paid] = await tx
      .update(orders)
      .set({ state: 'paid', paidAt: now, cancelledAt: null, transactionId: n.transactionId })
      .where(and(eq(orders.id, order.id), eq(orders.state, order.state)))
      .returning()
    await deliver(tx, paid, now)
    await onOrderPaid(app, tx, paid, now)
    return 'paid'
  })
}
