import { useCallback, useRef, useState } from 'react'
import type { ChapterSummary } from '@/types/api/books'
import { fetchChapters } from '../api'

/**
 * A book's chapters, fetched once when first wanted (the catalogue drawer, the slider's chapter
 * names) and shared by both.
 */
export function useCatalogue(booksId: number) {
  const [chapters, setChapters] = useState<ChapterSummary[] | null>(null)
  const [error, setError] = useState('')
  const loading = useRef(false)

  const load = useCallback(() => {
    if (loading.current || chapters) return
    loading.current = true
    setError('')
    fetchChapters(booksId)
      .then((page) => setChapters(page.list))
      .catch((err: unknown) => setError(err instanceof Error ? err.message : '目录加载失败'))
      .finally(() => {
        loading.current = false
      })
  }, [booksId, chapters])

  const titleOf = useCallback(
    (serial: number) => chapters?.find((c) => c.serial === serial)?.title ?? '',
    [chapters],
  )

  return { chapters, error, load, titleOf }
}
