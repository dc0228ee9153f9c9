/**
 * A coupon's life with the shop's orders, inside the shop's transactions: createOrder reserves it
 * (`reserveOrderCoupon`, after inserting the order), a paid order uses it, a cancelled or expired
 * unpaid order gives it back to its holder.
 */
import { and, eq, inArray, isNull, or } from 'drizzle-orm'
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
 * Whether an order cancelled (or expired) before its payment arrived may still have the coupon it
 * named: the coupon, locked until the transaction ends, is again simply given to the buyer. Held by
 * another unpaid order of theirs or used by a paid one, it is not: the late payment would take its
 * discount a second time, so the payment is refunded instead (shop settleNotification). True for an
 * order without a coupon.
 */
export async function couponBackFor(tx: Db, order: OrderRow): Promise<boolean> {
  if (order.couponId === null) return true
  const [coupon] = await tx
    .select({ state: agentCoupons.state, orderId: agentCoupons.orderId })
    .from(agentCoupons)
    .where(and(eq(agentCoupons.id, order.couponId), eq(agentCoupons.holderUserId, order.userId)))
    .for('update')
  if (!coupon) return false
  return (
    (coupon.state === 'given' && coupon.orderId === null) ||
    (coupon.state === 'reserved' && coupon.orderId === order.id)
  )
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
          and(eq(agentCoupons.state, 'given'), isNull(agentCoupons.orderId)),
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
