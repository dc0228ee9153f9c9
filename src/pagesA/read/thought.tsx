import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import LoginRequired from '@/components/LoginRequired'
import PagedList from '@/components/PagedList'
import { useLiveList } from '@/components/PagedList/useLiveList'
import { deleteReflection, fetchReflections } from '@/features/books/api'
import BookCover from '@/features/books/components/BookCover'
import { detailUrl } from '@/features/books/links'
import { formatMessageTime } from '@/core/time'
import { useStores } from '@/stores'
import type { Reflection } from '@/types/api/books'
import './thought.scss'
import { useConfirmedRemoval } from '@/core/useConfirmedRemoval'

const PAGE_SIZE = 10

interface ItemProps {
  reflection: Reflection
  onDelete: () => void
}

function ThoughtItem({ reflection: r, onDelete }: ItemProps) {
  return (
    <View className="thought" data-testid={`thought-item-${r.id}`}>
      <View
        className="thought__book"
        hoverClass="thought__book--hover"
        data-testid={`thought-book-${r.id}`}
        onClick={() => void Taro.navigateTo({ url: detailUrl(r.booksId) })}
      >
        <BookCover title={r.booksName} src={r.booksCoverSheet} width={72} />
        <Text className="thought__name">{r.booksName}</Text>
        <View className="thought__arrow" />
      </View>
      {/* Plain text, never HTML; line breaks kept by white-space: pre-wrap. */}
      <Text className="thought__content" userSelect>
        {r.content}
      </Text>
      <View className="thought__foot">
        <Text className="muted">{formatMessageTime(r.createdAt * 1000)}</Text>
        <Text className="thought__delete" data-testid={`thought-delete-${r.id}`} onClick={onDelete}>
          删除
        </Text>
      </View>
    </View>
  )
}

/** The reflections (书评) I wrote, newest first: each with its book, deletable. */
function MyThoughtsPage() {
  const { session } = useStores()
  // Reflections are written from a book's page: follow them when this page is shown again.
  const list = useLiveList<Reflection>({
    fetchPage: (page) => fetchReflections({ mine: 1, page, pageSize: PAGE_SIZE }),
    pageSize: PAGE_SIZE,
    keyOf: (r) => r.id,
    active: session.isLoggedIn,
  })

  const removal = useConfirmedRemoval<Reflection>({
    key: (r) => r.id,
    ask: (r) => ({
      title: '删除书评',
      content: `确定删除这条《${r.booksName}》的书评吗？删除后无法恢复。`,
      confirmText: '删除',
    }),
    remove: (r) => deleteReflection(r.id),
    removed: (r) => list.remove(r.id),
    doneText: '已删除',
  })
  const remove = removal.run

  if (!session.isLoggedIn) return <LoginRequired kind="reflections" text="登录后查看我的书评" />

  return (
    <View className="page thoughts">
      <PagedList
        key={list.generation}
        load={list.load}
        keyOf={(r) => r.id}
        renderItem={(r) =>
          list.hidden.has(r.id) ? null : (
            <ThoughtItem reflection={r} onDelete={() => void remove(r)} />
          )
        }
        emptyText="还没有写过书评，读完一本书来写写吧"
        emptyKind="reflections"
      />
    </View>
  )
}

export default observer(MyThoughtsPage)
