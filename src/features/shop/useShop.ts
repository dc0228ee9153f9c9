/**
 * The shop's front (商城): the hot products, and every product on sale, of a kind or matching a
 * keyword, page by page. The keyword is checked as the server does (at most 30 characters).
 */
import { useState } from 'react'
import { usePageData } from '@/core/usePageData'
import { textLength } from '@rules/validate'
import { ShopLimits, ShopText, type ProductKind } from '@rules/shop'
import { fetchHotProducts, searchProducts, SHOP_PAGE_SIZE } from './api'

export type KindFilter = 'all' | ProductKind

export const KIND_FILTERS: readonly { key: KindFilter; label: string }[] = [
  { key: 'all', label: '全部' },
  { key: 'book', label: '图书' },
  { key: 'goods', label: '好物' },
]

/** Pure: what is wrong with a keyword as typed, or null. */
export function shopKeywordError(text: string): string | null {
  return textLength(text.trim()) > ShopLimits.keywordMaxChars ? ShopText.keywordTooLong : null
}

export function useShop() {
  const hot = usePageData(fetchHotProducts, [], { pullDown: true })
  const [draft, setDraft] = useState('')
  const [keyword, setKeyword] = useState('')
  const [kind, setKind] = useState<KindFilter>('all')
  const [error, setError] = useState('')

  const search = (text: string) => {
    const problem = shopKeywordError(text)
    setError(problem ?? '')
    if (problem) return
    setDraft(text.trim())
    setKeyword(text.trim())
  }

  const load = (page: number) =>
    searchProducts({
      ...(keyword ? { keyword } : {}),
      ...(kind === 'all' ? {} : { kind }),
      page,
      pageSize: SHOP_PAGE_SIZE,
    })

  return {
    hot: hot.data ?? [],
    hotError: hot.error,
    draft,
    setDraft,
    keyword,
    kind,
    setKind,
    error,
    search,
    load,
    /** The list's key: a new search starts it again. */
    listKey: `${kind}|${keyword}`,
  }
}
