import Taro, { useDidShow } from '@tarojs/taro'
import { useRef, useState } from 'react'
import { setPageTitle } from '@/core/platform'
import { usePageData } from '@/core/usePageData'
import type { BookDetail } from '@/types/api/books'
import { deleteReflection, fetchBookDetail, fetchChapters, setCollected } from './api'

/**
 * A book's page: the book and its chapters (again on every return to the page, since reading or
 * collecting elsewhere changes the place and the flag, and on pull-down), collecting, and the
 * reflections list's generation (a new one after a delete or a return).
 */
export function useBookDetail(id: number) {
  const page = usePageData(
    async () => {
      if (!Number.isInteger(id) || id <= 0) throw new Error('书籍不存在')
      const [book, list] = await Promise.all([fetchBookDetail(id), fetchChapters(id)])
      setPageTitle(book.booksName)
      return { book, chapters: list.list }
    },
    [id],
    { pullDown: true },
  )
  /** The flag as collecting here left it, for the book it was set on (a reload answers anew). */
  const [collected, setCollectedFor] = useState<{ book: BookDetail; value: boolean } | null>(null)
  const [busy, setBusy] = useState(false)
  const [reflections, setReflections] = useState(0)
  const shown = useRef(false)

  useDidShow(() => {
    if (!shown.current) return void (shown.current = true)
    void page.reload()
    setReflections((k) => k + 1)
  })

  const loaded = page.data?.book
  const book =
    loaded && collected?.book === loaded ? { ...loaded, collected: collected.value } : loaded

  const toggleCollect = async () => {
    if (!loaded || !book || busy) return
    setBusy(true)
    try {
      const res = await setCollected(book.id, !book.collected)
      setCollectedFor({ book: loaded, value: res.collected })
      // A load still on its way may predate the change: a newer one makes it drop its answer.
      void page.reload()
      void Taro.showToast({ title: res.collected ? '已加入收藏' : '已取消收藏', icon: 'none' })
    } catch {
      // the request layer has shown why
    } finally {
      setBusy(false)
    }
  }

  const removeReflection = async (reflectionId: number) => {
    const { confirm } = await Taro.showModal({ title: '删除读后感', content: '删除后无法恢复' })
    if (!confirm) return
    try {
      await deleteReflection(reflectionId)
      setReflections((k) => k + 1)
    } catch {
      // shown by the request layer
    }
  }

  return {
    book,
    chapters: page.data?.chapters ?? [],
    error: page.error,
    reflections,
    toggleCollect,
    removeReflection,
  }
}
