import { ScrollView, Text, View } from '@tarojs/components'
import { isH5 } from '@/core/platform'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import type { ChapterDetail } from '@/types/api/books'
import type { TextBlock } from '../blocks'
import type { TextWindow } from './TextWindow'

/** A piece of a block's text, highlighted when it carries a highlight's id and colour. */
export interface TextSegment {
  text: string
  highlightId?: number
  colour?: string
  /** The highlight carries a note (its end is marked). */
  noted?: boolean
}

interface Props {
  chapter: ChapterDetail
  text: TextWindow
  fontSize: number
  lineHeight: number
  justify: boolean
  topInset: number
  /** The block (of `paragraph`) cut at its highlights. */
  segmentsOf: (block: TextBlock, paragraph: string) => TextSegment[]
  /** A highlight was tapped. */
  onMarkTap: (highlightId: number) => void
  /** A block was long-pressed (weapp: where there is no text selection). */
  onLongPress: (block: TextBlock) => void
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

const H5 = isH5()

/** The chapter's window of text in its scroll view (styled by the reader page's `reader__*`). */
function ChapterText(props: Props) {
  const { chapter, text, topInset, onScroll, onTap, onTurn } = props
  return (
    <ScrollView
      key={`${chapter.id}-${text.openings}`}
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
        <View
          className={props.justify ? 'reader__text' : 'reader__text reader__text--ragged'}
          style={{ fontSize: Taro.pxTransform(props.fontSize), lineHeight: props.lineHeight }}
        >
          {text.shown.map((block) => (
            <Text
              key={block.id}
              id={block.id}
              className={block.part === 0 ? 'reader__block' : 'reader__block reader__block--cont'}
              userSelect={H5}
              onLongPress={() => !H5 && props.onLongPress(block)}
            >
              {props.segmentsOf(block, chapter.paragraphs[block.paragraph] ?? '').map((seg, i) =>
                seg.highlightId === undefined ? (
                  seg.text
                ) : (
                  <Text
                    key={i}
                    className={seg.noted ? 'reader__mark reader__mark--noted' : 'reader__mark'}
                    style={{ backgroundColor: seg.colour }}
                    data-testid={`mark-${seg.highlightId}`}
                    onClick={(e) => {
                      e.stopPropagation()
                      props.onMarkTap(seg.highlightId as number)
                    }}
                  >
                    {seg.text}
                  </Text>
                ),
              )}
            </Text>
          ))}
        </View>
        {text.atEnd && <ChapterEnd chapter={chapter} onTurn={onTurn} />}
      </View>
    </ScrollView>
  )
}

export default observer(ChapterText)
