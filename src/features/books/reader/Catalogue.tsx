import { ScrollView, Text, View } from '@tarojs/components'
import { useState } from 'react'
import type { ChapterSummary } from '@/types/api/books'
import './Catalogue.scss'

/** A bookmark as the drawer lists it. */
export interface BookmarkRow {
  id: number
  serial: number
  paragraph: number
  excerpt: string
}

interface Props {
  booksName: string
  current: number
  night: boolean
  chapters: ChapterSummary[] | null
  error: string
  /** Null while loading (or for a guest, who has none). */
  bookmarks: BookmarkRow[] | null
  titleOf: (serial: number) => string
  onPick: (serial: number) => void
  onJump: (serial: number, paragraph: number) => void
  onClose: () => void
}

type Tab = 'chapters' | 'bookmarks'

/** The catalogue drawer: every chapter (the current one marked and scrolled to) and my bookmarks. */
export default function Catalogue(props: Props) {
  const { chapters, bookmarks, current } = props
  const [tab, setTab] = useState<Tab>('chapters')
  const tabClass = (t: Tab) => (t === tab ? 'catalogue__tab is-on' : 'catalogue__tab')

  return (
    <View className={props.night ? 'catalogue catalogue--night' : 'catalogue'}>
      <View className="catalogue__mask" onClick={props.onClose} />
      <View className="catalogue__panel" data-testid="catalogue">
        <Text className="catalogue__title">{props.booksName}</Text>
        <View className="catalogue__tabs">
          <Text className={tabClass('chapters')} onClick={() => setTab('chapters')}>
            目录
          </Text>
          <Text
            className={tabClass('bookmarks')}
            data-testid="bookmarks-tab"
            onClick={() => setTab('bookmarks')}
          >
            书签{bookmarks && bookmarks.length > 0 ? ` ${bookmarks.length}` : ''}
          </Text>
        </View>
        {tab === 'chapters' ? (
          <ScrollView
            className="catalogue__list"
            scrollY
            scrollIntoView={chapters ? `cat-${Math.max(1, current - 3)}` : ''}
          >
            {!chapters && <Text className="catalogue__hint">{props.error || '加载中…'}</Text>}
            {chapters?.map((chapter) => (
              <View
                key={chapter.id}
                id={`cat-${chapter.serial}`}
                className={
                  chapter.serial === current
                    ? 'catalogue__item catalogue__item--current'
                    : 'catalogue__item'
                }
                onClick={() => props.onPick(chapter.serial)}
              >
                <Text>{chapter.title}</Text>
              </View>
            ))}
          </ScrollView>
        ) : (
          <ScrollView className="catalogue__list" scrollY data-testid="bookmark-list">
            {!bookmarks && <Text className="catalogue__hint">加载中…</Text>}
            {bookmarks?.length === 0 && (
              <Text className="catalogue__hint">还没有书签，在菜单里点“添加书签”</Text>
            )}
            {bookmarks?.map((mark) => (
              <View
                key={mark.id}
                className="catalogue__item catalogue__mark"
                data-testid={`bookmark-${mark.serial}-${mark.paragraph}`}
                onClick={() => props.onJump(mark.serial, mark.paragraph)}
              >
                <Text className="catalogue__mark-chapter">
                  {props.titleOf(mark.serial) || `第${mark.serial}章`}
                </Text>
                <Text className="catalogue__mark-excerpt">{mark.excerpt}</Text>
              </View>
            ))}
          </ScrollView>
        )}
      </View>
    </View>
  )
}
