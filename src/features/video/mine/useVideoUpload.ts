import Taro from '@tarojs/taro'
import { useEffect, useRef, useState } from 'react'
import { useFormSubmit } from '@/components/Form/useFormSubmit'
import { useImageUploads } from '@/components/ImageUploader/useImageUploads'
import { checkUploads } from '@/components/ImageUploader/uploads'
import { uploadFile } from '@/core/request'
import { toast } from '@/core/toast'
import type { VideoDetail } from '@/types/api/video'
import { uploadVideo, type UploadControl } from '../api'
import {
  EMPTY_VIDEO_FORM,
  pickedVideoError,
  publishFormError,
  uploadFields,
  type PickedVideo,
  type VideoFormValues,
} from './form'
import { pickVideo, releasePickedVideo } from './pickVideo'
import { useChannels, useMyAlbums } from './useVideoChoices'

export const UploadText = {
  canceled: '已取消上传',
  failed: '发布失败',
  coverUploading: '正在上传封面…',
} as const

/** Where an upload is: null when none is under way. */
export interface UploadState {
  /** 'cover' while the first frame goes up, 'video' while the file does. */
  stage: 'cover' | 'video'
  /** 0..1 of the video file. */
  progress: number
}

/**
 * The chosen video and its upload: `choose` opens the platform's picker and refuses at once a
 * video over 60 s or 100 MB; `send` uploads the cover (the first frame, when no image was chosen)
 * and then the file with the fields, reporting progress; `cancel` aborts it (the promise then
 * rejects with CanceledUpload).
 */
export function useVideoFile() {
  const [video, setVideo] = useState<PickedVideo | null>(null)
  const [state, setState] = useState<UploadState | null>(null)
  const [problem, setProblem] = useState('')
  const videoRef = useRef<PickedVideo | null>(null)
  videoRef.current = video
  const control = useRef<{ canceled: boolean; abort: () => void } | null>(null)
  const mounted = useRef(true)

  // The blob URLs (H5) of the video last chosen go with the page; an upload under way stops.
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
      control.current?.abort()
      releasePickedVideo(videoRef.current)
    }
  }, [])

  const choose = async (): Promise<void> => {
    if (state) return
    const picked = await pickVideo()
    if (!picked) return
    const wrong = pickedVideoError(picked)
    if (wrong) {
      releasePickedVideo(picked)
      setProblem(wrong)
      toast(wrong)
      return
    }
    releasePickedVideo(videoRef.current)
    setProblem('')
    setVideo(picked)
  }

  const cancel = (): void => {
    const running = control.current
    if (!running || running.canceled) return
    running.canceled = true
    running.abort()
  }

  /** The cover's URL: the image chosen, else the first frame uploaded now, else '' (none). */
  const coverUrl = async (chosen: string): Promise<string> => {
    if (chosen || !video?.thumbPath) return chosen
    setState({ stage: 'cover', progress: 0 })
    try {
      const res = await uploadFile({ filePath: video.thumbPath, silent: true })
      return res.url
    } catch {
      // Without its first frame the video still goes; a default picture stands in for it.
      return ''
    }
  }

  const send = async (values: VideoFormValues, chosenCover: string): Promise<VideoDetail> => {
    if (!video) throw new Error(pickedVideoError(null) ?? '')
    const running = { canceled: false, abort: () => undefined as void }
    control.current = running
    try {
      const cover = await coverUrl(chosenCover)
      if (running.canceled) throw new CanceledUpload()
      setState({ stage: 'video', progress: 0 })
      const upload: UploadControl = {
        onProgress: (progress) => {
          if (mounted.current) setState({ stage: 'video', progress })
        },
        onAbortable: (abort) => {
          running.abort = abort
          // 取消 was tapped while the upload was being set up.
          if (running.canceled) abort()
        },
      }
      try {
        return await uploadVideo(uploadFields(values, cover), video.path, upload)
      } catch (err) {
        throw running.canceled ? new CanceledUpload() : err
      }
    } finally {
      control.current = null
      if (mounted.current) setState(null)
    }
  }

  return { video, problem, state, uploading: state !== null, choose, cancel, send }
}

/** The upload stopped because the reader tapped 取消. */
export class CanceledUpload extends Error {
  constructor() {
    super(UploadText.canceled)
    this.name = 'CanceledUpload'
  }
}

/** The publish page: the video, its cover, the fields, the upload with its progress and 取消. */
export function useVideoPublish(onDone: (video: VideoDetail) => void) {
  const [values, setValues] = useState<VideoFormValues>(EMPTY_VIDEO_FORM)
  const change = (patch: Partial<VideoFormValues>) => setValues((v) => ({ ...v, ...patch }))
  const channels = useChannels()
  const albums = useMyAlbums()
  const file = useVideoFile()
  const cover = useImageUploads(1)
  const check = () => publishFormError(values, file.video) ?? checkUploads(cover.items)
  const form = useFormSubmit(UploadText.failed, check)
  /** Accepted: the page is about to close; a second tap must not publish it again. */
  const sent = useRef(false)

  const submit = () => {
    if (sent.current || form.busy || file.uploading) return Promise.resolve()
    return form.submit(check(), async () => {
      try {
        const video = await file.send(values, cover.urls[0] ?? '')
        sent.current = true
        onDone(video)
      } catch (err) {
        if (err instanceof CanceledUpload) {
          void Taro.showToast({ title: UploadText.canceled, icon: 'none' })
          return
        }
        throw err
      }
    })
  }

  return {
    values,
    change,
    channels,
    albums,
    file,
    cover,
    error: form.error || file.problem,
    busy: form.busy || sent.current,
    submit,
  }
}
