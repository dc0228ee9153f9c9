import { Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { resolveAssetUrl } from '@/core/assets'
import { coverColours } from '../../coverStyle'
import './index.scss'

interface Props {
  title: string
  author?: string
  src?: string
  /** Width in design px; the cover is 4:3 upright. */
  width?: number
}

/** A book's cover: its picture, or a thread-bound cover drawn from the title. */
export default function BookCover({ title, author = '', src, width = 150 }: Props) {
  const style = {
    width: Taro.pxTransform(width),
    height: Taro.pxTransform(Math.round(width * 1.36)),
  }
  if (src) {
    return (
      <Image className="book-cover" style={style} src={resolveAssetUrl(src)} mode="aspectFill" />
    )
  }
  const { ink, paper } = coverColours(title)
  // The title slip (题签) is 56% of the cover's height: the characters shrink to fit in it.
  const chars = Math.max(1, [...title].length)
  const slip = Math.round(width * 1.36 * 0.56)
  const size = Math.max(12, Math.min(Math.round(width / 6), Math.floor((slip - 12) / chars / 1.08)))
  const titleSize = Taro.pxTransform(size)
  return (
    <View className="book-cover book-cover--drawn" style={{ ...style, background: ink }}>
      <View
        className="book-cover__label"
        style={{ background: paper, color: ink, height: Taro.pxTransform(slip) }}
      >
        <Text className="book-cover__title" style={{ fontSize: titleSize }}>
          {title}
        </Text>
      </View>
      {author && width >= 140 && (
        <Text className="book-cover__author" style={{ color: paper }}>
          {author}
        </Text>
      )}
    </View>
  )
}
