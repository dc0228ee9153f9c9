import { ScrollView, Text, View, type ITouchEvent } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useCallback, useEffect, useRef, useState } from 'react'
import LoginRequired from '@/components/LoginRequired'
import PagedList from '@/components/PagedList'
import { useLiveList } from '@/components/PagedList/useLiveList'
import { fetchCollectionCategories, fetchCollections, setCollected } from '@/features/books/api'
import BookItem from '@/features/books/components/BookItem'
import { Limits } from '@rules/limits'
import { formatMessageTime } from '@/core/time'
import { useStores } from '@/stores'
import type { CollectedBook, CollectionCategory } from '@/types/api/books'
import './book.scss'

const PAGE_SIZE = Limits.bookPageSize

interface ChipProps {
  label: string
  count: number
  active: boolean
  testId: string
  onClick: () => void
}

function Chip({ label, count, active, testId, onClick }: ChipProps) {
  return (
    <View
      className={active ? 'collect__chip collect__chip--active' : 'collect__chip'}
      data-testid={testId}
      onClick={onClick}
    >
      <Text>{label}</Text>
      <Text className="collect__count">{count}</Text>
    </View>
  )
}

/** My collected books, by category, newest first; a book can be uncollected from here. */
function CollectedBooksPage() {
  const { session } = useStores()
  const loggedIn = session.isLoggedIn
  const [categories, setCategories] = useState<CollectionCategory[] | null>(null)
  /** The chosen category; undefined for 全部. */
  const [current, setCurrent] = useState<number | undefined>(undefined)
  const removing = useRef(new Set<number>())

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

  // Collecting happens on the detail page: counts and list follow when the page is shown again
  // (the list by itself, see useLiveList).
  useDidShow(() => {
    if (session.isLoggedIn && categories) loadCategories()
  })

  usePullDownRefresh(() => {
    if (session.isLoggedIn) loadCategories()
  })

  const uncollect = async (book: CollectedBook) => {
    if (removing.current.has(book.id)) return
    const { confirm } = await Taro.showModal({
      title: '取消收藏',
      content: `确定不再收藏《${book.booksName}》吗？`,
      confirmText: '取消收藏',
      cancelText: '再想想',
      confirmColor: '#c0392b',
    })
    if (!confirm) return
    removing.current.add(book.id)
    try {
      await setCollected(book.id, false)
      list.remove(book.id)
      loadCategories()
      void Taro.showToast({ title: '已取消收藏', icon: 'none' })
    } catch {
      // the request layer has shown why
    } finally {
      removing.current.delete(book.id)
    }
  }

  if (!loggedIn) return <LoginRequired kind="collect" text="登录后查看收藏的书" />

  const shownCategories = (categories ?? []).filter((c) => c.count > 0)
  const allCount = shownCategories.reduce((sum, c) => sum + c.count, 0)

  const renderBook = (book: CollectedBook) => {
    if (list.hidden.has(book.id)) return null
    const onRemove = (e: ITouchEvent) => {
      e.stopPropagation()
      void uncollect(book)
    }
    return (
      <View data-testid={`collect-item-${book.id}`}>
        <BookItem
          book={book}
          extra={
            <View className="collect__meta">
              <Text className="muted">收藏于 {formatMessageTime(book.collectedAt * 1000)}</Text>
              <Text
                className="collect__remove"
                data-testid={`collect-remove-${book.id}`}
                onClick={onRemove}
              >
                取消收藏
              </Text>
            </View>
          }
        />
      </View>
    )
  }

  return (
    <View className="page collect">
      {shownCategories.length > 0 && (
        <ScrollView className="collect__chips" scrollX enhanced showScrollbar={false}>
          <Chip
            label="全部"
            count={allCount}
            active={current === undefined}
            testId="collect-cat-all"
            onClick={() => setCurrent(undefined)}
          />
          {shownCategories.map((c) => (
            <Chip
              key={c.classificationId}
              label={c.classificationName}
              count={c.count}
              active={current === c.classificationId}
              testId={`collect-cat-${c.classificationId}`}
              onClick={() => setCurrent(c.classificationId)}
            />
          ))}
        </ScrollView>
      )}
      <PagedList
        key={`${current ?? 'all'}|${list.generation}`}
        load={list.load}
        keyOf={(book) => book.id}
        renderItem={renderBook}
        emptyText={
          current === undefined
            ? '还没有收藏的书，在书籍详情页点“收藏”吧'
            : '这个分类下没有收藏的书'
        }
        emptyKind="collect"
      />
    </View>
  )
}

export default observer(CollectedBooksPage)
