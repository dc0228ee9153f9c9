import { ScrollView, Text, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import type { ChapterSummary } from '@/types/api/books'
import { fetchChapters } from '../api'
import './Catalogue.scss'

interface Props {
  booksId: number
  booksName: string
  current: number
  night: boolean
  onPick: (serial: number) => void
  onClose: () => void
}

/** The catalogue drawer: every chapter, the current one marked and scrolled to. */
export default function Catalogue({ booksId, booksName, current, night, onPick, onClose }: Props) {
  const [chapters, setChapters] = useState<ChapterSummary[] | null>(null)
  const [error, setError] = useState('')

  useEffect(() => {
    fetchChapters(booksId)
      .then((page) => setChapters(page.list))
      .catch((err: unknown) => setError(err instanceof Error ? err.message : '目录加载失败'))
  }, [booksId])

  return (
    <View className={night ? 'catalogue catalogue--night' : 'catalogue'}>
      <View className="catalogue__mask" onClick={onClose} />
      <View className="catalogue__panel" data-testid="catalogue">
        <Text className="catalogue__title">{booksName}</Text>
        <ScrollView
          className="catalogue__list"
          scrollY
          scrollIntoView={chapters ? `cat-${Math.max(1, current - 3)}` : ''}
        >
          {!chapters && <Text className="catalogue__hint">{error || '加载中…'}</Text>}
          {chapters?.map((chapter) => (
            <View
              key={chapter.id}
              id={`cat-${chapter.serial}`}
              className={
                chapter.serial === current
                  ? 'catalogue__item catalogue__item--current'
                  : 'catalogue__item'
              }
              onClick={() => onPick(chapter.serial)}
            >
              <Text>{chapter.title}</Text>
            </View>
          ))}
        </ScrollView>
      </View>
    </View>
  )
}
