import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { dayLabel, detailUrl, formatDuration } from '@/features/books/public'
import { magazineDetailUrl } from '@/features/magazines/public'
import { newspaperDetailUrl } from '@/features/newspapers/public'
import type { ReadingDay, ReadingSource } from '@/types/api/stats'

/** Where a day's entry leads: the book's, the magazine's or the newspaper's page. */
const PAGE_OF: Record<ReadingSource, (id: number) => string> = {
  book: detailUrl,
  magazine: magazineDetailUrl,
  newspaper: newspaperDetailUrl,
}

/** The kind beside a name that is not a book. */
const KIND_OF: Record<ReadingSource, string> = { book: '', magazine: '杂志', newspaper: '报纸' }

/**
 * A day of my reading time: its total, then each book, magazine or newspaper read that day (a
 * tap opens its page).
 */
export default function ReadingDayRow({ day, now }: { day: ReadingDay; now: Date }) {
  return (
    <View className="read-day" data-testid={`read-day-${day.day}`}>
      <View className="read-day__head">
        <Text className="read-day__label">{dayLabel(day.day, now)}</Text>
        <Text className="read-day__total">{formatDuration(day.seconds)}</Text>
      </View>
      {day.books.map((item) => (
        <View
          key={`${item.source}-${item.booksId}`}
          className="read-day__book"
          hoverClass="read-day__book--hover"
          data-testid={`read-item-${item.source}-${item.booksId}`}
          onClick={() => void Taro.navigateTo({ url: PAGE_OF[item.source](item.booksId) })}
        >
          <Text className="read-day__name">
            {KIND_OF[item.source] && <Text className="read-day__kind">{KIND_OF[item.source]}</Text>}
            {item.booksName}
          </Text>
          <Text className="muted">{formatDuration(item.seconds)}</Text>
        </View>
      ))}
    </View>
  )
}
