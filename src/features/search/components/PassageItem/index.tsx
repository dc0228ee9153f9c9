import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import type { Passage } from '@/types/api/search'
import { highlightParts } from '../../highlight'
import './index.scss'

interface Props {
  passage: Passage
  /** Where a tap leads: the reader at the passage's paragraph. */
  url: string
}

/** A matched passage: its text with the matches highlighted (as text, never HTML), and where it is. */
export default function PassageItem({ passage, url }: Props) {
  const parts = highlightParts(passage.text, passage.marks)
  return (
    <View
      className="passage-item"
      data-testid={`passage-${passage.booksId}-${passage.serial}-${passage.title ? 'title' : passage.paragraph}`}
      hoverClass="passage-item--hover"
      onClick={() => void Taro.navigateTo({ url })}
    >
      <Text
        className={
          passage.title ? 'passage-item__text passage-item__text--title' : 'passage-item__text'
        }
      >
        {parts.map((part, i) => (
          <Text key={i} className={part.mark ? 'passage-item__mark' : undefined}>
            {part.text}
          </Text>
        ))}
      </Text>
      <Text className="passage-item__place">
        {passage.title
          ? `${passage.booksName} · 章节`
          : `${passage.booksName} · ${passage.chapterTitle}`}
      </Text>
    </View>
  )
}
