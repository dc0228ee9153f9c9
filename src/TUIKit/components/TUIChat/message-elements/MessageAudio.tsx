import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useEffect, useRef, useState } from 'react'
import { resolveAssetUrl } from '@/core/assets'
import type { Message } from '@/TUIKit/engine/types'
import { ChatLimits, CHAT_TEXTS } from '@rules/chat'
import { RiskyNotice } from './MessageRisky'

const played = new Set<string>()

/** A voice bubble 5 px wider per second; tap plays or stops; an unplayed incoming one has a dot. */
export default function MessageAudio({ message }: { message: Message }) {
  const seconds = Number(message.payload.second ?? 0)
  const url = String(message.payload.url ?? '')
  const [playing, setPlaying] = useState(false)
  const [heard, setHeard] = useState(played.has(message.ID))
  const audio = useRef<Taro.InnerAudioContext | null>(null)

  useEffect(() => () => audio.current?.destroy(), [])

  function toggle(): void {
    // Flagged by moderation, or no URL: 暂不支持播放 (chat-spec section 5).
    if (!url || message.hasRiskContent || message.status !== 'success') {
      void Taro.showToast({ title: CHAT_TEXTS.cannotPlay, icon: 'none' })
      return
    }
    if (playing) {
      audio.current?.stop()
      setPlaying(false)
      return
    }
    if (!audio.current) {
      const ctx = Taro.createInnerAudioContext()
      ctx.src = resolveAssetUrl(url)
      ctx.onEnded(() => setPlaying(false))
      ctx.onStop(() => setPlaying(false))
      ctx.onError(() => setPlaying(false))
      audio.current = ctx
    }
    audio.current.play()
    played.add(message.ID)
    setHeard(true)
    setPlaying(true)
  }

  const bubble = (
    <View
      className="msg-audio"
      data-testid="msg-audio"
      style={{ width: `${60 + seconds * ChatLimits.audioPxPerSecond}px` }}
      role="button"
      aria-role="button"
      aria-label={playing ? '停止播放语音' : `播放语音${seconds}秒`}
      onClick={toggle}
    >
      <Text>{playing ? '■' : '🔊'}</Text>
      <Text className="msg-audio__length">{`${seconds}"`}</Text>
      {message.flow === 'in' && !heard && <Text className="msg-audio__unplayed" />}
    </View>
  )
  if (!message.hasRiskContent) return bubble
  return (
    <View>
      {bubble}
      <RiskyNotice />
    </View>
  )
}
