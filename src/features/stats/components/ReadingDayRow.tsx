import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { dayLabel, detailUrl, formatDuration } from '@/features/books/public'
import type { ReadingDay } from '@/types/api/stats'

/** A day of my reading time: its total, then each book read that day (a tap opens the book). */
export default function ReadingDayRow({ day, now }: { day: ReadingDay; now: Date }) {
  return (
    <View className="read-day" data-testid={`read-day-${day.day}`}>
      <View className="read-day__head">
        <Text className="read-day__label">{dayLabel(day.day, now)}</Text>
        <Text className="read-day__total">{formatDuration(day.seconds)}</Text>
      </View>
      {day.books.map((book) => (
        <View
          key={book.booksId}
          className="read-day__book"
          hoverClass="read-day__book--hover"
          onClick={() => void Taro.navigateTo({ url: detailUrl(book.booksId) })}
        >
          <Text className="read-day__name">{book.booksName}</Text>
          <Text className="muted">{formatDuration(book.seconds)}</Text>
        </View>
      ))}
    </View>
  )
}
