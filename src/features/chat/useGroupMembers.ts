/**
 * Members of a group a page at a time (15, chat-spec section 9) with a name search: for the @
 * list. A 2,000-member group never loads whole.
 */
import { useCallback, useEffect, useState } from 'react'
import { fetchGroupMembers } from '@/features/groups/public'
import type { GroupMember } from '@/types/api/groups'

const PAGE_SIZE = 15

export function useGroupMembers(groupId: number, active: boolean) {
  const [keyword, setKeyword] = useState('')
  const [members, setMembers] = useState<GroupMember[]>([])
  const [page, setPage] = useState(0)
  const [total, setTotal] = useState(0)
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState('')

  const load = useCallback(
    async (next: number, word: string) => {
      setLoading(true)
      try {
        const res = await fetchGroupMembers(groupId, next, PAGE_SIZE, word || undefined)
        setMembers((prev) => (next === 1 ? res.list : [...prev, ...res.list]))
        setTotal(res.total)
        setPage(next)
        setError('')
      } catch (err) {
        setError(err instanceof Error ? err.message : '加载失败')
      } finally {
        setLoading(false)
      }
    },
    [groupId],
  )

  useEffect(() => {
    if (active && groupId > 0) void load(1, keyword)
  }, [active, groupId, keyword, load])

  return {
    members,
    keyword,
    search: setKeyword,
    hasMore: members.length < total,
    loadMore: () => void (!loading && load(page + 1, keyword)),
    loading,
    error,
  }
}
