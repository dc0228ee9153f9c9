/**
 * The friend picker (selectFriend): radio (one friend) or multi (several), search, and select-all
 * over the rows shown that are not disabled. The rows come page by page from the friend list.
 */
import { useCallback, useMemo, useRef, useState } from 'react'
import type { FriendItem } from '@/types/api/friends'
import { fetchFriends } from './api'

const PAGE_SIZE = 50

export type PickMode = 'radio' | 'multi'

/** Pure: select-all toggles every enabled row shown (all on unless every one already is). */
export function toggleAll(
  selected: ReadonlySet<number>,
  shown: readonly number[],
  disabled: ReadonlySet<number>,
): Set<number> {
  const enabled = shown.filter((id) => !disabled.has(id))
  const allOn = enabled.length > 0 && enabled.every((id) => selected.has(id))
  const next = new Set(selected)
  for (const id of enabled) {
    if (allOn) next.delete(id)
    else next.add(id)
  }
  return next
}

/** Pure: a tap on a row in radio mode picks only it; in multi mode toggles it. */
export function toggleOne(selected: ReadonlySet<number>, id: number, mode: PickMode): Set<number> {
  if (mode === 'radio') return new Set(selected.has(id) ? [] : [id])
  const next = new Set(selected)
  if (next.has(id)) next.delete(id)
  else next.add(id)
  return next
}

export function useFriendPicker(mode: PickMode, disabled: ReadonlySet<number> = new Set()) {
  const [search, setSearch] = useState('')
  const [selected, setSelected] = useState<Set<number>>(new Set())
  const [shown, setShown] = useState<number[]>([])
  const names = useRef(new Map<number, string>())

  const load = useCallback(
    async (page: number) => {
      const res = await fetchFriends({ search, page, pageSize: PAGE_SIZE })
      for (const f of res.list) names.current.set(f.userId, f.remark || f.nickname)
      const ids = res.list.map((f) => f.userId)
      setShown((prev) => (page === 1 ? ids : [...prev, ...ids]))
      return { list: res.list as FriendItem[], total: res.total }
    },
    [search],
  )

  const toggle = (id: number) => {
    if (disabled.has(id)) return
    setSelected((prev) => toggleOne(prev, id, mode))
  }
  const selectAll = () => setSelected((prev) => toggleAll(prev, shown, disabled))
  const allSelected = useMemo(() => {
    const enabled = shown.filter((id) => !disabled.has(id))
    return enabled.length > 0 && enabled.every((id) => selected.has(id))
  }, [shown, selected, disabled])

  return {
    search,
    setSearch,
    selected,
    selectedNames: [...selected].map((id) => names.current.get(id) ?? '书友'),
    load,
    listKey: search,
    toggle,
    selectAll,
    allSelected,
  }
}
