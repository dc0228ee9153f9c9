import { useCallback, useRef } from 'react'
import type { PagedListHandle } from './index'
import type { RowMatch } from './usePagedList'

/**
 * The page's side of a PagedList's row edits: pass `ref` as the list's `handle`; `update` and
 * `remove` do nothing while no list is shown.
 */
export function usePagedListHandle<T>() {
  const ref = useRef<PagedListHandle<T>>(null)
  const update = useCallback(
    (match: RowMatch<T>, edit: (item: T) => T) => ref.current?.update(match, edit),
    [],
  )
  const remove = useCallback((match: RowMatch<T>) => ref.current?.remove(match), [])
  return { ref, update, remove }
}
