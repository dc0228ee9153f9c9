import { Image, Text, View } from '@tarojs/components'
import { resolveAssetUrl } from '@/core/assets'
import { formatVideoDuration } from '../../duration'
import './index.scss'

interface Props {
  cover: string
  durationMs: number
  /** Sizes it (the cover fills it, 16:9 by the caller's width and height). */
  className: string
}

/** A video's cover (or a plain dark picture when it has none) with a play mark and its m:ss. */
export default function VideoCover({ cover, durationMs, className }: Props) {
  return (
    <View className={`video-cover ${className}`}>
      {cover ? (
        <Image
          className="video-cover__image"
          src={resolveAssetUrl(cover)}
          mode="aspectFill"
          lazyLoad
        />
      ) : (
        <View className="video-cover__image video-cover__image--none" />
      )}
      <View className="video-cover__play" />
      <Text className="video-cover__time">{formatVideoDuration(durationMs)}</Text>
    </View>
  )
}
