/**
 * 发放: one of my unissued coupons to one of my members (GiveCoupon), one at a time; done, 已发放
 * and the coupon as the server has it now. A refusal (given already, expired, not my member) is
 * toasted by the request layer.
 */
import { useRef, useState } from 'react'
import type { AgentCoupon } from '@/types/api/agent'
import { giveCoupon } from './api'
import { DoneText, showDone } from './done'

export function useGiveCoupon(onGiven: (coupon: AgentCoupon) => void) {
  const [busy, setBusy] = useState(false)
  const running = useRef(false)
  const given = useRef(onGiven)
  given.current = onGiven

  const give = async (couponId: number, memberId: number): Promise<boolean> => {
    if (running.current) return false
    running.current = true
    setBusy(true)
    try {
      const coupon = await giveCoupon(couponId, memberId)
      showDone(DoneText.given)
      given.current(coupon)
      return true
    } catch {
      return false
    } finally {
      running.current = false
      setBusy(false)
    }
  }

  return { give, busy }
}
