import { Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import type { DocumentFileType } from '@rules/documents'
import { resolveAssetUrl } from '@/core/assets'
import { fileLabel } from '../../format'
import './index.scss'

interface Props {
  thumb: string
  fileType: DocumentFileType
  /** Width in design px; the thumb is A4-shaped. */
  width?: number
}

/** A document's thumbnail, or its format's label on the format's colour when it has none. */
export default function DocThumb({ thumb, fileType, width = 120 }: Props) {
  const style = {
    width: Taro.pxTransform(width),
    height: Taro.pxTransform(Math.round(width * 1.414)),
  }
  if (thumb) {
    return (
      <Image className="doc-thumb" style={style} src={resolveAssetUrl(thumb)} mode="aspectFill" />
    )
  }
  const label = fileLabel(fileType)
  return (
    <View
      className={`doc-thumb doc-thumb--icon doc-thumb--${label.toLowerCase()}`}
      style={style}
      data-testid="doc-thumb-icon"
    >
      <View className="doc-thumb__fold" />
      <Text className="doc-thumb__label">{label}</Text>
    </View>
  )
}
