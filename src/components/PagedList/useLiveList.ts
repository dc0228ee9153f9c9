/**
 * What a `PagedList` page needs to follow changes made elsewhere: rows removed in place (a delete,
 * an uncollect) without losing the pages already shown, and a reload when the page is shown again
 * and its first page has changed meanwhile (collected on the detail page, read a book).
 */
import Taro, { useDidShow, usePullDownRefresh } from '@tarojs/taro'
import { useCallback, useRef, useState } from 'react'
import type { PageResult } from './usePagedList'

type Key = string | number

/**
 * Pure: page `page` (1-based, `size` rows a page) of a list from which `removed` of the rows already
 * shown have gone on the server, so every later row moved up by that many: the page is cut from the
 * server's pages where the next unseen row now stands, and the total counts the removed rows again
 * (they are still among the loaded rows).
 */
export async function fetchShifted<T>(
  fetchPage: (page: number) => Promise<PageResult<T>>,
  page: number,
  size: number,
  removed: number,
): Promise<PageResult<T>> {
  if (page <= 1 || removed <= 0) return fetchPage(page)
  const start = Math.max(0, (page - 1) * size - removed)
  const first = Math.floor(start / size) + 1
  const skip = start % size
  const head = await fetchPage(first)
  const tail = skip && head.list.length === size ? await fetchPage(first + 1) : null
  return {
    list: [...head.list, ...(tail?.list ?? [])].slice(skip, skip + size),
    total: (tail ?? head).total + removed,
  }
}

interface Options<T> {
  /** One page of `pageSize` rows. */
  fetchPage: (page: number) => Promise<PageResult<T>>
  pageSize: number
  keyOf: (item: T) => Key
  /** What else makes a row differ when shown again (its progress, its seconds). */
  versionOf?: (item: T) => Key
  /** False for a guest: the list is not shown, there is nothing to follow. */
  active: boolean
}

export interface LiveList<T> {
  /** Part of the PagedList's key: it changes when the list must load again from the start. */
  generation: number
  /** The PagedList's `load`. */
  load: (page: number) => Promise<PageResult<T>>
  /** Rows removed in place: render nothing for them. */
  hidden: ReadonlySet<Key>
  remove: (key: Key) => void
  reload: () => void
}

function signatureOf<T>(res: PageResult<T>, { keyOf, versionOf }: Options<T>): string {
  const rows = res.list.map((item) => `${keyOf(item)}:${versionOf ? versionOf(item) : ''}`)
  return `${res.total}|${rows.join(',')}`
}

export function useLiveList<T>(options: Options<T>): LiveList<T> {
  const opts = useRef(options)
  opts.current = options
  const [generation, setGeneration] = useState(0)
  const [hidden, setHidden] = useState<ReadonlySet<Key>>(() => new Set())
  const hiddenRef = useRef<ReadonlySet<Key>>(hidden)
  const removed = useRef(0)
  const loaded = useRef<Key[]>([])
  /** The first page as last shown; null before it answered. */
  const firstPage = useRef<string | null>(null)

  const reload = useCallback(() => setGeneration((g) => g + 1), [])

  const load = useCallback(async (page: number): Promise<PageResult<T>> => {
    const { fetchPage, pageSize, keyOf } = opts.current
    if (page === 1) removed.current = 0
    const res = await fetchShifted(fetchPage, page, pageSize, removed.current)
    if (page === 1) {
      firstPage.current = signatureOf(res, opts.current)
      loaded.current = []
      if (hiddenRef.current.size) {
        hiddenRef.current = new Set()
        setHidden(hiddenRef.current)
      }
    }
    loaded.current.push(...res.list.map(keyOf))
    return res
  }, [])

  const remove = useCallback(
    (key: Key) => {
      if (hiddenRef.current.has(key)) return
      const next = new Set(hiddenRef.current).add(key)
      hiddenRef.current = next
      removed.current += 1
      setHidden(next)
      // What is shown is no longer the server's first page: the next show compares unequal.
      if (firstPage.current !== null) firstPage.current += `|-${key}`
      // Nothing left on screen: load again (the next rows, or the empty state).
      if (loaded.current.every((k) => next.has(k))) reload()
    },
    [reload],
  )

  useDidShow(() => {
    const shown = firstPage.current
    if (!opts.current.active || shown === null) return
    opts.current
      .fetchPage(1)
      .then((res) => {
        if (firstPage.current === shown && signatureOf(res, opts.current) !== shown) reload()
      })
      .catch(() => undefined)
  })

  // A guest sees no list, so nothing else would end the pull-down.
  usePullDownRefresh(() => {
    if (!opts.current.active) void Taro.stopPullDownRefresh()
  })

  return { generation, load, hidden, remove, reload }
}
