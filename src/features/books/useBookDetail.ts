import Taro, { useDidShow } from '@tarojs/taro'
import { useRef, useState } from 'react'
import { setPageTitle } from '@/core/platform'
import { usePageData } from '@/core/usePageData'
import type { BookDetail, ReadingProgress } from '@/types/api/books'
import {
  addToBookcase,
  deleteReflection,
  fetchBookDetail,
  fetchChapters,
  setCollected,
} from './api'
import { progressSaved } from './progressSaving'

/**
 * A book's page: the book and its chapters (again on every return to the page, since reading or
 * collecting elsewhere changes the place and the flag, and on pull-down), collecting, putting it on
 * the bookcase (its first place saved: the bookcase lists the books with a place), and the
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
  /** The place saved by 加入书架, for the book it was saved on (a reload answers it anew). */
  const [placed, setPlacedFor] = useState<{ book: BookDetail; value: ReadingProgress } | null>(null)
  const [placing, setPlacing] = useState(false)
  const [reflections, setReflections] = useState(0)
  const shown = useRef(false)

  useDidShow(() => {
    if (!shown.current) return void (shown.current = true)
    void progressSaved().then(() => page.reload())
    setReflections((k) => k + 1)
  })

  const loaded = page.data?.book
  let book =
    loaded && collected?.book === loaded ? { ...loaded, collected: collected.value } : loaded
  if (book && !book.progress && placed && placed.book === loaded) {
    book = { ...book, progress: placed.value }
  }
  const firstChapter = page.data?.chapters[0]

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

  /** 加入书架: the first chapter's first paragraph becomes the place; nothing once there is one. */
  const addToCase = async () => {
    if (!loaded || !book || book.progress || !firstChapter || placing) return
    setPlacing(true)
    try {
      const progress = await addToBookcase(book.id, firstChapter.serial)
      setPlacedFor({ book: loaded, value: progress })
      void page.reload()
      void Taro.showToast({ title: '已加入书架', icon: 'none' })
    } catch {
      // the request layer has shown why
    } finally {
      setPlacing(false)
    }
  }

  const removeReflection = async (reflectionId: number) => {
    const { confirm } = await Taro.showModal({ title: '删除书评', content: '删除后无法恢复' })
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
    /** The book is on the bookcase (it has a place); false also while nothing is loaded. */
    inBookcase: Boolean(book?.progress),
    /** 加入书架 can be offered: the book has a chapter to start at. */
    canAddToCase: Boolean(book && (book.progress || firstChapter)),
    addToCase,
    toggleCollect,
    removeReflection,
  }
}
