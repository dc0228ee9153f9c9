import Taro from '@tarojs/taro'
import { useRef, useState } from 'react'
import { useFormSubmit } from '@/components/Form/useFormSubmit'
import { useImageUploads } from '@/components/ImageUploader/useImageUploads'
import { checkUploads } from '@/components/ImageUploader/uploads'
import { BRAND_COLOR } from '@/core/theme'
import { toast } from '@/core/toast'
import { usePageData } from '@/core/usePageData'
import type { AlbumVideo, MyVideo, VideoAlbum, VideoAlbumDetail } from '@/types/api/video'
import { VideoLimits, VideoText } from '@rules/video'
import { addAlbum, fetchAlbum, fetchMyVideos, removeAlbum, updateAlbum } from '../api'
import {
  EMPTY_ALBUM_FORM,
  addToAlbum,
  albumFormError,
  moveItem,
  sameOrder,
  toggleTag,
  type AlbumFormValues,
} from './form'
import { useAlbumTags } from './useVideoChoices'

export const AlbumText = {
  created: '专辑已创建',
  saved: '已保存',
  removed: '专辑已删除',
  failed: '保存失败',
} as const

/** The tags and their toggle, as both album forms use them. */
function useTagChoice(values: AlbumFormValues, change: (patch: Partial<AlbumFormValues>) => void) {
  const tags = useAlbumTags()
  const toggle = (id: number) => {
    const next = toggleTag(values.tagIds, id)
    if (next.refused) toast(next.refused)
    else change({ tagIds: next.tagIds })
  }
  return { tags, toggle }
}

/** 新建专辑: title, introduction, cover and tags; done, the new album opens to add videos. */
export function useNewAlbum(onDone: (album: VideoAlbum) => void) {
  const [values, setValues] = useState<AlbumFormValues>(EMPTY_ALBUM_FORM)
  const change = (patch: Partial<AlbumFormValues>) => setValues((v) => ({ ...v, ...patch }))
  const tagChoice = useTagChoice(values, change)
  const cover = useImageUploads(1)
  const check = () => albumFormError(values) ?? checkUploads(cover.items)
  const form = useFormSubmit('创建失败', check)
  const sent = useRef(false)

  const submit = () => {
    if (sent.current || form.busy) return Promise.resolve()
    return form.submit(check(), async () => {
      const album = await addAlbum({
        title: values.title.trim(),
        intro: values.intro.trim(),
        cover: cover.urls[0] ?? '',
        tagIds: values.tagIds,
      })
      sent.current = true
      onDone(album)
    })
  }

  return {
    values,
    change,
    ...tagChoice,
    cover,
    error: form.error,
    busy: form.busy || sent.current,
    submit,
  }
}

/** An album of mine with its videos in order, as the editor loads it. */
export const useMyAlbum = (id: number, loggedIn: boolean) =>
  usePageData<VideoAlbumDetail | null>(
    () => (loggedIn && id > 0 ? fetchAlbum(id) : Promise.resolve(null)),
    [id, loggedIn],
  )

/** The videos of mine the 添加视频 list offers: pages of 50 until all are had (an album holds 100). */
const PICK_PAGES = 4

export async function fetchAllMyVideos(): Promise<MyVideo[]> {
  const found: MyVideo[] = []
  for (let page = 1; page <= PICK_PAGES; page += 1) {
    const res = await fetchMyVideos({ page, pageSize: VideoLimits.pageSizeMax })
    found.push(...res.list)
    if (page * VideoLimits.pageSizeMax >= res.total || res.list.length === 0) break
  }
  return found
}

/** A video of the album as the editor lists it (a video added from my list has the same shape). */
export type AlbumRow = Pick<
  AlbumVideo,
  'id' | 'title' | 'cover' | 'durationMs' | 'reviewState' | 'albumId'
>

const rowOf = (v: AlbumRow): AlbumRow => ({
  id: v.id,
  title: v.title,
  cover: v.cover,
  durationMs: v.durationMs,
  reviewState: v.reviewState,
  albumId: v.albumId,
})

/**
 * The album's own cover: an album without one answers its first video's cover instead, which is
 * not the album's to edit or remove ('' then: the uploader starts empty).
 */
