/**
 * The agent's plain lists, newest first, page by page (pull-down, the next page near the bottom,
 * reloaded when shown again after a change elsewhere): 我的会员 (with 发券: one of my unissued
 * coupons to a member), 会员订单 by the commission's state, and 发券记录.
 */
import { useState } from 'react'
import type { AgentCoupon, Member, MemberOrder } from '@/types/api/agent'
import { COMMISSION_FILTERS, COMMISSION_STATE_LABELS, type CommissionFilter } from '@rules/agent'
import { AGENT_PAGE_SIZE, fetchAgentOrders, fetchCouponRecords, fetchMembers } from './api'
import { useAgentList } from './useAgentList'
import { useGiveCoupon } from './useGiveCoupon'

export function useMembers(loggedIn: boolean) {
  const members = useAgentList<Member>({
    fetchPage: (page) => fetchMembers(page),
    pageSize: AGENT_PAGE_SIZE,
    keyOf: (m) => m.userId,
    versionOf: (m) => `${m.orderCount}:${m.commissionFen}`,
    active: loggedIn,
  })
  /** The member 发券 is giving to (the coupon picker is open). */
  const [target, setTarget] = useState<Member | null>(null)
  const giving = useGiveCoupon(() => setTarget(null))
  const give = (couponId: number) => {
    if (target) void giving.give(couponId, target.userId)
  }
  return { members, target, setTarget, give, busy: giving.busy }
}

export const ORDER_TAB_LABELS: Record<CommissionFilter, string> = {
  all: '全部',
  ...COMMISSION_STATE_LABELS,
}
export const ORDER_TABS = COMMISSION_FILTERS.map((key) => ({ key, label: ORDER_TAB_LABELS[key] }))

export function useAgentOrders(loggedIn: boolean) {
  const [state, setState] = useState<CommissionFilter>('all')
  const orders = useAgentList<MemberOrder>({
    fetchPage: (page) => fetchAgentOrders({ state, page, pageSize: AGENT_PAGE_SIZE }),
    pageSize: AGENT_PAGE_SIZE,
    keyOf: (o) => o.orderId,
    versionOf: (o) => `${o.commissionState}:${o.orderState}`,
    active: loggedIn,
  })
  const emptyText = state === 'all' ? '会员还没有订单' : `没有${ORDER_TAB_LABELS[state]}的订单`
  return { state, setState, orders, emptyText }
}

export function useCouponRecords(loggedIn: boolean) {
  return useAgentList<AgentCoupon>({
    fetchPage: fetchCouponRecords,
    pageSize: AGENT_PAGE_SIZE,
    keyOf: (c) => c.id,
    versionOf: (c) => c.state,
    active: loggedIn,
  })
}
