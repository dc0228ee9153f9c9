import { Image, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { resolveAssetUrl } from '@/core/assets'
import './index.scss'

interface Props {
  images: string[]
}

/** A post's pictures: one large, or a grid of three a row; a tap opens the viewer. */
export default function ImageGrid({ images }: Props) {
  if (images.length === 0) return null
  const urls = images.map(resolveAssetUrl)
  const single = urls.length === 1
  return (
    <View className={single ? 'image-grid image-grid--single' : 'image-grid'}>
      {urls.map((url, i) => (
        <Image
          key={i}
          className="image-grid__item"
          src={url}
          mode={single ? 'widthFix' : 'aspectFill'}
          lazyLoad
          onClick={(e) => {
            e.stopPropagation()
            Taro.previewImage({ urls, current: url }).catch(() => undefined)
          }}
        />
      ))}
    </View>
  )
}
