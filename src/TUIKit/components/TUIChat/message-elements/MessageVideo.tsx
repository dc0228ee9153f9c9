import { Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { resolveAssetUrl } from '@/core/assets'
import { pageUrl, Route } from '@/core/routes'
import type { Message } from '@/TUIKit/engine/types'

/** The video's card with its play icon (once sent) and length; plays on the video page. */
export default function MessageVideo({ message }: { message: Message }) {
  const url = resolveAssetUrl(String(message.payload.videoUrl ?? ''))
  const seconds = Number(message.payload.videoSecond ?? 0)
  const ready = message.status === 'success' || message.progress >= 1
  const snapshot = String(message.payload.snapshotUrl ?? '')
  return (
    <View
      className="msg-video"
      data-testid="msg-video"
      onClick={() => {
        if (ready) void Taro.navigateTo({ url: pageUrl(Route.chatVideoPlay, { videoUrl: url }) })
      }}
    >
      {snapshot !== '' && (
        <Image className="msg-video__snapshot" src={resolveAssetUrl(snapshot)} mode="aspectFill" />
      )}
      <Text className={ready ? 'msg-video__play' : 'msg-video__play msg-video__play--hidden'}>
        ▶
      </Text>
      <Text className="msg-video__length">{`${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`}</Text>
    </View>
  )
}