export const ownCoverOf = (detail: VideoAlbumDetail): string =>
  detail.videos.some((v) => v.cover === detail.album.cover) ? '' : detail.album.cover

const valuesOfAlbum = (album: VideoAlbum): AlbumFormValues => ({
  title: album.title,
  intro: album.intro,
  tagIds: album.tags.map((t) => t.id),
})

/**
 * 专辑详情 of my album: its title, introduction, cover and tags; its videos in order (move up and
 * down, remove, add from my videos). 保存 sends it all in one UpdateVideoAlbum (the whole ordered
 * list); 删除专辑 asks first (its videos stay, out of any album). Mounted once the album is loaded,
 * and again with the album the server answered after a save (keyed by its updatedAt).
 */
export function useAlbumEditor(
  loaded: VideoAlbumDetail,
  on: { saved: (detail: VideoAlbumDetail) => void; removed: () => void },
) {
  const [values, setValues] = useState<AlbumFormValues>(() => valuesOfAlbum(loaded.album))
  const change = (patch: Partial<AlbumFormValues>) => setValues((v) => ({ ...v, ...patch }))
  const tagChoice = useTagChoice(values, change)
  const [rows, setRows] = useState<AlbumRow[]>(() => loaded.videos.map(rowOf))
  const ownCover = ownCoverOf(loaded)
  const cover = useImageUploads(1, ownCover ? [ownCover] : [])
  const coverNow = cover.urls[0] ?? ''
  const [picking, setPicking] = useState(false)
  const mine = usePageData<MyVideo[] | null>(
    () => (picking ? fetchAllMyVideos() : Promise.resolve(null)),
    [picking],
  )
  const check = () =>
    albumFormError(values) ??
    checkUploads(cover.items) ??
    (rows.length > VideoLimits.albumMaxVideos ? VideoText.albumTooManyVideos : null)
  const form = useFormSubmit(AlbumText.failed, check)
  const [removing, setRemoving] = useState(false)

  const album = loaded.album
  const baseTags = album.tags.map((t) => t.id)
  const dirty =
    values.title.trim() !== album.title ||
    values.intro.trim() !== album.intro ||
    !sameOrder([...values.tagIds].sort(), [...baseTags].sort()) ||
    coverNow !== ownCover ||
    !sameOrder(
      rows.map((r) => r.id),
      loaded.videos.map((v) => v.id),
    )

  const move = (index: number, by: -1 | 1) => setRows((list) => moveItem(list, index, by))
  const drop = (id: number) => setRows((list) => list.filter((r) => r.id !== id))
  /** My videos not in the list (those in another album are offered too: they move here). */
  const candidates = (mine.data ?? []).filter((v) => !rows.some((r) => r.id === v.id))
  const add = (video: MyVideo) => {
    if (rows.length >= VideoLimits.albumMaxVideos) {
      toast(VideoText.albumTooManyVideos)
      return
    }
    setRows((list) => addToAlbum(list, [rowOf(video)]))
  }

  const save = () => {
    if (form.busy || removing) return Promise.resolve()
    return form.submit(check(), async () => {
      const detail = await updateAlbum({
        id: album.id,
        title: values.title.trim(),
        intro: values.intro.trim(),
        ...(coverNow !== ownCover ? { cover: coverNow } : {}),
        tagIds: values.tagIds,
        videoIds: rows.map((r) => r.id),
      })
      void Taro.showToast({ title: AlbumText.saved, icon: 'success' })
      on.saved(detail)
    })
  }

  const remove = async (): Promise<void> => {
    if (removing || form.busy) return
    const { confirm } = await Taro.showModal({
      title: '删除专辑',
      content: `确定删除专辑“${album.title}”吗？专辑里的视频不会被删除`,
      confirmText: '删除',
      cancelText: '再想想',
      confirmColor: BRAND_COLOR,
    })
    if (!confirm) return
    setRemoving(true)
    try {
      await removeAlbum(album.id)
    } catch {
      // the request layer has shown why
      setRemoving(false)
      return
    }
    on.removed()
  }

  return {
    album,
    values,
    change,
    ...tagChoice,
    cover,
    rows,
    move,
    drop,
    picking,
    setPicking,
    mine,
    candidates,
    add,
    dirty,
    error: form.error,
    busy: form.busy,
    removing,
    save,
    remove,
  }
}
