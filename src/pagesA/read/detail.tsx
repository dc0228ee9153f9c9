import { Button, Text, View } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import Empty from '@/components/Empty'
import PagedList from '@/components/PagedList'
import { requireLogin } from '@/features/account/requireLogin'
import { fetchReflections } from '@/features/books/api'
import BookCover from '@/features/books/components/BookCover'
import ChapterList from '@/features/books/components/ChapterList'
import ReflectionItem from '@/features/books/components/ReflectionItem'
import { formatProgress, formatWordCount } from '@/features/books/format'
import { addThoughtUrl, detailUrl, listenUrl, readUrl } from '@/features/books/links'
import { useBookDetail } from '@/features/books/useBookDetail'
import ShareButton from '@/features/share/ShareButton'
import { useShareCard } from '@/features/share/useShareCard'
import { BookVideos } from '@/features/video/public'
import { useStores } from '@/stores'
import './detail.scss'

const go = (url: string) => () => void Taro.navigateTo({ url })

/**
 * A book: cover, author, intro, chapters, read or listen, add to the bookcase, collect, and
 * readers' reflections (书评).
 */
function BookDetailPage() {
  const { params } = useRouter()
  const id = Number(params.id)
  const { session } = useStores()
  const detail = useBookDetail(id)
  const { book, chapters, error, reflections, toggleCollect, removeReflection } = detail

  const share = useShareCard({
    title: book ? `${book.booksName} · ${book.booksAuthor}` : '书友',
    desc: book ? book.booksBrief || book.booksIntro : '',
    image: book?.booksCoverSheet,
    path: detailUrl(id),
  })

  if (error && !book) return <Empty kind="error" text={error} />
  if (!book) return <View className="muted book-detail__loading">加载中…</View>

  const progress = book.progress
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
        {detail.canAddToCase && (
          <Button
            className="btn-plain book-detail__btn"
            data-testid="bookcase"
            disabled={detail.inBookcase}
            onClick={() => requireLogin(session, () => void detail.addToCase())}
          >
            {detail.inBookcase ? '已在书架' : '加入书架'}
          </Button>
        )}
        <Button
          className="btn-plain book-detail__btn"
          data-testid="collect"
          onClick={() => requireLogin(session, () => void toggleCollect())}
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
        <ChapterList
          chapters={chapters}
          current={progress?.serial}
          onOpen={(serial) => void Taro.navigateTo({ url: readUrl(book.id, serial) })}
        />
      </View>

      <BookVideos bookId={book.id} />

      <View className="book-detail__section book-detail__section--flush">
        <View className="book-detail__section-head">
          <Text className="book-detail__section-title">书评</Text>
          <Text
            className="link"
            data-testid="write-thought"
            onClick={() => requireLogin(session, go(addThoughtUrl(book.id)))}
          >
            写书评
          </Text>
        </View>
        <PagedList
          key={reflections}
          load={(page) => fetchReflections({ booksId: book.id, page, pageSize: 10 })}
          keyOf={(item) => item.id}
          renderItem={(item) => (
            <ReflectionItem reflection={item} onDelete={() => void removeReflection(item.id)} />
          )}
          emptyText="还没有书评，来写第一篇吧"
          emptyKind="reflections"
        />
      </View>
    </View>
  )
}

export default observer(BookDetailPage)
