import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import type { ReactNode } from 'react'
import type { BookSummary } from '@/types/api/books'
import { formatWordCount } from '../../format'
import { detailUrl } from '../../links'
import BookCover from '../BookCover'
import './index.scss'

interface Props {
  book: BookSummary
  /** Replaces the brief line (progress, collected date). */
  extra?: ReactNode
  onClick?: () => void
}

export const openBook = (id: number) => () => Taro.navigateTo({ url: detailUrl(id) })

/** A book in a list: cover, title, author, brief, category and size. */
export default function BookItem({ book, extra, onClick }: Props) {
  const open = onClick ?? openBook(book.id)
  return (
    <View
      className="book-item"
      data-testid={`book-${book.id}`}
      onClick={open}
      hoverClass="book-item--hover"
    >
      <BookCover
        title={book.booksName}
        author={book.booksAuthor}
        src={book.booksCoverSheet}
        width={132}
      />
      <View className="book-item__body">
        <Text className="book-item__title">{book.booksName}</Text>
        <Text className="book-item__author">{book.booksAuthor}</Text>
        {extra ?? <Text className="book-item__brief">{book.booksBrief}</Text>}
        <View className="book-item__tags">
          <Text className="book-item__tag">{book.classificationName}</Text>
          <Text className="book-item__tag">{book.chapterCount}章</Text>
          <Text className="book-item__tag">{formatWordCount(book.wordCount)}</Text>
          {book.hasAudio && <Text className="book-item__tag book-item__tag--audio">有声</Text>}
        </View>
      </View>
    </View>
  )
}
