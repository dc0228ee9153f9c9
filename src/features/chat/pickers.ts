/**
 * Choosing what to send (chat-spec sections 2 and 5): an image (gif, jpeg, jpg, png, bmp, webp), a
 * file of at most 100 MB, one video of at most 60 s, a place. Resolves null when the reader
 * cancels; rejects with the chat error of a file that cannot be sent.
 */
import Taro from '@tarojs/taro'
import { isH5 } from '@/core/platform'
import type { PickedFile, PickedSnapshot, PickedVideo } from '@/TUIKit/engine/types'
import { CHAT_IMAGE_TYPES, ChatErrors, ChatLimits } from '@rules/chat'

export interface PickedMedia extends PickedFile {
  duration: number
}

export type { PickedVideo }

const cancelled = (error: unknown): boolean =>
  /cancel/i.test(String((error as { errMsg?: string })?.errMsg ?? error))

export const extensionOf = (name: string): string =>
  /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? ''

export function checkImage(file: PickedFile): void {
  const ext = extensionOf(file.name) || extensionOf(file.path)
  if (!(CHAT_IMAGE_TYPES as readonly string[]).includes(ext)) throw ChatErrors.badImage
  if (file.size > ChatLimits.fileMaxBytes) throw ChatErrors.fileTooBig
}

export function checkFile(file: PickedFile): void {
  if (file.size <= 0 && !file.path) throw ChatErrors.noFile
  if (file.size > ChatLimits.fileMaxBytes) throw ChatErrors.fileTooBig
}

/** H5: a file input with `accept`; the File also as a blob URL that Taro's upload reads. */
function pickOnWeb(accept: string): Promise<PickedFile | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input')
    input.type = 'file'
    input.accept = accept
    input.style.display = 'none'
    input.setAttribute('data-testid', 'chat-file-input')
    input.addEventListener('change', () => {
      const file = input.files?.[0]
      input.remove()
      if (!file) return resolve(null)
      resolve({ path: URL.createObjectURL(file), name: file.name, size: file.size, file })
    })
    input.addEventListener('cancel', () => {
      input.remove()
      resolve(null)
    })
    document.body.appendChild(input)
    input.click()
  })
}

export async function pickImage(): Promise<PickedFile | null> {
  let picked: PickedFile | null
  if (isH5()) {
    picked = await pickOnWeb(CHAT_IMAGE_TYPES.map((t) => `.${t}`).join(','))
  } else {
    try {
      const res = await Taro.chooseImage({ count: 1, sizeType: ['compressed'] })
      const f = res.tempFiles[0]
      picked = f ? { path: f.path, name: f.path.split('/').pop() ?? 'image', size: f.size } : null
    } catch (error) {
      if (cancelled(error)) return null
      throw error
    }
  }
  if (picked) checkImage(picked)
  return picked
}

export async function pickFile(): Promise<PickedFile | null> {
  let picked: PickedFile | null
  if (isH5()) {
    picked = await pickOnWeb('*/*')
  } else {
    try {
      const res = await Taro.chooseMessageFile({ count: 1, type: 'file' })
      const f = res.tempFiles[0]
      picked = f ? { path: f.path, name: f.name, size: f.size } : null
    } catch (error) {
      if (cancelled(error)) return null
      throw error
    }
  }
  if (picked) checkFile(picked)
  return picked
}

/** H5: the video's length, and its first frame drawn as a JPEG for the snapshot. */
function webVideoInfo(url: string): Promise<{ duration: number; snapshot?: PickedSnapshot }> {
  return new Promise((resolve) => {
    const video = document.createElement('video')
    video.preload = 'auto'
    video.muted = true
    video.playsInline = true
    let duration = 0
    video.onloadedmetadata = () => {
      // Recorded WebM may carry no length (Infinity): then it is unknown, 0.
      duration = Number.isFinite(video.duration) ? video.duration : 0
      video.currentTime = duration > 0 ? Math.min(0.1, duration / 2) : 0
    }
    video.onseeked = () => {
      const width = video.videoWidth
      const height = video.videoHeight
      const canvas = document.createElement('canvas')
      canvas.width = width
      canvas.height = height
      const context = canvas.getContext('2d')
      if (!context || !width || !height) return resolve({ duration })
      context.drawImage(video, 0, 0, width, height)
      canvas.toBlob(
        (blob) => {
          if (!blob) return resolve({ duration })
          const path = URL.createObjectURL(blob)
          resolve({
            duration,
            snapshot: { path, name: 'snapshot.jpg', size: blob.size, file: blob, width, height },
          })
        },
        'image/jpeg',
        0.8,
      )
    }
    video.onerror = () => resolve({ duration })
    video.src = url
  })
}

export async function pickVideo(): Promise<PickedVideo | null> {
  let picked: PickedVideo | null
  if (isH5()) {
    const file = await pickOnWeb('video/*')
    picked = file ? { ...file, ...(await webVideoInfo(file.path)) } : null
  } else {
    try {
      const res = await Taro.chooseMedia({
        count: 1,
        mediaType: ['video'],
        maxDuration: ChatLimits.videoMaxSec,
      })
      const f = res.tempFiles[0]
      picked = f
        ? {
            path: f.tempFilePath,
            name: f.tempFilePath.split('/').pop() ?? 'video.mp4',
            size: f.size,
            duration: f.duration,
            ...(f.thumbTempFilePath
              ? {
                  snapshot: {
                    path: f.thumbTempFilePath,
                    name: 'snapshot.jpg',
                    size: 0,
                    width: f.width,
                    height: f.height,
                  },
                }
              : {}),
          }
        : null
    } catch (error) {
      if (cancelled(error)) return null
      throw error
    }
  }
  if (!picked) return null
  checkFile(picked)
  if (picked.duration > ChatLimits.videoMaxSec) {
    throw { code: 7005, text: `视频时长不能超过${ChatLimits.videoMaxSec}秒` }
  }
  return picked
}

export interface PickedPlace {
  description: string
  longitude: number
  latitude: number
}

/** weapp: the map chooser. H5: the browser's position; the reader names the place. */
export async function pickPlace(name?: string): Promise<PickedPlace | null> {
  if (!isH5()) {
    try {
      const res = await Taro.chooseLocation({})
      return {
        description: res.name || res.address,
        longitude: res.longitude,
        latitude: res.latitude,
      }
    } catch (error) {
      if (cancelled(error)) return null
      throw error
    }
  }
  const position = await new Promise<GeolocationPosition>((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, { timeout: 10_000 }),
  )
  return {
    description: name || '我的位置',
    longitude: Math.round(position.coords.longitude * 1e6) / 1e6,
    latitude: Math.round(position.coords.latitude * 1e6) / 1e6,
  }
}
