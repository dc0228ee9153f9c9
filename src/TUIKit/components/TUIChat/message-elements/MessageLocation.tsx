import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { isH5 } from '@/core/platform'
import type { Message } from '@/TUIKit/engine/types'

/** A place card; tap opens the map (weapp) or shows the coordinates (H5). */
export default function MessageLocation({ message }: { message: Message }) {
  const description = String(message.payload.description ?? '')
  const latitude = Number(message.payload.latitude ?? 0)
  const longitude = Number(message.payload.longitude ?? 0)
  return (
    <View
      className="msg-location"
      data-testid="msg-location"
      onClick={() => {
        if (isH5()) {
          void Taro.showModal({
            title: description,
            content: `纬度 ${latitude}，经度 ${longitude}`,
            showCancel: false,
          })
        } else {
          void Taro.openLocation({ latitude, longitude, name: description }).catch(() => undefined)
        }
      }}
    >
      <Text className="msg-location__name">📍 {description}</Text>
      <Text className="msg-location__coords">{`${latitude.toFixed(4)}, ${longitude.toFixed(4)}`}</Text>
    </View>
  )
}
