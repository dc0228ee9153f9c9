/**
 * A picker's rows (my members for a coupon, my unissued coupons for a member): the first page when
 * the picker opens, 加载更多 for the next, the failure's text to show.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { Page } from '@/types/api/envelope'
import { errorText } from '@/core/usePageData'

export interface PickerList<T> {
  items: T[]
  loading: boolean
  /** True once the first page answered. */
  loaded: boolean
  error: string
  hasMore: boolean
  more: () => void
  retry: () => void
}

export function usePickerList<T>(fetchPage: (page: number) => Promise<Page<T>>): PickerList<T> {
  const [items, setItems] = useState<T[]>([])
  const [loading, setLoading] = useState(false)
  const [loaded, setLoaded] = useState(false)
  const [error, setError] = useState('')
  const [total, setTotal] = useState(0)
  const page = useRef(0)
  const busy = useRef(false)
  const live = useRef(true)
  const fetchRef = useRef(fetchPage)
  fetchRef.current = fetchPage

  const load = useCallback(async (next: number) => {
    if (busy.current) return
    busy.current = true
    setLoading(true)
    setError('')
    try {
      const res = await fetchRef.current(next)
      if (!live.current) return
      page.current = next
      setItems((shown) => (next === 1 ? res.list : [...shown, ...res.list]))
      setTotal(res.total)
      setLoaded(true)
    } catch (err) {
      if (live.current) setError(errorText(err))
    } finally {
      busy.current = false
      if (live.current) setLoading(false)
    }
  }, [])

  useEffect(() => {
    live.current = true
    void load(1)
    return () => {
      live.current = false
    }
  }, [load])

  return {
    items,
    loading,
    loaded,
    error,
    hasMore: loaded && items.length < total,
    more: () => void load(page.current + 1),
    retry: () => void load(page.current === 0 ? 1 : page.current + 1),
  }
}
