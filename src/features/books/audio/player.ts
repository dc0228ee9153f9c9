import Taro from '@tarojs/taro'
import { resolveAssetUrl } from '@/core/assets'

export interface PlayerEvents {
  onTime: (seconds: number, duration: number) => void
  onPlay: () => void
  onPause: () => void
  onEnded: () => void
  onError: (message: string) => void
}

/** The one audio player of listen mode, the same on both platforms. */
export interface AudioPlayer {
  load(src: string, startAt: number): void
  play(): void
  pause(): void
  seek(seconds: number): void
  setRate(rate: number): void
  destroy(): void
}

const LOAD_FAILED = '音频加载失败，请稍后重试'

/** H5: an audio element (seeking needs the server's Range support, which it has). */
function createElementPlayer(events: PlayerEvents): AudioPlayer {
  const audio = new Audio()
  audio.preload = 'auto'
  let rate = 1
  let startAt = 0
  const time = () =>
    events.onTime(audio.currentTime, Number.isFinite(audio.duration) ? audio.duration : 0)
  audio.addEventListener('timeupdate', time)
  audio.addEventListener('durationchange', time)
  audio.addEventListener('play', events.onPlay)
  audio.addEventListener('pause', events.onPause)
  audio.addEventListener('ended', events.onEnded)
  audio.addEventListener('error', () => events.onError(LOAD_FAILED))
  audio.addEventListener('loadedmetadata', () => {
    if (startAt > 0) audio.currentTime = startAt
    audio.playbackRate = rate
    time()
  })
  return {
    load(src, at) {
      startAt = at
      audio.src = resolveAssetUrl(src)
      audio.load()
    },
    play() {
      audio.play().catch((err: unknown) => {
        // A refused autoplay is not an error the reader needs to read about.
        if (!(err instanceof DOMException && err.name === 'NotAllowedError'))
          events.onError(LOAD_FAILED)
        events.onPause()
      })
    },
    pause: () => audio.pause(),
    seek(seconds) {
      audio.currentTime = seconds
      time()
    },
    setRate(next) {
      rate = next
      audio.playbackRate = next
    },
    destroy() {
      audio.pause()
      audio.removeAttribute('src')
      audio.load()
    },
  }
}

/** The mini-program: the platform's inner audio context. */
function createContextPlayer(events: PlayerEvents): AudioPlayer {
  // Listening is what the reader chose: play even with the phone's silent switch on.
  Taro.setInnerAudioOption({ obeyMuteSwitch: false }).catch(() => undefined)
  const context = Taro.createInnerAudioContext()
  let rate = 1
  let started = false
  const time = () => events.onTime(context.currentTime, context.duration || 0)
  context.onTimeUpdate(time)
  context.onCanplay(time)
  context.onPlay(() => {
    started = true
    // Some devices apply the rate only once playing.
    context.playbackRate = rate
    events.onPlay()
  })
  context.onPause(events.onPause)
  context.onStop(events.onPause)
  context.onEnded(events.onEnded)
  context.onError(() => events.onError(LOAD_FAILED))
  return {
    load(src, at) {
      started = false
      context.src = resolveAssetUrl(src)
      context.startTime = at
    },
    play: () => context.play(),
    pause: () => context.pause(),
    seek(seconds) {
      // A seek before the first play is ignored on some devices: start there instead.
      if (started) context.seek(seconds)
      else context.startTime = seconds
      events.onTime(seconds, context.duration || 0)
    },
    setRate(next) {
      rate = next
      context.playbackRate = next
    },
    destroy: () => context.destroy(),
  }
}

export function createAudioPlayer(events: PlayerEvents): AudioPlayer {
  return process.env.TARO_ENV === 'h5' ? createElementPlayer(events) : createContextPlayer(events)
}

export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 2] as const
