import Taro from '@tarojs/taro'
import { useCallback, useEffect, useRef, useState } from 'react'
import { resolveAssetUrl } from '@/core/assets'
import { uploadFile } from '@/core/request'
import { getUploadPolicy } from '@/core/upload/policy'
import {
  admitFiles,
  imagesLeft,
  uploadsState,
  type ChosenFile,
  type UploadAllowance,
  type UploadItem,
} from './uploads'
import { toast } from '@/core/toast'

let nextKey = 0

const newKey = () => `img-${++nextKey}`

/** The server's policy for this reader, or null when it could not be had (the server still judges). */
async function loadAllowance(): Promise<UploadAllowance | null> {
  try {
    const policy = await getUploadPolicy()
    return {
      maxFileBytes: policy.max_file_bytes,
      filesLeft: policy.files_left,
      bytesLeft: policy.bytes_left,
      tooBigMsg: policy.too_big_msg,
      quotaMsg: policy.quota_msg,
    }
  } catch {
    return null
  }
}

/**
 * Up to `max` images for a form: chosen with Taro.chooseImage, each uploaded at once with its
 * progress (App.Common_File.Upload); a failed one can be tried again or removed. `initialUrls` are
 * URL paths uploaded earlier (a restored draft), shown as done. Before the first upload the
 * screen asks once for the server's upload policy (App.Common_Config.GetUploadToken) and refuses a
 * file too big or beyond today's quota up front, with the server's text.
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
  const allowance = useRef<Promise<UploadAllowance | null> | null>(null)

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
    allowance.current ??= loadAllowance()
    const policy = await allowance.current
    if (policy && policy.filesLeft < 1) {
      toast(policy.quotaMsg)
      return
    }
    let files: ChosenFile[]
    try {
      const picked = await Taro.chooseImage({
        count,
        sizeType: ['compressed'],
        sourceType: ['album', 'camera'],
      })
      files = picked.tempFiles?.length
        ? picked.tempFiles.map((file) => ({ path: file.path, size: file.size }))
        : picked.tempFilePaths.map((path) => ({ path }))
      files = files.slice(0, count)
    } catch {
      return // the person closed the picker
    }
    if (policy) {
      const judged = admitFiles(files, policy)
      allowance.current = Promise.resolve(judged.left)
      if (judged.refusal) toast(judged.refusal)
      files = judged.admitted
    }
    const added = files.map(({ path }) => ({
      key: newKey(),
      path,
      progress: 0,
      url: '',
      error: '',
    }))
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
