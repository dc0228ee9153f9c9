import { Text, View, type ITouchEvent } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import LoginRequired from '@/components/LoginRequired'
import PagedList from '@/components/PagedList'
import { useLiveList } from '@/components/PagedList/useLiveList'
import { fetchBookcase } from '@/features/books/api'
import BookItem from '@/features/books/components/BookItem'
import { formatProgress } from '@/features/books/format'
import { detailUrl, readUrl } from '@/features/books/links'
import { Limits } from '@rules/limits'
import { formatMessageTime } from '@/core/time'
import { useStores } from '@/stores'
import type { BookcaseItem } from '@/types/api/books'
import './case.scss'

const PAGE_SIZE = Limits.bookPageSize

function BookcaseRow({ book }: { book: BookcaseItem }) {
  const { progress } = book
  const openDetail = (e: ITouchEvent) => {
    e.stopPropagation()
    void Taro.navigateTo({ url: detailUrl(book.id) })
  }
  return (
    <View data-testid={`case-item-${book.id}`}>
      <BookItem
        book={book}
        onClick={() => void Taro.navigateTo({ url: readUrl(book.id) })}
        extra={
          <View className="bookcase__progress">
            <Text className="bookcase__percent">{formatProgress(progress.percent)}</Text>
            {progress.chapterTitle && (
              <Text className="bookcase__chapter">读到 {progress.chapterTitle}</Text>
            )}
            <View className="bookcase__meta">
              <Text className="muted">{formatMessageTime(progress.updatedAt * 1000)}</Text>
              <Text
                className="bookcase__detail"
                data-testid={`case-detail-${book.id}`}
                onClick={openDetail}
              >
                书籍详情
              </Text>
            </View>
          </View>
        }
      />
    </View>
  )
}

/** The bookcase: the books I have opened, the most recently read first; a tap reads on. */
function BookcasePage() {
  const { session } = useStores()
  // Reading elsewhere reorders the shelf: follow it when the page is shown again.
  const list = useLiveList<BookcaseItem>({
    fetchPage: (page) => fetchBookcase(page, PAGE_SIZE),
    pageSize: PAGE_SIZE,
    keyOf: (book) => book.id,
    versionOf: (book) => `${book.progress.updatedAt}/${book.progress.percent}`,
    active: session.isLoggedIn,
  })

  if (!session.isLoggedIn) return <LoginRequired kind="bookcase" text="登录后查看你的书架" />

  return (
    <View className="page bookcase">
      <PagedList
        key={list.generation}
        load={list.load}
        keyOf={(book) => book.id}
        renderItem={(book) => <BookcaseRow book={book} />}
        emptyText="书架还是空的，打开一本书读读吧"
        emptyKind="bookcase"
      />
    </View>
  )
}

export default observer(BookcasePage)
