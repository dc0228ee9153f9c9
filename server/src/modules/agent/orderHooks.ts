/**
 * What the agent programme does when a shop order changes, called inside the shop's transactions:
 * a paid order uses its coupon and gives the member's agent a pending commission line; cancelled
 * or expired unpaid orders give their coupons back. (A refund cancels the commission: shop
 * refund.ts calls cancelCommission itself.)
 */
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import type { OrderRow } from '../shop/rows'
import { addCommission } from './commission'
import { releaseOrderCoupons, useOrderCoupon } from './couponOrders'

export async function onOrderPaid(
  app: Pick<AppContext, 'config'>,
  tx: Db,
  order: OrderRow,
  at: Date,
): Promise<void> {
  await useOrderCoupon(tx, order, at)
  await addCommission(app, tx, order, at)
}

/** Unpaid orders just cancelled (by the reader or by their expiry). */
export async function onOrdersCancelled(tx: Db, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length > 0) await releaseOrderCoupons(tx, orderIds)
}
