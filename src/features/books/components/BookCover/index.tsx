import { Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { resolveAssetUrl } from '@/core/assets'
import { coverColours } from '../../coverStyle'
import { coverHeight, slipLayout } from './slip'
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
    height: Taro.pxTransform(coverHeight(width)),
  }
  if (src) {
    return (
      <Image className="book-cover" style={style} src={resolveAssetUrl(src)} mode="aspectFill" />
    )
  }
  const { ink, paper } = coverColours(title)
  const slip = slipLayout(title, width)
  return (
    <View className="book-cover book-cover--drawn" style={{ ...style, background: ink }}>
      <View
        className="book-cover__label"
        style={{
          background: paper,
          color: ink,
          width: Taro.pxTransform(slip.width),
          height: Taro.pxTransform(slip.height),
        }}
      >
        {slip.columns.map((column, i) => (
          <Text
            key={i}
            className="book-cover__title"
            style={{ fontSize: Taro.pxTransform(slip.fontSize) }}
          >
            {column}
          </Text>
        ))}
      </View>
      {author && width >= 140 && (
        <Text className="book-cover__author" style={{ color: paper }}>
          {author}
        </Text>
      )}
    </View>
  )
}
