import { useCallback, useEffect, useRef, useState } from 'react'
import type { BookSummary } from '@/types/api/books'
import { keywordError } from '@rules/search'
import { searchBooks } from './api'
import { useRecentSearches } from './recent'

/** Passages a page. */
export const SEARCH_PAGE_SIZE = 10

/**
 * The search page's state: the field (`draft`), the search under way (`keyword`, '' before the
 * first), the check's message, the book hits and the passages' total of the first page, and the
 * recent searches. `initial` (a link's keyword) is searched at once when it passes the check.
 */
export function useSearch(initial: string) {
  const recent = useRecentSearches()
  const addRecent = recent.add
  const [draft, setDraft] = useState(initial)
  const [keyword, setKeyword] = useState(() => (keywordError(initial) ? '' : initial.trim()))
  const [error, setError] = useState(() => (initial ? (keywordError(initial) ?? '') : ''))
  const [books, setBooks] = useState<BookSummary[]>([])
  const [total, setTotal] = useState<number | null>(null)
  // The search under way: an answer for an earlier keyword that arrives late changes nothing.
  const current = useRef(keyword)
  current.current = keyword

  useEffect(() => {
    if (keyword) addRecent(keyword)
  }, [keyword, addRecent])

  /** Searches `text` (the field's, or a recent search tapped) after the check. */
  const run = useCallback(
    (text: string) => {
      const problem = keywordError(text)
      setError(problem ?? '')
      if (problem) return
      const word = text.trim()
      setDraft(word)
      if (word === keyword) return
      setBooks([])
      setTotal(null)
      setKeyword(word)
    },
    [keyword],
  )

  /** One page of passages; the first page also brings the book hits. */
  const load = useCallback(
    async (page: number) => {
      const res = await searchBooks({ keyword, page, pageSize: SEARCH_PAGE_SIZE })
      if (page === 1 && current.current === keyword) {
        setBooks(res.books)
        setTotal(res.passages.total)
      }
      return res.passages
    },
    [keyword],
  )

  return { draft, setDraft, keyword, error, books, total, recent, run, load }
}
