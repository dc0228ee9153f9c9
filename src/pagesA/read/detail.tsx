import { Button, Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useCallback, useState } from 'react'
import Empty from '@/components/Empty'
import PagedList from '@/components/PagedList'
import {
  deleteReflection,
  fetchBookDetail,
  fetchChapters,
  fetchReflections,
  setCollected,
} from '@/features/books/api'
import BookCover from '@/features/books/components/BookCover'
import ReflectionItem from '@/features/books/components/ReflectionItem'
import { formatProgress, formatWordCount } from '@/features/books/format'
import { detailUrl, listenUrl, readUrl } from '@/features/books/links'
import { requireLogin } from '@/features/account/requireLogin'
import ShareButton from '@/features/share/ShareButton'
import { useShareCard } from '@/features/share/useShareCard'
import { useStores } from '@/stores'
import type { BookDetail, ChapterSummary } from '@/types/api/books'
import { setPageTitle } from '@/core/platform'
import './detail.scss'

const CHAPTERS_SHOWN = 8

/** A book: cover, author, intro, chapters, collect, read or listen, and readers' reflections. */
function BookDetailPage() {
  const { params } = useRouter()
  const id = Number(params.id)
  const { session } = useStores()
  const [book, setBook] = useState<BookDetail | null>(null)
  const [chapters, setChapters] = useState<ChapterSummary[]>([])
  const [allChapters, setAllChapters] = useState(false)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const [reflectionsKey, setReflectionsKey] = useState(0)

  const load = useCallback(async () => {
    if (!Number.isInteger(id) || id <= 0) return setError('书籍不存在')
    try {
      const [detail, list] = await Promise.all([fetchBookDetail(id), fetchChapters(id)])
      setBook(detail)
      setChapters(list.list)
      setError('')
      setPageTitle(detail.booksName)
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : '加载失败')
    }
  }, [id])

  // Again on every show: reading or collecting elsewhere changes the place and the flag.
  useDidShow(() => {
    void load()
    setReflectionsKey((k) => k + 1)
  })

  // The reflections list refreshes itself on pull-down; the book above it does here.
  usePullDownRefresh(() => {
    void load().finally(() => Taro.stopPullDownRefresh())
  })

  const share = useShareCard({
    title: book ? `${book.booksName} · ${book.booksAuthor}` : '书友',
    desc: book ? book.booksBrief || book.booksIntro : '',
    image: book?.booksCoverSheet,
    path: detailUrl(id),
  })

  const toggleCollect = () =>
    requireLogin(session, async () => {
      if (!book || busy) return
      setBusy(true)
      try {
        const res = await setCollected(book.id, !book.collected)
        setBook({ ...book, collected: res.collected })
        void Taro.showToast({ title: res.collected ? '已加入收藏' : '已取消收藏', icon: 'none' })
      } catch {
        // the request layer has shown why
      } finally {
        setBusy(false)
      }
    })

  const removeReflection = async (reflectionId: number) => {
    const { confirm } = await Taro.showModal({ title: '删除读后感', content: '删除后无法恢复' })
    if (!confirm) return
    try {
      await deleteReflection(reflectionId)
      setReflectionsKey((k) => k + 1)
    } catch {
      // shown by the request layer
    }
  }

  if (error && !book) return <Empty kind="error" text={error} />
  if (!book) return <View className="muted book-detail__loading">加载中…</View>

  const progress = book.progress
  const shown = allChapters ? chapters : chapters.slice(0, CHAPTERS_SHOWN)
  const go = (url: string) => () => void Taro.navigateTo({ url })

  return (
    <View className="page book-detail">
      <View className="book-detail__head">
        <BookCover
          title={book.booksName}
          author={book.booksAuthor}
          src={book.booksCoverSheet}
          width={200}
        />
        <View className="book-detail__meta">
          <Text className="book-detail__title">{book.booksName}</Text>
          <Text className="book-detail__author">{book.booksAuthor}</Text>
          <Text className="muted">
            {book.classificationName} · {book.chapterCount}章 · {formatWordCount(book.wordCount)}
          </Text>
          <Text className="muted">{book.readerCount}人在读</Text>
          {progress && (
            <Text className="book-detail__progress">
              读到 {progress.chapterTitle} · {formatProgress(progress.percent)}
            </Text>
          )}
        </View>
      </View>

      <View className="book-detail__actions">
        <Button className="btn-primary book-detail__read" onClick={go(readUrl(book.id))}>
          {progress ? '继续阅读' : '开始阅读'}
        </Button>
        {book.hasAudio && (
          <Button className="btn-plain book-detail__btn" onClick={go(listenUrl(book.id))}>
            听书
          </Button>
        )}
        <Button
          className="btn-plain book-detail__btn"
          data-testid="collect"
          onClick={toggleCollect}
        >
          {book.collected ? '已收藏' : '收藏'}
        </Button>
        <ShareButton className="btn-plain book-detail__btn" onShare={share} />
      </View>

      <View className="book-detail__section">
        <Text className="book-detail__section-title">简介</Text>
        <Text className="book-detail__intro">{book.booksIntro || book.booksBrief}</Text>
      </View>

      <View className="book-detail__section">
        <Text className="book-detail__section-title">目录（共{book.chapterCount}章）</Text>
        {shown.map((chapter) => (
          <View
            key={chapter.id}
            className="book-detail__chapter"
            onClick={go(readUrl(book.id, chapter.serial))}
          >
            <Text className="book-detail__chapter-title">{chapter.title}</Text>
            {progress?.serial === chapter.serial && <Text className="link">在读</Text>}
          </View>
        ))}
        {chapters.length > CHAPTERS_SHOWN && (
          <Text className="link book-detail__more" onClick={() => setAllChapters(!allChapters)}>
            {allChapters ? '收起' : `展开全部${chapters.length}章`}
          </Text>
        )}
      </View>

      <View className="book-detail__section book-detail__section--flush">
        <View className="book-detail__section-head">
          <Text className="book-detail__section-title">读后感</Text>
          <Text
            className="link"
            data-testid="write-thought"
            onClick={() => requireLogin(session, go(`/pagesA/read/addThought?id=${book.id}`))}
          >
            写读后感
          </Text>
        </View>
        <PagedList
          key={reflectionsKey}
          load={(page) => fetchReflections({ booksId: book.id, page, pageSize: 10 })}
          keyOf={(item) => item.id}
          renderItem={(item) => (
            <ReflectionItem reflection={item} onDelete={() => void removeReflection(item.id)} />
          )}
          emptyText="还没有读后感，来写第一篇吧"
          emptyKind="reflections"
        />
      </View>
    </View>
  )
}

export default observer(BookDetailPage)
