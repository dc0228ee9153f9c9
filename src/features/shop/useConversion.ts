/**
 * 兑换中心: a code typed in (checked and normalised as the server does: 12 letters or digits,
 * spaces and dashes ignored, any case), 兑换, what it gave, and my redemptions (again from the start
 * after each one).
 */
import { useState } from 'react'
import { useFormSubmit } from '@/components/Form/useFormSubmit'
import { useLiveList } from '@/components/PagedList/useLiveList'
import type { RedeemRes, Redemption } from '@/types/api/shop'
import { normalizeRedeemCode, redeemCodeError, ShopLimits } from '@rules/shop'
import { fetchRedemptions, redeemCode } from './api'

/** Pure: what a redemption gave, in words. */
export function redeemedText(res: RedeemRes): string {
  const { redemption } = res
  return redemption.kind === 'book'
    ? `兑换成功：获得《${redemption.name}》一本`
    : `兑换成功：“${redemption.name}”，可在我的订单中查看`
}

export const redemptionKindLabel = (r: Redemption): string => (r.kind === 'book' ? '图书' : '商品')

export function useConversion(loggedIn: boolean) {
  const [code, setCode] = useState('')
  const [result, setResult] = useState<RedeemRes | null>(null)
  const form = useFormSubmit('兑换失败', () => redeemCodeError(code))
  const list = useLiveList<Redemption>({
    fetchPage: fetchRedemptions,
    pageSize: ShopLimits.pageSize,
    keyOf: (r) => r.id,
    active: loggedIn,
  })

  const change = (text: string) => {
    setCode(text)
    if (result) setResult(null)
  }

  const submit = () =>
    form.submit(redeemCodeError(code), async () => {
      const res = await redeemCode(normalizeRedeemCode(code))
      setResult(res)
      setCode('')
      list.reload()
    })

  return { code, change, submit, form, result, list }
}
