import { Image } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useState } from 'react'
import { resolveAssetUrl } from '@/core/assets'
import type { Message } from '@/TUIKit/engine/types'
import { thumbSize } from '@rules/chat'

interface ImageInfo {
  url: string
  width: number
  height: number
}

/** A thumbnail, longest side 155 px, sized from the picture once it loads; tap to preview. */
export default function MessageImage({ message }: { message: Message }) {
  const info = ((message.payload.imageInfoArray as ImageInfo[] | undefined) ?? [])[0]
  const [natural, setNatural] = useState({ width: info?.width ?? 0, height: info?.height ?? 0 })
  if (!info) return null
  const url = resolveAssetUrl(info.url)
  const size = thumbSize(natural.width, natural.height)
  return (
    <Image
      className="msg-image"
      data-testid="msg-image"
      src={url}
      style={{ width: `${size.width}px`, height: `${size.height}px` }}
      mode="aspectFit"
      onLoad={(e) => setNatural({ width: Number(e.detail.width), height: Number(e.detail.height) })}
      onClick={() => void Taro.previewImage({ urls: [url], current: url }).catch(() => undefined)}
    />
  )
}
