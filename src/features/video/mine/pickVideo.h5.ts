import { VideoLimits, videoTooLong } from '@rules/video'
import type { PickedVideo } from './form'

/** The browser's chooser offers these (the server tells MP4 and MOV by their content). */
export const VIDEO_ACCEPT = 'video/mp4,video/quicktime,.mp4,.mov'

/** Reading a file's header and first frame takes well under this; beyond it, go on without. */
const METADATA_TIMEOUT_MS = 10_000
const FRAME_TIMEOUT_MS = 5_000
/** The first frame is drawn at most this wide (a cover, not a still for print). */
const FRAME_MAX_WIDTH = 720

/** Resolves with the event's name, or 'timeout'. */
function once(target: HTMLVideoElement, events: string[], ms: number): Promise<string> {
  return new Promise((resolve) => {
    const done = (name: string) => {
      clearTimeout(timer)
      events.forEach((e) => target.removeEventListener(e, handlers[e] as EventListener))
      resolve(name)
    }
    const handlers: Record<string, () => void> = {}
    events.forEach((e) => {
      handlers[e] = () => done(e)
      target.addEventListener(e, handlers[e] as EventListener)
    })
    const timer = setTimeout(() => done('timeout'), ms)
  })
}

/** The frame shown now, as a JPEG blob URL; '' when it cannot be drawn. */
async function frameOf(video: HTMLVideoElement): Promise<string> {
  const width = video.videoWidth
  const height = video.videoHeight
  if (!width || !height) return ''
  const scale = Math.min(1, FRAME_MAX_WIDTH / width)
  const canvas = document.createElement('canvas')
  canvas.width = Math.round(width * scale)
  canvas.height = Math.round(height * scale)
  const ctx = canvas.getContext('2d')
  if (!ctx) return ''
  try {
    ctx.drawImage(video, 0, 0, canvas.width, canvas.height)
  } catch {
    return ''
  }
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob((b) => resolve(b), 'image/jpeg', 0.85),
  )
  return blob ? URL.createObjectURL(blob) : ''
}

export interface VideoFacts {
  /** undefined when the browser could not read it. */
  durationMs?: number
  width: number
  height: number
  /** The first frame as a JPEG blob URL, or ''. */
  thumbPath: string
}

/**
 * What the browser reads of a video before it is sent: its duration (loadedmetadata), size in
 * pixels and, when it is not too long, its first frame drawn on a canvas (the cover by default).
 */
export async function readVideoFacts(url: string): Promise<VideoFacts> {
  const video = document.createElement('video')
  video.preload = 'metadata'
  video.muted = true
  video.playsInline = true
  video.src = url
  try {
    const meta = await once(video, ['loadedmetadata', 'error'], METADATA_TIMEOUT_MS)
    if (meta !== 'loadedmetadata') return { width: 0, height: 0, thumbPath: '' }
    const seconds = video.duration
    const durationMs = Number.isFinite(seconds) ? Math.round(seconds * 1000) : undefined
    const facts = { durationMs, width: video.videoWidth, height: video.videoHeight, thumbPath: '' }
    if (durationMs === undefined || videoTooLong(durationMs)) return facts
    // Just past the start: a frame is there to draw (0 itself may show nothing yet).
    video.currentTime = Math.min(0.1, seconds / 2)
    const seeked = await once(video, ['seeked', 'error'], FRAME_TIMEOUT_MS)
    if (seeked === 'seeked') facts.thumbPath = await frameOf(video)
    return facts
  } finally {
    video.removeAttribute('src')
    video.load()
  }
}

/**
 * Lets the reader choose one video on H5: the browser's file chooser (MP4 or MOV). Its duration
 * is read in the browser before anything is sent (a file over 100 MB is not read at all: it is
 * refused as it is). Resolves null when they cancel (browsers without the cancel event never
 * resolve: nothing waits on it).
 */
export function pickVideo(): Promise<PickedVideo | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input')
    input.type = 'file'
    input.accept = VIDEO_ACCEPT
    input.style.display = 'none'
    input.setAttribute('data-testid', 'video-file-input')
    const done = (video: PickedVideo | null) => {
      input.remove()
      resolve(video)
    }
    input.addEventListener('change', () => {
      const file = input.files?.[0]
      if (!file) return done(null)
      const path = URL.createObjectURL(file)
      const base = { path, name: file.name, size: file.size }
      if (file.size > VideoLimits.fileMaxBytes) {
        return done({ ...base, thumbPath: '', width: 0, height: 0 })
      }
      readVideoFacts(path)
        .catch((): VideoFacts => ({ width: 0, height: 0, thumbPath: '' }))
        .then((facts) => done({ ...base, ...facts }))
    })
    input.addEventListener('cancel', () => done(null))
    document.body.appendChild(input)
    input.click()
  })
}

/** Lets go of the blob URLs of a video no longer wanted (the file and its first frame). */
export function releasePickedVideo(video: PickedVideo | null): void {
  if (video?.path.startsWith('blob:')) URL.revokeObjectURL(video.path)
  if (video?.thumbPath.startsWith('blob:')) URL.revokeObjectURL(video.thumbPath)
}
