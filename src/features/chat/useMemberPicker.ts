/**
 * The in-chat group member picker (chat-spec: search by exact userID, select all, load more, the
 * selected list, cancel and done, done inactive while nothing is selected): for @ and, later,
 * group calls. Members come a page of 15 at a time through useGroupMembers. A search runs on the
 * server (nicknames, and for digits the member with that user ID); a search made of digits then
 * shows only the member whose user ID it is exactly.
 */
import { useState } from 'react'
import type { GroupMember } from '@/types/api/groups'
import { useGroupMembers } from './useGroupMembers'

const USER_ID = /^\d{1,19}$/

/** A search that is a user ID (digits), or null for a nickname search. */
export const searchedUserId = (typed: string): string | null =>
  USER_ID.test(typed.trim()) ? typed.trim() : null

/** The members a search shows: the exact user ID's member, else all of them. */
export function visibleMembers(
  members: readonly GroupMember[],
  userId: string | null,
  exclude: readonly string[] = [],
): GroupMember[] {
  return members.filter(
    (m) => !exclude.includes(String(m.userId)) && (userId === null || String(m.userId) === userId),
  )
}

/** The selection with `m` added or taken out. */
export function toggleMember(selected: readonly GroupMember[], m: GroupMember): GroupMember[] {
  return selected.some((s) => s.userId === m.userId)
    ? selected.filter((s) => s.userId !== m.userId)
    : [...selected, m]
}

/** Every shown member is selected (and some are shown). */
export const allSelected = (selected: readonly GroupMember[], shown: readonly GroupMember[]) =>
  shown.length > 0 && shown.every((m) => selected.some((s) => s.userId === m.userId))

/**
 * 全选: adds the shown members that are not selected; when all are selected already, takes the
 * shown ones out (members selected before a search stay).
 */
export function selectAllShown(
  selected: readonly GroupMember[],
  shown: readonly GroupMember[],
): GroupMember[] {
  if (allSelected(selected, shown)) {
    return selected.filter((s) => !shown.some((m) => m.userId === s.userId))
  }
  return [...selected, ...shown.filter((m) => !selected.some((s) => s.userId === m.userId))]
}

/** 完成 works once someone is selected. */
export const canFinish = (selected: readonly GroupMember[]): boolean => selected.length > 0

/** `exclude`: user IDs not offered (the reader themself). */
export function useMemberPicker(groupId: number, exclude: readonly string[] = []) {
  const list = useGroupMembers(groupId, true)
  const [typed, setTyped] = useState('')
  const [userId, setUserId] = useState<string | null>(null)
  const [selected, setSelected] = useState<GroupMember[]>([])
  const shown = visibleMembers(list.members, userId, exclude)

  return {
    typed,
    setTyped,
    /** Runs the typed search on the server; a user ID then shows its member only. */
    search: () => {
      setUserId(searchedUserId(typed))
      list.search(typed.trim())
    },
    searching: userId !== null || list.keyword !== '',
    shown,
    selected,
    isSelected: (m: GroupMember) => selected.some((s) => s.userId === m.userId),
    toggle: (m: GroupMember) => setSelected((current) => toggleMember(current, m)),
    selectAll: () => setSelected((current) => selectAllShown(current, shown)),
    allSelected: allSelected(selected, shown),
    canFinish: canFinish(selected),
    hasMore: list.hasMore,
    loadMore: list.loadMore,
    loading: list.loading,
    error: list.error,
    /** Nothing loaded matches (yet). */
    empty: !list.loading && shown.length === 0,
  }
}

export type MemberPickerState = ReturnType<typeof useMemberPicker>
