/**
 * The product page's coupon picker: my usable coupons (loaded for a signed-in reader, again after
 * an order and whenever the page shows again: an unpaid order cancelled in 我的订单 gives its
 * coupon back, my agent may have given me one), which one the order names (the best that fits by
 * default; none, or another, by choice), and the discount and the amount paid for the quantity
 * chosen.
 */
import { useDidShow } from '@tarojs/taro'
import { useCallback, useEffect, useRef, useState } from 'react'
import { toast } from '@/core/toast'
import type { MyCoupon } from '@/types/api/agent'
import { fetchUsableCoupons } from './api'
import { chosenCoupon, couponFits, couponProblem, payableFen, type CouponChoice } from './coupons'

export function useCoupons(loggedIn: boolean, totalFen: number) {
  const [coupons, setCoupons] = useState<MyCoupon[]>([])
  const [choice, setChoice] = useState<CouponChoice>('best')
  const [open, setOpen] = useState(false)
  const ticket = useRef(0)

  const reload = useCallback(() => {
    const mine = ++ticket.current
    if (!loggedIn) {
      setCoupons([])
      return
    }
    fetchUsableCoupons()
      .then((page) => {
        if (mine === ticket.current) setCoupons(page.list)
      })
      .catch(() => {
        if (mine === ticket.current) setCoupons([])
      })
  }, [loggedIn])

  useEffect(() => {
    reload()
  }, [reload])

  // Not on the page's first show (the effect above loads then).
  const shown = useRef(false)
  useDidShow(() => {
    if (shown.current) reload()
    shown.current = true
  })

  const now = Date.now()
  const chosen = chosenCoupon(coupons, choice, totalFen, now)

  const choose = (next: CouponChoice) => {
    if (typeof next === 'number') {
      const coupon = coupons.find((c) => c.id === next)
      if (!coupon) return
      const problem = couponProblem(coupon, totalFen, now)
      if (problem) {
        toast(problem)
        return
      }
    }
    setChoice(next)
    setOpen(false)
  }

  return {
    coupons,
    chosen,
    fitting: coupons.filter((c) => couponFits(c, totalFen, now)).length,
    discountFen: chosen ? totalFen - payableFen(totalFen, chosen) : 0,
    payFen: payableFen(totalFen, chosen),
    open,
    toggle: () => setOpen((o) => !o),
    choose,
    reload,
    fits: (c: MyCoupon) => couponFits(c, totalFen, now),
    /** Why the order cannot name it now (expired, under its threshold), or null. */
    problemOf: (c: MyCoupon) => couponProblem(c, totalFen, now),
  }
}
