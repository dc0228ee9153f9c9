/**
 * The checks of the reader's video forms (publish, edit, album) before anything is sent, with the
 * server's limits and texts (rules/video.ts). Pure.
 */
import {
  VideoLimits,
  VideoText,
  albumIntroError,
  albumTitleError,
  videoDescriptionError,
  videoFileError,
  videoTitleError,
} from '@rules/video'

/** A video chosen on the device. */
export interface PickedVideo {
  /** H5: a blob URL of the chosen File; weapp: a temporary path. */
  path: string
  /** The file's name where the platform knows it (H5), else ''. */
  name: string
  /** Bytes. */
  size: number
  /** As the device read it; undefined when it could not (the server reads it again anyway). */
  durationMs?: number
  /** The first frame as an image (weapp: chooseMedia's thumbnail; H5: drawn on a canvas), or ''. */
  thumbPath: string
  width: number
  height: number
}

export interface VideoFormValues {
  title: string
  description: string
  /** null until one is chosen. */
  channelId: number | null
  /** null: in no album. */
  albumId: number | null
}

export const EMPTY_VIDEO_FORM: VideoFormValues = {
  title: '',
  description: '',
  channelId: null,
  albumId: null,
}

/** What is wrong with a chosen video (missing, too big, too long), or null. */
export function pickedVideoError(
  video: Pick<PickedVideo, 'size' | 'durationMs'> | null,
): string | null {
  if (!video) return VideoText.fileMissing
  return videoFileError(video.size, video.durationMs)
}

/** The fields' first problem (title, channel, description), or null. */
export function videoFieldsError(values: VideoFormValues): string | null {
  return (
    videoTitleError(values.title) ??
    (values.channelId ? null : VideoText.channelMissing) ??
    videoDescriptionError(values.description)
  )
}

/** The publish form's first problem: the video first (it is what the page is about), then the fields. */
export const publishFormError = (
  values: VideoFormValues,
  video: PickedVideo | null,
): string | null => pickedVideoError(video) ?? videoFieldsError(values)

/** The upload's form fields (trimmed; sent before the file). */
export function uploadFields(
  values: VideoFormValues,
  cover: string,
): { title: string; description: string; channelId: number; albumId?: number; cover: string } {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    channelId: values.channelId ?? 0,
    ...(values.albumId ? { albumId: values.albumId } : {}),
    cover,
  }
}

// ---- albums -------------------------------------------------------------------

export interface AlbumFormValues {
  title: string
  intro: string
  tagIds: number[]
}

export const EMPTY_ALBUM_FORM: AlbumFormValues = { title: '', intro: '', tagIds: [] }

/** The album form's first problem, or null. */
export function albumFormError(values: AlbumFormValues): string | null {
  return (
    albumTitleError(values.title) ??
    albumIntroError(values.intro) ??
    (values.tagIds.length > VideoLimits.albumMaxTags ? VideoText.albumTooManyTags : null)
  )
}

/**
 * A tag tapped: on when off, off when on; a sixth is refused (the list is returned unchanged and
 * `refused` is the text to show).
 */
export function toggleTag(tagIds: number[], id: number): { tagIds: number[]; refused: string } {
  if (tagIds.includes(id)) return { tagIds: tagIds.filter((t) => t !== id), refused: '' }
  if (tagIds.length >= VideoLimits.albumMaxTags) {
    return { tagIds, refused: VideoText.albumTooManyTags }
  }
  return { tagIds: [...tagIds, id], refused: '' }
}

// ---- an album's order -----------------------------------------------------------

/** The list with the item at `index` moved one place up (-1) or down (+1); unchanged at an end. */
export function moveItem<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list]
  const next = [...list]
  const [item] = next.splice(index, 1)
  next.splice(to, 0, item as T)
  return next
}

/** Adds the videos not already in the list, at its end, keeping at most albumMaxVideos. */
export function addToAlbum<T extends { id: number }>(list: readonly T[], added: readonly T[]): T[] {
  const have = new Set(list.map((v) => v.id))
  const fresh = added.filter((v) => !have.has(v.id))
  return [...list, ...fresh].slice(0, VideoLimits.albumMaxVideos)
}

/** Same ids in the same order. */
export const sameOrder = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((id, i) => id === b[i])

/** A file's size as people read it: 820 KB, 3.4 MB, 56 MB. */
export function formatVideoSize(bytes: number): string {
  const b = Math.max(0, Math.floor(Number.isFinite(bytes) ? bytes : 0))
  if (b < 1024 * 1024) return `${Math.max(1, Math.round(b / 1024))} KB`
  const mb = b / (1024 * 1024)
  return `${mb < 10 ? String(Math.round(mb * 10) / 10).replace(/\.0$/, '') : Math.round(mb)} MB`
}
