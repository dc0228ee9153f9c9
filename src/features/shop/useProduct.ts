/**
 * A product's page (shop?id=): the product (images, price, stock, description), the quantity, a
 * coupon of mine (useCoupons), and 立即购买: the order is made (naming the coupon), paid on this
 * platform, and once the server has it paid the reader goes to 我的订单 (an unpaid one waits there
 * under 待付款).
 */
import Taro from '@tarojs/taro'
import { useState } from 'react'
import { FINISH_DELAY_MS } from '@/core/finish'
import { setPageTitle } from '@/core/platform'
import { usePageData } from '@/core/usePageData'
import { requireLogin } from '@/features/account/public'
import { useStores } from '@/stores'
import type { ProductDetail } from '@/types/api/shop'
import { OrderLimits, ShopText } from '@rules/shop'
import { createOrder, fetchProduct } from './api'
import { myOrderUrl } from './links'
import { useCoupons } from './useCoupons'
import { usePay } from './usePay'

/** Pure: the most one order of this product may take. */
export const maxQuantity = (product: ProductDetail): number =>
  Math.max(0, Math.min(OrderLimits.maxQuantity, product.stock))

/** Pure: a quantity kept within 1..max (max 0: sold out, 1 shown). */
export const clampQuantity = (q: number, max: number): number =>
  Math.max(1, Math.min(Math.max(max, 1), Math.floor(q) || 1))

/** Pure: why this product cannot be bought now, or null. */
export function buyBlocked(product: ProductDetail): string | null {
  if (!product.onSale) return ShopText.productOffSale
  if (product.stock <= 0) return ShopText.outOfStock
  return null
}

export function useProduct(id: number) {
  const { session } = useStores()
  const page = usePageData(
    async () => {
      if (!id) throw new Error(ShopText.productNotFound)
      const product = await fetchProduct(id)
      setPageTitle(product.name)
      return product
    },
    [id],
    { pullDown: true },
  )
  const [quantity, setQuantityState] = useState(1)
  const { pay, paying } = usePay()
  const product = page.data
  const coupons = useCoupons(session.isLoggedIn, (product?.priceFen ?? 0) * quantity)

  const setQuantity = (q: number) => {
    if (product) setQuantityState(clampQuantity(q, maxQuantity(product)))
  }

  const buy = () =>
    requireLogin(session, () => {
      if (!product || buyBlocked(product)) return
      const couponId = coupons.chosen?.id
      void pay((platform) =>
        createOrder({
          productId: product.id,
          quantity,
          ...(couponId ? { couponId } : {}),
          ...(platform ? { platform } : {}),
        }),
      ).then((done) => {
        if (!done) {
          // Refused (the toast said why): a coupon used or expired elsewhere is not offered again.
          if (couponId) coupons.reload()
          return
        }
        // The stock changed either way, and the coupon is held or used.
        void page.reload()
        coupons.reload()
        const state =
          done.outcome === 'paid' ? 'paid' : done.outcome === 'closed' ? 'all' : 'pending'
        // After the toast has been read (a page change hides it).
        setTimeout(() => void Taro.navigateTo({ url: myOrderUrl(state) }), FINISH_DELAY_MS)
      })
    })

  return {
    product,
    error: page.error,
    quantity,
    setQuantity,
    blocked: product ? buyBlocked(product) : null,
    buy,
    paying,
    coupons,
  }
}
