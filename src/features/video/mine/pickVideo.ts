import Taro from '@tarojs/taro'
import { VideoLimits } from '@rules/video'
import type { PickedVideo } from './form'

/**
 * Lets the reader choose one video in the mini-program: chooseMedia from the album or the camera,
 * recording at most 60 s (pickVideo.h5.ts on H5). Its duration, size and first frame come from the
 * picker. Resolves null when they cancel.
 */
export async function pickVideo(): Promise<PickedVideo | null> {
  try {
    const res = await Taro.chooseMedia({
      count: 1,
      mediaType: ['video'],
      sourceType: ['album', 'camera'],
      maxDuration: VideoLimits.durationMaxMs / 1000,
      camera: 'back',
    })
    const file = res.tempFiles[0]
    if (!file) return null
    return {
      path: file.tempFilePath,
      name: '',
      size: file.size,
      durationMs: Number.isFinite(file.duration) ? Math.round(file.duration * 1000) : undefined,
      thumbPath: file.thumbTempFilePath ?? '',
      width: file.width ?? 0,
      height: file.height ?? 0,
    }
  } catch {
    return null
  }
}

/** Lets go of what a pick holds (nothing in the mini-program). */
export function releasePickedVideo(_video: PickedVideo | null): void {}
