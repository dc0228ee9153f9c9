import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import type { ChapterSummary } from '@/types/api/books'

const CHAPTERS_SHOWN = 8

interface Props {
  chapters: ChapterSummary[]
  /** The serial the reader is at, marked 在读. */
  current?: number
  onOpen: (serial: number) => void
}

/** A book's first chapters, all of them on request (styled by the detail page's book-detail__*). */
export default function ChapterList({ chapters, current, onOpen }: Props) {
  const [all, setAll] = useState(false)
  const shown = all ? chapters : chapters.slice(0, CHAPTERS_SHOWN)
  return (
    <>
      {shown.map((chapter) => (
        <View
          key={chapter.id}
          className="book-detail__chapter"
          onClick={() => onOpen(chapter.serial)}
        >
          <Text className="book-detail__chapter-title">{chapter.title}</Text>
          {current === chapter.serial && <Text className="link">在读</Text>}
        </View>
      ))}
      {chapters.length > CHAPTERS_SHOWN && (
        <Text className="link book-detail__more" onClick={() => setAll(!all)}>
          {all ? '收起' : `展开全部${chapters.length}章`}
        </Text>
      )}
    </>
  )
}
