/**
 * My book friends by name: an index letter and a search narrow the list; the index shows the
 * letters my friends' names start with (from the server's answer). A change of letter or search
 * loads the list again from the first page.
 */
import { useCallback, useState } from 'react'
import type { FriendItem } from '@/types/api/friends'
import { fetchFriends } from './api'

const PAGE_SIZE = 20

export function useFriendList() {
  const [letter, setLetter] = useState('')
  const [search, setSearch] = useState('')
  const [letters, setLetters] = useState<string[]>([])
  const [total, setTotal] = useState<number | null>(null)

  const load = useCallback(
    async (page: number) => {
      const res = await fetchFriends({ letter, search, page, pageSize: PAGE_SIZE })
      // The index keeps every letter while one is chosen (the answer then holds that one only).
      if (!letter) setLetters(res.letters)
      setTotal(res.total)
      return { list: res.list as FriendItem[], total: res.total }
    },
    [letter, search],
  )

  const chooseLetter = (next: string) => setLetter(next === letter ? '' : next)
  const submitSearch = (text: string) => {
    setLetter('')
    setSearch(text.trim())
  }

  return {
    letter,
    search,
    letters,
    total,
    load,
    listKey: `${letter}|${search}`,
    chooseLetter,
    submitSearch,
  }
}
