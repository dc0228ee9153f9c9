import Taro from '@tarojs/taro'
import { useCallback, useEffect, useRef, useState } from 'react'
import { resolveAssetUrl } from '@/core/assets'
import { uploadFile } from '@/core/request'
import { imagesLeft, uploadsState, type UploadItem } from './uploads'

let nextKey = 0

const newKey = () => `img-${++nextKey}`

/**
 * Up to `max` images for a form: chosen with Taro.chooseImage, each uploaded at once with its
 * progress (App.Common_File.Upload); a failed one can be tried again or removed. `initialUrls` are
 * URL paths uploaded earlier (a restored draft), shown as done.
 */
export function useImageUploads(max: number, initialUrls: string[] = []) {
  const [items, setItems] = useState<UploadItem[]>(() =>
    initialUrls.map((url) => ({
      key: newKey(),
      path: resolveAssetUrl(url),
      progress: 1,
      url,
      error: '',
    })),
  )
  const alive = useRef(true)

  useEffect(() => {
    alive.current = true
    return () => {
      alive.current = false
    }
  }, [])

  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    // A row removed meanwhile stays removed.
    if (alive.current) {
      setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)))
    }
  }, [])

  const upload = useCallback(
    (key: string, path: string) => {
      patch(key, { progress: 0, error: '', url: '' })
      uploadFile({ filePath: path, onProgress: (progress) => patch(key, { progress }) })
        .then((res) => patch(key, { url: res.url, progress: 1 }))
        .catch((err: unknown) =>
          patch(key, { error: err instanceof Error && err.message ? err.message : '上传失败' }),
        )
    },
    [patch],
  )

  const pick = useCallback(async () => {
    const count = imagesLeft(items, max)
    if (count <= 0) return
    let paths: string[]
    try {
      const picked = await Taro.chooseImage({
        count,
        sizeType: ['compressed'],
        sourceType: ['album', 'camera'],
      })
      paths = picked.tempFilePaths.slice(0, count)
    } catch {
      return // the person closed the picker
    }
    const added = paths.map((path) => ({ key: newKey(), path, progress: 0, url: '', error: '' }))
    setItems((all) => [...all, ...added].slice(0, max))
    added.forEach((item) => upload(item.key, item.path))
  }, [items, max, upload])

  const remove = useCallback((key: string) => {
    setItems((all) => all.filter((item) => item.key !== key))
  }, [])

  const retry = useCallback((item: UploadItem) => upload(item.key, item.path), [upload])

  return { items, max, pick, remove, retry, ...uploadsState(items) }
}

export type ImageUploads = ReturnType<typeof useImageUploads>
