import { useDidShow, usePullDownRefresh } from '@tarojs/taro'
import { useCallback, useEffect, useState } from 'react'
import { useLiveList } from '@/components/PagedList/useLiveList'
import { Limits } from '@rules/limits'
import type { CollectedBook, CollectionCategory } from '@/types/api/books'
import { fetchCollectionCategories, fetchCollections, setCollected } from './api'
import { useConfirmedRemoval } from '@/core/useConfirmedRemoval'

const PAGE_SIZE = Limits.bookPageSize

/**
 * My collected books: the categories with their counts, the chosen one (undefined for 全部), its
 * list, and uncollecting after a confirmation. Collecting happens on the detail page: counts and
 * list follow when the page is shown again (the list by itself, see useLiveList).
 */
export function useCollections(loggedIn: boolean) {
  const [categories, setCategories] = useState<CollectionCategory[] | null>(null)
  const [current, setCurrent] = useState<number | undefined>(undefined)

  const list = useLiveList<CollectedBook>({
    fetchPage: (page) => fetchCollections(page, current, PAGE_SIZE),
    pageSize: PAGE_SIZE,
    keyOf: (book) => book.id,
    versionOf: (book) => book.collectedAt,
    active: loggedIn,
  })

  const loadCategories = useCallback(() => {
    fetchCollectionCategories()
      .then((all) => {
        setCategories(all)
        // The chosen category emptied (uncollected here or on a detail page): back to 全部.
        setCurrent((id) =>
          id !== undefined && !all.some((c) => c.classificationId === id && c.count > 0)
            ? undefined
            : id,
        )
      })
      .catch(() => undefined)
  }, [])

  useEffect(() => {
    if (loggedIn) loadCategories()
  }, [loggedIn, loadCategories])

  useDidShow(() => {
    if (loggedIn && categories) loadCategories()
  })

  usePullDownRefresh(() => {
    if (loggedIn) loadCategories()
  })

  const removal = useConfirmedRemoval<CollectedBook>({
    key: (book) => book.id,
    ask: (book) => ({
      title: '取消收藏',
      content: `确定不再收藏《${book.booksName}》吗？`,
      confirmText: '取消收藏',
      cancelText: '再想想',
    }),
    remove: (book) => setCollected(book.id, false),
    removed: (book) => {
      list.remove(book.id)
      loadCategories()
    },
    doneText: '已取消收藏',
  })
  const uncollect = removal.run

  const shown = (categories ?? []).filter((c) => c.count > 0)
  return {
    /** The categories that hold books, and how many books in all. */
    categories: shown,
    allCount: shown.reduce((sum, c) => sum + c.count, 0),
    current,
    choose: setCurrent,
    list,
    uncollect,
  }
}
