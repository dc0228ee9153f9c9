import { ScrollView, Text, View, type ITouchEvent } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import LoginRequired from '@/components/LoginRequired'
import PagedList from '@/components/PagedList'
import { Route } from '@/core/routes'
import { formatMessageTime } from '@/core/time'
import BookItem from '@/features/books/components/BookItem'
import { useCollections } from '@/features/books/useCollections'
import { CollectTabs } from '@/features/collections/public'
import { useStores } from '@/stores'
import type { CollectedBook } from '@/types/api/books'
import './book.scss'

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
  const { categories, allCount, current, choose, list, uncollect } = useCollections(
    session.isLoggedIn,
  )

  if (!session.isLoggedIn) {
    return (
      <View className="page collect">
        <CollectTabs current={Route.collectBook} />
        <LoginRequired kind="collect" text="登录后查看收藏的书" />
      </View>
    )
  }

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
      <CollectTabs current={Route.collectBook} />
      {categories.length > 0 && (
        <ScrollView className="collect__chips" scrollX enhanced showScrollbar={false}>
          <Chip
            label="全部"
            count={allCount}
            active={current === undefined}
            testId="collect-cat-all"
            onClick={() => choose(undefined)}
          />
          {categories.map((c) => (
            <Chip
              key={c.classificationId}
              label={c.classificationName}
              count={c.count}
              active={current === c.classificationId}
              testId={`collect-cat-${c.classificationId}`}
              onClick={() => choose(c.classificationId)}
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
