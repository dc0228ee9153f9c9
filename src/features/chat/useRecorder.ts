/**
 * Hold to talk (weapp): recording starts on touch, sliding up past 50 px shows release-to-send,
 * past 150 px release-to-cancel; releasing sends (at least 1 s) or cancels. 60 s at most, 44.1 kHz
 * mono mp3 at 192 kbps (chat-spec section 9).
 */
import Taro from '@tarojs/taro'
import { useEffect, useRef, useState } from 'react'
import { isH5 } from '@/core/platform'
import { ChatLimits, CHAT_TEXTS } from '@rules/chat'
import type { PickedMedia } from './pickers'

export type RecordState = 'idle' | 'recording' | 'send' | 'cancel'

export function recordStateFor(distanceUp: number): RecordState {
  if (distanceUp > ChatLimits.recordCancelSwipePx) return 'cancel'
  if (distanceUp > ChatLimits.recordSendSwipePx) return 'send'
  return 'recording'
}

export const RECORD_HINT: Record<RecordState, string> = {
  idle: '按住 说话',
  recording: '松开 发送',
  send: '松开 发送',
  cancel: '松开手指，取消发送',
}

export function useRecorder(onRecorded: (file: PickedMedia) => void) {
  const [state, setState] = useState<RecordState>('idle')
  const startY = useRef(0)
  const cancelled = useRef(false)
  const done = useRef(onRecorded)
  done.current = onRecorded

  useEffect(() => {
    // Only the mini-program records (chat-spec section 2: the web shows no voice bar).
    if (isH5()) return
    const recorder = Taro.getRecorderManager()
    recorder.onStop((res) => {
      setState('idle')
      if (cancelled.current) return
      if (res.duration < ChatLimits.recordMinMs) {
        void Taro.showToast({ title: CHAT_TEXTS.recordTooShort, icon: 'none' })
        return
      }
      done.current({
        path: res.tempFilePath,
        name: 'voice.mp3',
        size: res.fileSize,
        duration: res.duration / 1000,
      })
    })
  }, [])

  return {
    state,
    start(y: number) {
      startY.current = y
      cancelled.current = false
      setState('recording')
      Taro.getRecorderManager().start({
        duration: ChatLimits.recordMaxMs,
        sampleRate: 44100,
        numberOfChannels: 1,
        encodeBitRate: 192000,
        format: 'mp3',
      })
    },
    move(y: number) {
      if (state !== 'idle') setState(recordStateFor(startY.current - y))
    },
    end() {
      cancelled.current = state === 'cancel'
      Taro.getRecorderManager().stop()
    },
  }
}
