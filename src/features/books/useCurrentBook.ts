import { useDidShow } from '@tarojs/taro'
import { useCallback, useState } from 'react'
import type { BookcaseItem } from '@/types/api/books'
import { fetchBookcase } from './api'
import { progressSaved } from './progressSaving'

/** The reader's most recently read book (null for a guest), again each time the page shows. */
export function useCurrentBook(loggedIn: boolean) {
  const [current, setCurrent] = useState<BookcaseItem | null>(null)

  const reload = useCallback(async () => {
    if (!loggedIn) return setCurrent(null)
    try {
      const page = await fetchBookcase(1, 1)
      setCurrent(page.list[0] ?? null)
    } catch {
      // The card is a convenience; the bookcase page shows errors.
    }
  }, [loggedIn])

  // Coming back from the reader moves the place in the book.
  useDidShow(() => void progressSaved().then(reload))

  return { current, reload }
}
