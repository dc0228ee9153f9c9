/**
 * A payment under way on a page: the order is made (createOrder) or paid again (payOrder), the
 * platform pays, and the server is polled until it has the order paid. One at a time; what
 * happened is toasted. Answers the outcome (null when the order could not be made: the request
 * layer has said why).
 */
import { useRef, useState } from 'react'
import { toast } from '@/core/toast'
import type { PayOrderRes } from '@/types/api/shop'
import { payPlatformOf, payWith, PayText, type PayDeps, type PayOutcome } from './pay'
import { platformPayDeps } from './payDeps'

export const OUTCOME_TEXT: Record<PayOutcome, string> = {
  paid: PayText.paid,
  cancelled: PayText.cancelled,
  unconfirmed: PayText.unconfirmed,
  closed: PayText.closed,
}

export function usePay(deps: () => PayDeps = platformPayDeps) {
  const busy = useRef(false)
  const [paying, setPaying] = useState(false)

  /** `start(platform)` makes or renews the order's payment. */
  const pay = async (
    start: (platform: ReturnType<typeof payPlatformOf>) => Promise<PayOrderRes>,
  ): Promise<{ outcome: PayOutcome; orderId: number } | null> => {
    if (busy.current) return null
    busy.current = true
    setPaying(true)
    try {
      const d = deps()
      const res = await start(payPlatformOf(d.env))
      let outcome: PayOutcome
      try {
        outcome = await payWith(res, d)
      } catch (err) {
        toast(err instanceof Error && err.message ? err.message : PayText.unconfirmed)
        return { outcome: 'cancelled', orderId: res.order.id }
      }
      toast(OUTCOME_TEXT[outcome])
      return { outcome, orderId: res.order.id }
    } catch {
      return null // the request layer has shown why
    } finally {
      busy.current = false
      setPaying(false)
    }
  }

  return { pay, paying }
}
