import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import type { BookcaseItem } from '@/types/api/books'
import { formatProgress } from '../../format'
import { readUrl } from '../../links'
import BookCover from '../BookCover'

/** The book in hand on the home page: a tap reads on (styled by the home page's home__current). */
export default function CurrentBook({ book }: { book: BookcaseItem }) {
  return (
    <View
      className="card home__current"
      data-testid="continue-reading"
      onClick={() => void Taro.navigateTo({ url: readUrl(book.id) })}
    >
      <BookCover title={book.booksName} src={book.booksCoverSheet} width={96} />
      <View className="home__current-body">
        <Text className="muted">继续阅读</Text>
        <Text className="home__current-title">{book.booksName}</Text>
        <Text className="muted">
          {book.progress.chapterTitle} · {formatProgress(book.progress.percent)}
        </Text>
      </View>
      <Text className="home__current-go">继续</Text>
    </View>
  )
}
