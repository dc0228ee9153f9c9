/**
 * A coupon's life with the shop's orders, inside the shop's transactions: createOrder reserves it
 * (`reserveOrderCoupon`, after inserting the order), a paid order uses it, a cancelled or expired
 * unpaid order gives it back to its holder.
 */
import { and, eq, inArray, or } from 'drizzle-orm'
import { AgentText } from '@rules/agent'
import type { Db } from '../../db/client'
import { agentCoupons } from '../../db/schema'
import { badRequest } from '../../http/errors'
import type { OrderRow } from '../shop/rows'

export type CouponRow = typeof agentCoupons.$inferSelect

/**
 * The caller's coupon for an order of `totalFen` (before the coupon), locked until the transaction
 * ends (answered): given to them (else 400 '优惠券不可用': not theirs, not given yet, held by another unpaid
 * order, used), not expired, and the order at least its threshold.
 */
export async function takeOrderCoupon(
  tx: Db,
  userId: number,
  couponId: number,
  totalFen: number,
  nowMs: number,
): Promise<CouponRow> {
  const [coupon] = await tx
    .select()
    .from(agentCoupons)
    .where(and(eq(agentCoupons.id, couponId), eq(agentCoupons.holderUserId, userId)))
    .for('update')
  if (!coupon || coupon.state !== 'given') throw badRequest(AgentText.couponNotUsable)
  if (coupon.expiresAt.getTime() <= nowMs) throw badRequest(AgentText.couponExpired)
  if (totalFen < coupon.minOrderFen) throw badRequest(AgentText.couponThreshold)
  return coupon
}

/** The coupon taken by takeOrderCoupon is now held by the order just inserted. */
export async function reserveOrderCoupon(tx: Db, couponId: number, orderId: number): Promise<void> {
  await tx
    .update(agentCoupons)
    .set({ state: 'reserved', orderId })
    .where(and(eq(agentCoupons.id, couponId), eq(agentCoupons.state, 'given')))
}

/**
 * A paid order uses its coupon: the one it holds, or (a payment settled after the order was
 * cancelled or expired, which gave the coupon back) the same coupon still given to the buyer.
 */
export async function useOrderCoupon(tx: Db, order: OrderRow, at: Date): Promise<void> {
  if (order.couponId === null) return
  await tx
    .update(agentCoupons)
    .set({ state: 'used', usedAt: at, orderId: order.id })
    .where(
      and(
        eq(agentCoupons.id, order.couponId),
        eq(agentCoupons.holderUserId, order.userId),
        or(
          and(eq(agentCoupons.state, 'reserved'), eq(agentCoupons.orderId, order.id)),
          eq(agentCoupons.state, 'given'),
        ),
      ),
    )
}

/** Unpaid orders cancelled or expired: the coupons they held are given back to their holders. */
export async function releaseOrderCoupons(tx: Db, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return
  await tx
    .update(agentCoupons)
    .set({ state: 'given', orderId: null })
    .where(and(eq(agentCoupons.state, 'reserved'), inArray(agentCoupons.orderId, [...orderIds])))
}
