/**
 * A page's data: loaded on mount and whenever `deps` change, with the error text to show, a reload,
 * and (opt-in) the pull-down gesture. A failed reload keeps the data already shown; an answer that
 * arrives after unmount or after a newer load started is dropped.
 */
import Taro, { usePullDownRefresh } from '@tarojs/taro'
import { useCallback, useEffect, useRef, useState } from 'react'

export interface PageData<T> {
  data: T | undefined
  /** The failed load's message (an Error's message, else '加载失败'); null after a success. */
  error: string | null
  loading: boolean
  reload: () => Promise<void>
  /** Replaces the data shown (an edit the server confirmed), as a load would. */
  setData: (next: T) => void
}

export interface PageDataOptions {
  /** Reload on the page's pull-down and stop its spinner when done. */
  pullDown?: boolean
}

export const LOAD_FAILED = '加载失败'

export const errorText = (err: unknown): string =>
  err instanceof Error && err.message ? err.message : LOAD_FAILED

export function usePageData<T>(
  load: () => Promise<T>,
  deps: unknown[],
  opts: PageDataOptions = {},
): PageData<T> {
  const [data, setData] = useState<T | undefined>(undefined)
  const [error, setError] = useState<string | null>(null)
  const [loading, setLoading] = useState(true)
  const loadRef = useRef(load)
  loadRef.current = load
  const latest = useRef(0)
  const mounted = useRef(true)

  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  const reload = useCallback(async () => {
    const ticket = ++latest.current
    const current = () => mounted.current && ticket === latest.current
    setLoading(true)
    try {
      const next = await loadRef.current()
      if (!current()) return
      setData(() => next)
      setError(null)
    } catch (err) {
      if (current()) setError(errorText(err))
    } finally {
      if (current()) setLoading(false)
    }
  }, [])

  useEffect(() => {
    void reload()
  }, deps) // eslint-disable-line react-hooks/exhaustive-deps

  const pullDown = opts.pullDown === true
  usePullDownRefresh(() => {
    if (!pullDown) return
    void reload().finally(() => void Taro.stopPullDownRefresh())
  })

  const replace = useCallback((next: T) => {
    // A load still under way would bring back the data from before the edit.
    latest.current += 1
    setData(() => next)
    setError(null)
    setLoading(false)
  }, [])

  return { data, error, loading, reload, setData: replace }
}
