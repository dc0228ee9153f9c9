import { pageUrl, Route } from '@/core/routes'
import type { OrderFilter } from '@rules/shop'

/** The shop, or a product's page in it (`shop?id=`). */
export const shopUrl = (productId?: number): string =>
  pageUrl(Route.shop, { id: productId || undefined })
export const myOrderUrl = (state?: OrderFilter): string =>
  pageUrl(Route.myOrder, { state: state && state !== 'all' ? state : undefined })
export const conversionUrl = (): string => Route.conversion
