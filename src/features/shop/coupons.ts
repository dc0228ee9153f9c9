/**
 * The product page's coupon: which of my coupons fit an order of this amount (given, not expired,
 * the order at least the coupon's threshold), the best of them (the largest value; the sooner
 * expiring of equal ones), and what is paid with one. Pure (unit-tested); the server checks the
 * same again when the order is made.
 */
import type { MyCoupon } from '@/types/api/agent'
import { AgentText } from '@rules/agent'

/** What the reader chose: the best coupon (by default), none, or one by id. */
export type CouponChoice = 'best' | 'none' | number

/**
 * Why an order of `totalFen` cannot name this coupon, in the server's words (createOrder): no
 * longer usable, expired, or under its threshold; null when it can.
 */
export function couponProblem(coupon: MyCoupon, totalFen: number, nowMs: number): string | null {
  if (!coupon.usable) return AgentText.couponNotUsable
  if (coupon.expiresAt * 1000 <= nowMs) return AgentText.couponExpired
  if (totalFen < coupon.minOrderFen) return AgentText.couponThreshold
  return null
}

export const couponFits = (coupon: MyCoupon, totalFen: number, nowMs: number): boolean =>
  couponProblem(coupon, totalFen, nowMs) === null

export function bestCoupon(
  coupons: readonly MyCoupon[],
  totalFen: number,
  nowMs: number,
): MyCoupon | null {
  let best: MyCoupon | null = null
  for (const c of coupons) {
    if (!couponFits(c, totalFen, nowMs)) continue
    if (
      !best ||
      c.valueFen > best.valueFen ||
      (c.valueFen === best.valueFen && c.expiresAt < best.expiresAt)
    ) {
      best = c
    }
  }
  return best
}

/** The coupon the order names: the chosen one while it fits, else the best one that does. */
export function chosenCoupon(
  coupons: readonly MyCoupon[],
  choice: CouponChoice,
  totalFen: number,
  nowMs: number,
): MyCoupon | null {
  if (choice === 'none') return null
  if (choice !== 'best') {
    const picked = coupons.find((c) => c.id === choice)
    if (picked && couponFits(picked, totalFen, nowMs)) return picked
  }
  return bestCoupon(coupons, totalFen, nowMs)
}

/** What is paid: the total less the coupon's value (never below zero). */
export const payableFen = (totalFen: number, coupon: MyCoupon | null): number =>
  coupon ? Math.max(0, totalFen - coupon.valueFen) : totalFen
