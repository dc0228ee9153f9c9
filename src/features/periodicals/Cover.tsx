import { Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { resolveAssetUrl } from '@/core/assets'
import './Cover.scss'

interface Props {
  /** Drawn on a plain cover when there is no picture. */
  name: string
  src?: string
  /** Width in design px; covers stand 4:3 upright. */
  width?: number
  testId?: string
}

const PALETTE = ['#8c3b2f', '#2f5d62', '#5b4a7a', '#6b4f2a', '#3b5b2f', '#7a3b5b']

/** A magazine's or an edition's cover: its picture, or the name on a plain coloured cover. */
export default function Cover({ name, src, width = 150, testId }: Props) {
  const style = {
    width: Taro.pxTransform(width),
    height: Taro.pxTransform(Math.round((width * 4) / 3)),
  }
  if (src) {
    return (
      <Image
        className="periodical-cover"
        style={style}
        src={resolveAssetUrl(src)}
        mode="aspectFill"
        lazyLoad
        data-testid={testId}
      />
    )
  }
  const colour =
    PALETTE[[...name].reduce((sum, c) => sum + (c.codePointAt(0) ?? 0), 0) % PALETTE.length]
  return (
    <View
      className="periodical-cover periodical-cover--drawn"
      style={{ ...style, background: colour }}
      data-testid={testId}
    >
      <Text className="periodical-cover__name">{name}</Text>
    </View>
  )
}
