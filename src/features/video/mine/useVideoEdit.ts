import { useRef, useState } from 'react'
import { useFormSubmit } from '@/components/Form/useFormSubmit'
import { useImageUploads } from '@/components/ImageUploader/useImageUploads'
import { checkUploads } from '@/components/ImageUploader/uploads'
import { usePageData } from '@/core/usePageData'
import type { MyVideo, UpdateVideoReq, VideoDetail } from '@/types/api/video'
import { fetchMyVideo, updateVideo } from '../api'
import { videoFieldsError, type VideoFormValues } from './form'
import { useChannels, useMyAlbums } from './useVideoChoices'

export const EditText = {
  saved: '已保存',
  resubmitted: '已重新提交审核',
  failed: '保存失败',
  unchanged: '请按未通过原因修改后再重新提交',
} as const

export const valuesOfVideo = (video: VideoDetail): VideoFormValues => ({
  title: video.title,
  description: video.description,
  channelId: video.channelId || null,
  albumId: video.albumId,
})

/**
 * The changes to send for an edit: the fields as they are now, and the cover only when it changed
 * ('' removes it). A changed title, description or cover sends the video back to review.
 */
export function editRequest(
  video: VideoDetail,
  values: VideoFormValues,
  cover: string,
): UpdateVideoReq {
  return {
    id: video.id,
    title: values.title.trim(),
    description: values.description.trim(),
    ...(values.channelId ? { channelId: values.channelId } : {}),
    albumId: values.albumId ?? 0,
    ...(cover !== video.cover ? { cover } : {}),
  }
}

/** The edit goes back to review (what the server does with it), so the button says so. */
export function editResubmits(video: VideoDetail, values: VideoFormValues, cover: string): boolean {
  return (
    video.reviewState === 'rejected' ||
    values.title.trim() !== video.title ||
    values.description.trim() !== video.description ||
    cover !== video.cover
  )
}

/** Nothing differs from the video as it is. */
export function editUnchanged(video: VideoDetail, values: VideoFormValues, cover: string): boolean {
  return (
    values.title.trim() === video.title &&
    values.description.trim() === video.description &&
    (values.channelId ?? 0) === video.channelId &&
    (values.albumId ?? null) === (video.albumId ?? null) &&
    cover === video.cover
  )
}

/** One of my videos to edit (审核中, 已发布 or 未通过 with its reason). */
export const useMyVideo = (id: number, loggedIn: boolean) =>
  usePageData<VideoDetail | null>(
    () => (loggedIn && id > 0 ? fetchMyVideo(id) : Promise.resolve(null)),
    [id, loggedIn],
  )

/**
 * Editing a video of mine (its file stays): title, description, channel, album and cover. Mounted
 * once the video is loaded (the cover starts as it is).
 */
export function useVideoEdit(video: VideoDetail, onDone: (saved: MyVideo, text: string) => void) {
  const [values, setValues] = useState<VideoFormValues>(() => valuesOfVideo(video))
  const change = (patch: Partial<VideoFormValues>) => setValues((v) => ({ ...v, ...patch }))
  const channels = useChannels()
  const albums = useMyAlbums()
  const cover = useImageUploads(1, video.cover ? [video.cover] : [])
  const coverNow = cover.urls[0] ?? ''
  const check = () =>
    videoFieldsError(values) ??
    checkUploads(cover.items) ??
    (video.reviewState === 'rejected' && editUnchanged(video, values, coverNow)
      ? EditText.unchanged
      : null)
  const form = useFormSubmit(EditText.failed, check)
  const sent = useRef(false)
  const resubmits = editResubmits(video, values, coverNow)

  const submit = () => {
    if (sent.current || form.busy) return Promise.resolve()
    return form.submit(check(), async () => {
      const saved = await updateVideo(editRequest(video, values, coverNow))
      sent.current = true
      onDone(saved, saved.reviewState === 'pending' ? EditText.resubmitted : EditText.saved)
    })
  }

  return {
    values,
    change,
    channels,
    albums,
    cover,
    resubmits,
    error: form.error,
    busy: form.busy || sent.current,
    submit,
  }
}
