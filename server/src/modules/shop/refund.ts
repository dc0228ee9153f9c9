/**
 * Operators record the refund of a paid order (User.Mall_Order.Refund) made through WeChat Pay's
 * merchant platform; nothing is sent from here. Within the refund window only; a book order's copies
 * are taken back (all still the buyer's and not in a gift, else 400); an agent's pending commission
 * on it is cancelled. The stock and any coupon are not given back.
 */
import { eq, inArray } from 'drizzle-orm'
import type { Order } from '@api/shop'
import { AgentText } from '@rules/agent'
import { ShopText } from '@rules/shop'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { bookCopies, bookGifts, orders } from '../../db/schema'
import { inTx } from '../../db/tx'
import type { Caller } from '../../http/auth'
import { badRequest, notFound } from '../../http/errors'
import { cancelCommission, commissionSettled } from '../agent/commission'
import { requireShopOperator, toOrder, type OrderRow } from './rows'

/**
 * Takes back a book order's copies: every one still owned by the buyer, and none ever in a gift
 * (a gift's record keeps its copy), else 400 '该订单的书已赠出，无法退款'.
 */
async function takeBackCopies(tx: Db, order: OrderRow): Promise<void> {
  const copies = await tx
    .select({ id: bookCopies.id, owner: bookCopies.ownerUserId, state: bookCopies.state })
    .from(bookCopies)
    .where(eq(bookCopies.orderId, order.id))
    .orderBy(bookCopies.id)
    .for('update')
  if (copies.length === 0) return
  if (copies.some((c) => c.owner !== order.userId || c.state !== 'owned')) {
    throw badRequest(AgentText.copiesGone)
  }
  const ids = copies.map((c) => c.id)
  const gifted = await tx
    .select({ id: bookGifts.id })
    .from(bookGifts)
    .where(inArray(bookGifts.copyId, ids))
    .limit(1)
  if (gifted.length > 0) throw badRequest(AgentText.copiesGone)
  await tx.delete(bookCopies).where(inArray(bookCopies.id, ids))
}

export async function refundOrder(app: AppContext, caller: Caller, id: number): Promise<Order> {
  return inTx(app.db, async (tx) => {
    await requireShopOperator(tx, caller.userId)
    const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update')
    if (!order) throw notFound(ShopText.orderNotFound)
    if (order.state !== 'paid' || order.paidAt === null) throw badRequest(AgentText.orderNotPaid)
    // A redeemed piece was not paid for: nothing to give back.
    if (order.source !== 'buy') throw badRequest(AgentText.notRefundable)
    const nowMs = app.clock.now()
    if (nowMs >= order.paidAt.getTime() + app.config.agent.refundWindowMs) {
      throw badRequest(AgentText.refundWindowPassed)
    }
    // The agent's line on it, locked: settled (its window over by the sweep's clock, or a window
    // since made longer), the order is past refunding; pending, the settling waits for this refund.
    if (await commissionSettled(tx, order.id)) throw badRequest(AgentText.refundWindowPassed)
    if (order.kind === 'book') await takeBackCopies(tx, order)
    const at = new Date(nowMs)
    const [done] = await tx
      .update(orders)
      .set({ state: 'refunded', refundedAt: at })
      .where(eq(orders.id, order.id))
      .returning()
    await cancelCommission(tx, order.id, at)
    return toOrder(done)
  })
}
