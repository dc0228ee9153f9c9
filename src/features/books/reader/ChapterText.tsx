import { ScrollView, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import type { ChapterDetail } from '@/types/api/books'
import type { TextWindow } from './TextWindow'

interface Props {
  chapter: ChapterDetail
  text: TextWindow
  fontSize: number
  topInset: number
  onScroll: () => void
  onTap: () => void
  onTurn: (direction: 'prev' | 'next') => void
}

function ChapterEnd({ chapter, onTurn }: Pick<Props, 'chapter' | 'onTurn'>) {
  return (
    <View className="reader__end" onClick={(e) => e.stopPropagation()}>
      <Text className="reader__end-note">
        {chapter.nextSerial ? '本章完' : '全书完'} · 第{chapter.serial}/{chapter.chapterCount}章
      </Text>
      <View className="reader__end-actions">
        {chapter.prevSerial && (
          <Text className="reader__end-btn" onClick={() => onTurn('prev')}>
            上一章
          </Text>
        )}
        {chapter.nextSerial && (
          <Text
            className="reader__end-btn reader__end-btn--main"
            data-testid="end-next"
            onClick={() => onTurn('next')}
          >
            下一章
          </Text>
        )}
      </View>
    </View>
  )
}

/** The chapter's window of text in its scroll view (styled by the reader page's `reader__*`). */
function ChapterText({ chapter, text, fontSize, topInset, onScroll, onTap, onTurn }: Props) {
  return (
    <ScrollView
      key={chapter.id}
      className="reader__scroll"
      scrollY
      scrollIntoView={text.anchor}
      scrollIntoViewAlignment="start"
      upperThreshold={50}
      lowerThreshold={800}
      onScroll={onScroll}
      onScrollToLower={text.growEnd}
      onScrollToUpper={text.growStart}
    >
      <View className="reader__page" style={{ paddingTop: `${topInset}px` }} onClick={onTap}>
        {text.range.from === 0 ? (
          <Text className="reader__chapter-title" data-testid="chapter-title">
            {chapter.title}
          </Text>
        ) : (
          <Text
            className="reader__hint"
            data-testid="chapter-title"
            onClick={(e) => {
              e.stopPropagation()
              text.growStart()
            }}
          >
            {chapter.title} · 上滑阅读前文
          </Text>
        )}
        <View className="reader__text" style={{ fontSize: Taro.pxTransform(fontSize) }}>
          {text.shown.map((block) => (
            <Text
              key={block.id}
              id={block.id}
              className={block.part === 0 ? 'reader__block' : 'reader__block reader__block--cont'}
            >
              {block.text}
            </Text>
          ))}
        </View>
        {text.atEnd && <ChapterEnd chapter={chapter} onTurn={onTurn} />}
      </View>
    </ScrollView>
  )
}

export default observer(ChapterText)
