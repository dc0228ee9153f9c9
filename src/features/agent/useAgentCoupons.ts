/**
 * 优惠券: the coupons operators allocated to me, still to give (未发放, by default) or all; 发放
 * opens my members to pick one. Given, the coupon leaves the 未发放 list in place (or shows its
 * holder under 全部); refused, the list loads again; the home's badge follows when it shows again.
 */
import { useState } from 'react'
import { usePagedListHandle } from '@/components/PagedList/usePagedListHandle'
import type { AgentCoupon } from '@/types/api/agent'
import type { CouponFilter } from '@rules/agent'
import { AGENT_PAGE_SIZE, fetchAgentCoupons } from './api'
import { useAgentList } from './useAgentList'
import { useGiveCoupon } from './useGiveCoupon'

export const COUPON_TABS: readonly { key: CouponFilter; label: string }[] = [
  { key: 'unissued', label: '未发放' },
  { key: 'all', label: '全部' },
]

export function useAgentCoupons(loggedIn: boolean) {
  const [filter, setFilter] = useState<CouponFilter>('unissued')
  /** The coupon 发放 is giving (the member picker is open). */
  const [target, setTarget] = useState<AgentCoupon | null>(null)
  const rows = usePagedListHandle<AgentCoupon>()
  const coupons = useAgentList<AgentCoupon>({
    fetchPage: (page) => fetchAgentCoupons(filter, page),
    pageSize: AGENT_PAGE_SIZE,
    keyOf: (c) => c.id,
    versionOf: (c) => c.state,
    active: loggedIn,
  })
  const giving = useGiveCoupon((coupon) => {
    setTarget(null)
    if (filter === 'unissued') coupons.remove(coupon.id)
    else
      rows.update(
        (c) => c.id === coupon.id,
        () => coupon,
      )
  })

  const changeFilter = (next: CouponFilter) => {
    if (next === filter) return
    setFilter(next)
    coupons.reload()
  }

  const give = (memberId: number) => {
    if (!target) return
    // Refused (given meanwhile elsewhere, expired): the list shows the coupons as they are now.
    void giving.give(target.id, memberId).then((done) => {
      if (!done) coupons.reload()
    })
  }

  return {
    filter,
    changeFilter,
    coupons,
    rows,
    target,
    setTarget,
    give,
    busy: giving.busy,
    emptyText: filter === 'unissued' ? '没有待发放的优惠券' : '还没有优惠券',
  }
}
