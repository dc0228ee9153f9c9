import { Image, View, Text } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { resolveAssetUrl } from '@/core/assets'
import './index.scss'

interface Props {
  src?: string
  name?: string
  size?: number
  onClick?: () => void
}

/** A round avatar (size in design px); without a picture it shows the name's first character. */
export default function Avatar({ src, name = '', size = 96, onClick }: Props) {
  // Inline styles skip the px transform of the style sheets: convert the design size here.
  const side = Taro.pxTransform(size)
  const style = { width: side, height: side }
  if (src) {
    return (
      <Image
        className="avatar"
        style={style}
        src={resolveAssetUrl(src)}
        mode="aspectFill"
        onClick={onClick}
      />
    )
  }
  return (
    <View className="avatar avatar--text" style={style} onClick={onClick}>
      <Text style={{ fontSize: Taro.pxTransform(Math.round(size * 0.42)) }}>
        {[...name][0] ?? '书'}
      </Text>
    </View>
  )
}
