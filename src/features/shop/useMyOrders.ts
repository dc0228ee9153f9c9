/**
 * 我的订单: my orders by state, page by page (again when the page is shown and the first page
 * changed), an unpaid order's countdown to its expiry, 取消订单 after a confirmation, and 去支付
 * (fresh payment parameters, paid on this platform, then the server's word).
 */
import { useEffect, useState } from 'react'
import { useLiveList } from '@/components/PagedList/useLiveList'
import { usePagedListHandle } from '@/components/PagedList/usePagedListHandle'
import { useConfirmedRemoval } from '@/core/useConfirmedRemoval'
import type { Order } from '@/types/api/shop'
import {
  ORDER_FILTER_LABELS,
  ORDER_FILTERS,
  secondsToPay,
  ShopLimits,
  type OrderFilter,
  type OrderState,
} from '@rules/shop'
import { cancelOrder, fetchOrder, fetchOrders, payOrder } from './api'
import { usePay } from './usePay'

export const ORDER_TABS: readonly { key: OrderFilter; label: string }[] = ORDER_FILTERS.map(
  (key) => ({ key, label: ORDER_FILTER_LABELS[key] }),
)

/** A route's `state` parameter as a filter ('all' when absent or unknown). */
export const orderFilterOf = (param: string | undefined): OrderFilter =>
  ORDER_FILTERS.includes(param as OrderFilter) ? (param as OrderFilter) : 'all'

/** Pure: whether an order in `state` still belongs to the list filtered by `filter`. */
export const keepsIn = (filter: OrderFilter, state: OrderState): boolean =>
  filter === 'all' || filter === state

/** The time now (ms), every second while `ticking`. */
export function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!ticking) return undefined
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [ticking])
  return now
}

/** Pure: an unpaid order's seconds left to pay (0: expired, the server cancels it). */
export const payLeft = (order: Order, nowMs: number): number =>
  order.state === 'pending' ? secondsToPay(order.expiresAt, nowMs) : 0

export function useMyOrders(loggedIn: boolean, initial: OrderFilter = 'all') {
  const [filter, setFilterState] = useState<OrderFilter>(initial)
  const rows = usePagedListHandle<Order>()
  const orders = useLiveList<Order>({
    fetchPage: (page) =>
      fetchOrders({
        ...(filter === 'all' ? {} : { state: filter }),
        page,
        pageSize: ShopLimits.pageSize,
      }),
    pageSize: ShopLimits.pageSize,
    keyOf: (order) => order.id,
    versionOf: (order) => order.state,
    active: loggedIn,
  })
  const now = useNow(loggedIn && (filter === 'all' || filter === 'pending'))
  const { pay, paying } = usePay()

  const setFilter = (next: OrderFilter) => {
    if (next === filter) return
    setFilterState(next)
    orders.reload()
  }

  /** The order as the server has it now: kept in place, or out of this tab. */
  const show = (order: Order) => {
    if (keepsIn(filter, order.state)) {
      rows.update(
        (o) => o.id === order.id,
        () => order,
      )
    } else orders.remove(order.id)
  }

  const cancel = useConfirmedRemoval<Order>({
    key: (order) => order.id,
    ask: (order) => ({
      title: '取消订单',
      content: `确定取消“${order.name}”的订单吗？`,
      confirmText: '取消订单',
      cancelText: '再想想',
    }),
    remove: (order) => cancelOrder(order.id).then(show),
    removed: () => undefined,
    doneText: '订单已取消',
  })

  const payAgain = async (order: Order) => {
    const done = await pay((platform) => payOrder(order.id, platform))
    // Whatever happened, show the order as it is now (paid, still unpaid, or expired).
    const fresh = await fetchOrder(order.id).catch(() => null)
    if (fresh) show(fresh)
    return done
  }

  return {
    filter,
    setFilter,
    orders,
    rows,
    now,
    cancel: cancel.run,
    cancelling: cancel.busy,
    payAgain,
    paying,
  }
}
