import { ScrollView, Text, View } from '@tarojs/components'
import './ContentsDrawer.scss'

/** A line of the contents: an article, ticked once the reader has read it. */
export interface ContentsLine {
  id: number
  title: string
  author: string
  read: boolean
}

/** A group of lines under a heading (a newspaper's page); one untitled group for an issue. */
export interface ContentsSection {
  key: string
  title?: string
  lines: ContentsLine[]
}

interface Props {
  title: string
  /** 已读 2/6, for a signed-in reader. */
  progress?: string
  sections: ContentsSection[]
  current: number | null
  night: boolean
  onPick: (id: number) => void
  onClose: () => void
}

export const contentsLineId = (id: number): string => `cl-${id}`

/** The contents drawer: every article in order, the current one marked, read ones ticked. */
export default function ContentsDrawer(props: Props) {
  const { current } = props
  return (
    <View className={props.night ? 'contents contents--night' : 'contents'}>
      <View className="contents__mask" onClick={props.onClose} />
      <View className="contents__panel" data-testid="contents">
        <View className="contents__head">
          <Text className="contents__title">{props.title}</Text>
          {props.progress && (
            <Text className="contents__progress" data-testid="contents-progress">
              {props.progress}
            </Text>
          )}
        </View>
        <ScrollView
          className="contents__list"
          scrollY
          scrollIntoView={current ? contentsLineId(current) : ''}
        >
          {props.sections.map((section) => (
            <View key={section.key}>
              {section.title && <Text className="contents__section">{section.title}</Text>}
              {section.lines.map((line) => (
                <View
                  key={line.id}
                  id={contentsLineId(line.id)}
                  className={
                    line.id === current
                      ? 'contents__item contents__item--current'
                      : 'contents__item'
                  }
                  data-testid={`contents-${line.id}`}
                  onClick={() => props.onPick(line.id)}
                >
                  <View className="contents__item-text">
                    <Text className="contents__item-title">{line.title}</Text>
                    {line.author && <Text className="contents__item-author">{line.author}</Text>}
                  </View>
                  {line.read && (
                    <Text className="contents__tick" data-testid={`read-${line.id}`}>
                      已读
                    </Text>
                  )}
                </View>
              ))}
            </View>
          ))}
        </ScrollView>
      </View>
    </View>
  )
}
