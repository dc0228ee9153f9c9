import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import type { ReactNode } from 'react'
import Cover from './Cover'
import './SummaryRow.scss'

interface Props {
  name: string
  cover: string
  /** 最新：第3期 */
  latest: string
  /** 诗词 · 共3期 */
  meta: string
  intro: string
  /** Opened on a tap. */
  url: string
  testId: string
  extra?: ReactNode
}

/** A magazine or a newspaper in a list: cover, name, the latest issue, counts and the intro. */
export default function SummaryRow(props: Props) {
  return (
    <View
      className="summary-row"
      data-testid={props.testId}
      hoverClass="summary-row--hover"
      onClick={() => void Taro.navigateTo({ url: props.url })}
    >
      <Cover name={props.name} src={props.cover} width={150} />
      <View className="summary-row__body">
        <Text className="summary-row__name">{props.name}</Text>
        <Text className="summary-row__latest">{props.latest}</Text>
        <Text className="muted">{props.meta}</Text>
        {props.intro && <Text className="summary-row__intro">{props.intro}</Text>}
        {props.extra}
      </View>
    </View>
  )
}
