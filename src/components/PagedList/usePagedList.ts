import { useCallback, useRef, useState } from 'react'

export interface PageResult<T> {
  list: T[]
  total: number
}

export type PagedStatus = 'idle' | 'loading' | 'refreshing' | 'error' | 'done'

export interface PagedState<T> {
  items: T[]
  status: PagedStatus
  /** True once the first page has answered (so an empty list means "nothing there"). */
  loaded: boolean
  hasMore: boolean
  error: string
}

/** Which rows an edit applies to. */
export type RowMatch<T> = (item: T) => boolean

/**
 * Page-by-page loading with refresh. `load(page)` answers one page (1-based); a newer refresh
 * wins over an older load that answers late. `update` and `remove` edit the rows already shown (a
 * follow, a like) so a page keeps no copy of them beside the list.
 */
export function usePagedList<T>(load: (page: number) => Promise<PageResult<T>>) {
  const [state, setState] = useState<PagedState<T>>({
    items: [],
    status: 'idle',
    loaded: false,
    hasMore: true,
    error: '',
  })
  const page = useRef(0)
  const generation = useRef(0)
  const busy = useRef(false)
  // The latest `load`, so an inline function does not restart the list on every render.
  const loadRef = useRef(load)
  loadRef.current = load

  const fetchPage = useCallback(async (next: number, refreshing: boolean) => {
    const gen = refreshing ? ++generation.current : generation.current
    busy.current = true
    setState((s) => ({ ...s, status: refreshing ? 'refreshing' : 'loading', error: '' }))
    try {
      const res = await loadRef.current(next)
      if (gen !== generation.current) return
      page.current = next
      setState((s) => {
        const items = refreshing ? res.list : [...s.items, ...res.list]
        const hasMore = res.list.length > 0 && items.length < res.total
        return { items, status: hasMore ? 'idle' : 'done', loaded: true, hasMore, error: '' }
      })
    } catch (err) {
      if (gen !== generation.current) return
      const message = err instanceof Error && err.message ? err.message : '加载失败'
      setState((s) => ({ ...s, status: 'error', loaded: true, error: message }))
    } finally {
      if (gen === generation.current) busy.current = false
    }
  }, [])

  const refresh = useCallback(() => fetchPage(1, true), [fetchPage])

  const loadMore = useCallback(() => {
    if (busy.current || !state.hasMore) return Promise.resolve()
    return fetchPage(page.current + 1, false)
  }, [fetchPage, state.hasMore])

  const update = useCallback((match: RowMatch<T>, edit: (item: T) => T) => {
    setState((s) => ({ ...s, items: s.items.map((item) => (match(item) ? edit(item) : item)) }))
  }, [])

  const remove = useCallback((match: RowMatch<T>) => {
    setState((s) => ({ ...s, items: s.items.filter((item) => !match(item)) }))
  }, [])

  return { ...state, refresh, loadMore, update, remove }
}
