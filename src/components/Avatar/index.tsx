import { Image, View, Text } from '@tarojs/components'
import { resolveAssetUrl } from '@/core/assets'
import './index.scss'

interface Props {
  src?: string
  name?: string
  size?: number
  onClick?: () => void
}

/** A round avatar; without a picture it shows the first character of the name. */
export default function Avatar({ src, name = '', size = 96, onClick }: Props) {
  const style = { width: `${size}px`, height: `${size}px` }
  if (src) {
    return (
      <Image
        className='avatar'
        style={style}
        src={resolveAssetUrl(src)}
        mode='aspectFill'
        onClick={onClick}
      />
    )
  }
  return (
    <View className='avatar avatar--text' style={style} onClick={onClick}>
      <Text style={{ fontSize: `${Math.round(size * 0.42)}px` }}>{[...name][0] ?? '书'}</Text>
    </View>
  )
}
