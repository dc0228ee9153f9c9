/**
 * The shop calls (issue 16; app-spec section 7 "Shop and ads"), one function each, sent through the
 * refs generated from their declarations in types/api/shop.ts: products, orders and paying them,
 * and the redemption centre. Where a call has both styles the query style is used. The local
 * payment double's confirm is a development route, not a call: its path is in rules/shop.ts.
 */
import * as shopCalls from '@/types/api/calls/shop.gen'
import { myCoupons } from '@/types/api/calls/agent.gen'
import type { MyCoupon } from '@/types/api/agent'
import type { Page } from '@/types/api/envelope'
import type {
  CreateOrderReq,
  Order,
  OrderListReq,
  PayOrderRes,
  Product,
  ProductDetail,
  RedeemRes,
  Redemption,
  SearchProductsReq,
} from '@/types/api/shop'
import { call, callRest } from '@/core/request'
import { DEV_PAY_CONFIRM_PATH, ShopLimits, type PayPlatform } from '@rules/shop'
import { AgentLimits } from '@rules/agent'

export const SHOP_PAGE_SIZE = ShopLimits.pageSize

// ---- products -------------------------------------------------------------------

export const fetchHotProducts = (): Promise<Product[]> => call(shopCalls.hotProducts.query, {})

export const searchProducts = (req: SearchProductsReq): Promise<Page<Product>> =>
  call(shopCalls.searchProducts.query, req)

export const fetchProduct = (id: number): Promise<ProductDetail> =>
  call(shopCalls.productInfo.query, { id })

// ---- orders and paying ------------------------------------------------------------

export const createOrder = (req: CreateOrderReq): Promise<PayOrderRes> =>
  call(shopCalls.createOrder.query, req)

/** Fresh payment parameters for one of my unpaid orders. */
export const payOrder = (id: number, platform?: PayPlatform): Promise<PayOrderRes> =>
  call(shopCalls.payOrder.query, { id, ...(platform ? { platform } : {}) })

export const cancelOrder = (id: number): Promise<Order> => call(shopCalls.cancelOrder.query, { id })

export const fetchOrders = (req: OrderListReq): Promise<Page<Order>> =>
  call(shopCalls.orderList.query, req)

/** Polled after paying: silent, the flow decides what to say. */
export const fetchOrder = (id: number): Promise<Order> =>
  call(shopCalls.orderDetail.query, { id }, { silent: true })

/**
 * The local payment double (development and tests only): it sends our server the notification
 * WeChat Pay would, so the order is paid the same way.
 */
export const confirmLocalPay = (prepayId: string): Promise<unknown> =>
  callRest(DEV_PAY_CONFIRM_PATH, { prepayId }, { json: true })

// ---- coupons (given to me by my agent, issue 18) ------------------------------------------

/**
 * The coupons an order of mine may name now (given, not expired), for the product page's picker.
 * Silent: without them the reader simply buys at the full price.
 */
export const fetchUsableCoupons = (): Promise<Page<MyCoupon>> =>
  call(myCoupons.query, { usable: 1, page: 1, pageSize: AgentLimits.pageSizeMax }, { silent: true })

// ---- redemption ---------------------------------------------------------------------

export const redeemCode = (code: string): Promise<RedeemRes> =>
  call(shopCalls.redeemCode.query, { code })

export const fetchRedemptions = (page: number): Promise<Page<Redemption>> =>
  call(shopCalls.redeemList.query, { page, pageSize: SHOP_PAGE_SIZE })
