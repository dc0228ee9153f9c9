/**
 * The reader's own video forms, pure parts: the checks of a chosen video (duration, size) and of
 * the fields (title, channel, description), the album form and its tags, the album's order, the
 * edit request; and the H5 picker reading a video's duration and first frame in the browser
 * before anything is sent.
 */
import { VideoLimits, VideoText } from '@rules/video'
import type { VideoAlbumDetail, VideoDetail } from '@/types/api/video'
import {
  addToAlbum,
  albumFormError,
  formatVideoSize,
  moveItem,
  pickedVideoError,
  publishFormError,
  sameOrder,
  toggleTag,
  uploadFields,
  videoFieldsError,
  type PickedVideo,
  type VideoFormValues,
} from '@/features/video/mine/form'
import { ownCoverOf } from '@/features/video/mine/useAlbumEditor'
import { editRequest, editResubmits } from '@/features/video/mine/useVideoEdit'
import { filterOf } from '@/features/video/mine/useMyVideos'

const MB = 1024 * 1024

const picked = (patch: Partial<PickedVideo> = {}): PickedVideo => ({
  path: 'blob:http://localhost/v',
  name: 'clip.mp4',
  size: 2 * MB,
  durationMs: 5000,
  thumbPath: 'blob:http://localhost/t',
  width: 320,
  height: 180,
  ...patch,
})

const values = (patch: Partial<VideoFormValues> = {}): VideoFormValues => ({
  title: '学而篇诵读',
  description: '',
  channelId: 1,
  albumId: null,
  ...patch,
})

describe('a chosen video', () => {
  it('is refused over 60 s (with the containers’ slack) and over 100 MB', () => {
    expect(pickedVideoError(null)).toBe(VideoText.fileMissing)
    expect(pickedVideoError(picked())).toBeNull()
    expect(pickedVideoError(picked({ durationMs: 60_000 }))).toBeNull()
    expect(pickedVideoError(picked({ durationMs: 60_400 }))).toBeNull()
    expect(pickedVideoError(picked({ durationMs: 61_000 }))).toBe('视频时长不能超过60秒')
    expect(pickedVideoError(picked({ size: 100 * MB }))).toBeNull()
    expect(pickedVideoError(picked({ size: 100 * MB + 1 }))).toBe('视频不能超过100MB')
    expect(pickedVideoError(picked({ size: 0 }))).toBe(VideoText.fileMissing)
    // A duration the device could not read is left to the server.
    expect(pickedVideoError(picked({ durationMs: undefined }))).toBeNull()
  })

  it('shows its size as people read it', () => {
    expect(formatVideoSize(23_240)).toBe('23 KB')
    expect(formatVideoSize(3.44 * MB)).toBe('3.4 MB')
    expect(formatVideoSize(56.4 * MB)).toBe('56 MB')
  })
})

describe('the publish form', () => {
  it('checks the video first, then the title, channel and description', () => {
    expect(publishFormError(values(), null)).toBe('请选择视频')
    expect(publishFormError(values({ title: '  ' }), picked())).toBe('请输入视频标题')
    expect(publishFormError(values({ title: '字'.repeat(31) }), picked())).toBe(
      '标题不能超过30个字',
    )
    // Characters, not UTF-16 units: 30 emoji are 30.
    expect(publishFormError(values({ title: '📚'.repeat(30) }), picked())).toBeNull()
    expect(publishFormError(values({ channelId: null }), picked())).toBe('请选择频道')
    expect(videoFieldsError(values({ description: '长'.repeat(201) }))).toBe('简介不能超过200个字')
    expect(publishFormError(values(), picked({ durationMs: 75_000 }))).toBe('视频时长不能超过60秒')
    expect(publishFormError(values(), picked())).toBeNull()
  })

  it('sends the fields trimmed, the album only when one is chosen', () => {
    expect(
      uploadFields(values({ title: ' 学而 ', description: ' 简介 ' }), '/uploads/c.jpg'),
    ).toEqual({ title: '学而', description: '简介', channelId: 1, cover: '/uploads/c.jpg' })
    expect(uploadFields(values({ albumId: 3 }), '')).toEqual({
      title: '学而篇诵读',
      description: '',
      channelId: 1,
      albumId: 3,
      cover: '',
    })
  })
})

describe('editing a video', () => {
  const video = {
    id: 7,
    title: '学而篇',
    description: '简介',
    cover: '/uploads/a.jpg',
    channelId: 1,
    albumId: 2,
    reviewState: 'approved',
  } as VideoDetail

  it('sends the cover only when it changed, 0 to leave the album', () => {
    const v = { title: '学而篇', description: '简介', channelId: 2, albumId: null }
    expect(editRequest(video, v, '/uploads/a.jpg')).toEqual({
      id: 7,
      title: '学而篇',
      description: '简介',
      channelId: 2,
      albumId: 0,
    })
    expect(editRequest(video, v, '')).toMatchObject({ cover: '' })
  })

  it('says 重新提交 when the edit goes back to review', () => {
    const same = { title: '学而篇', description: '简介', channelId: 1, albumId: 2 }
    expect(editResubmits(video, same, '/uploads/a.jpg')).toBe(false)
    expect(editResubmits(video, { ...same, channelId: 3 }, '/uploads/a.jpg')).toBe(false)
    expect(editResubmits(video, { ...same, title: '学而篇第一' }, '/uploads/a.jpg')).toBe(true)
    expect(editResubmits(video, same, '/uploads/b.jpg')).toBe(true)
    expect(editResubmits({ ...video, reviewState: 'rejected' }, same, '/uploads/a.jpg')).toBe(true)
  })
})

describe('albums', () => {
  it('checks the name, introduction and tags', () => {
    expect(albumFormError({ title: '', intro: '', tagIds: [] })).toBe('请输入专辑名称')
    expect(albumFormError({ title: '字'.repeat(21), intro: '', tagIds: [] })).toBe(
      '专辑名称不能超过20个字',
    )
    expect(albumFormError({ title: '论语', intro: '长'.repeat(201), tagIds: [] })).toBe(
      '专辑简介不能超过200个字',
    )
    expect(albumFormError({ title: '论语', intro: '', tagIds: [1, 2, 3, 4, 5, 6] })).toBe(
      '最多选择5个标签',
    )
    expect(albumFormError({ title: '论语', intro: '', tagIds: [1, 2] })).toBeNull()
  })

  it('toggles tags, refusing a sixth', () => {
    expect(toggleTag([1], 2)).toEqual({ tagIds: [1, 2], refused: '' })
    expect(toggleTag([1, 2], 1)).toEqual({ tagIds: [2], refused: '' })
    expect(toggleTag([1, 2, 3, 4, 5], 6)).toEqual({
      tagIds: [1, 2, 3, 4, 5],
      refused: '最多选择5个标签',
    })
  })

  it('moves a video up and down, not past the ends', () => {
    const list = [1, 2, 3]
    expect(moveItem(list, 0, 1)).toEqual([2, 1, 3])
    expect(moveItem(list, 2, -1)).toEqual([1, 3, 2])
    expect(moveItem(list, 0, -1)).toEqual([1, 2, 3])
    expect(moveItem(list, 2, 1)).toEqual([1, 2, 3])
    expect(list).toEqual([1, 2, 3])
  })

  it('adds videos at the end once each, at most 100', () => {
    const v = (id: number) => ({ id })
    expect(addToAlbum([v(1), v(2)], [v(2), v(3)]).map((x) => x.id)).toEqual([1, 2, 3])
    const full = Array.from({ length: VideoLimits.albumMaxVideos }, (_, i) => v(i + 1))
    expect(addToAlbum(full, [v(1000)])).toHaveLength(VideoLimits.albumMaxVideos)
    expect(sameOrder([1, 2], [1, 2])).toBe(true)
    expect(sameOrder([1, 2], [2, 1])).toBe(false)
  })
})

describe('an album’s own cover', () => {
  it('is not the first video’s cover the server answers in its place', () => {
    const detail = (cover: string) =>
      ({
        album: { cover },
        videos: [{ cover: '/uploads/v1.jpg' }, { cover: '/uploads/v2.jpg' }],
      }) as VideoAlbumDetail
    expect(ownCoverOf(detail('/uploads/album.jpg'))).toBe('/uploads/album.jpg')
    expect(ownCoverOf(detail('/uploads/v1.jpg'))).toBe('')
    expect(ownCoverOf(detail(''))).toBe('')
  })
})

describe('我的视频 filter from the route', () => {
  it('takes a known state, else all', () => {
    expect(filterOf('pending')).toBe('pending')
    expect(filterOf('rejected')).toBe('rejected')
    expect(filterOf(undefined)).toBe('all')
    expect(filterOf('<b>')).toBe('all')
  })
})

// ---- the H5 picker ------------------------------------------------------------------

/** A <video> that "loads" the given duration (seconds) and seeks, as a browser would. */
class FakeVideo extends EventTarget {
  preload = ''
  muted = false
  playsInline = false
  videoWidth = 0
  videoHeight = 0
  duration = NaN
  private time = 0
  constructor(
    private readonly seconds: number | 'error',
    private readonly size = { w: 320, h: 180 },
  ) {
    super()
  }
  set src(_url: string) {
    setTimeout(() => {
      if (this.seconds === 'error') {
        this.dispatchEvent(new Event('error'))
        return
      }
      this.duration = this.seconds
      this.videoWidth = this.size.w
      this.videoHeight = this.size.h
      this.dispatchEvent(new Event('loadedmetadata'))
    })
  }
  get currentTime() {
    return this.time
  }
  set currentTime(t: number) {
    this.time = t
    setTimeout(() => this.dispatchEvent(new Event('seeked')))
  }
  removeAttribute() {}
  load() {}
}

describe('pickVideo on H5', () => {
  let video: FakeVideo
  let drawn = 0
  let urls = 0
  const realCreate = document.createElement.bind(document)

  beforeEach(() => {
    drawn = 0
    urls = 0
    ;(URL as unknown as { createObjectURL: (b: Blob) => string }).createObjectURL = () =>
      `blob:http://localhost/${++urls}`
    ;(URL as unknown as { revokeObjectURL: (u: string) => void }).revokeObjectURL = () => undefined
    jest.spyOn(document, 'createElement').mockImplementation(((tag: string) => {
      if (tag === 'video') return video
      if (tag === 'canvas') {
        return {
          width: 0,
          height: 0,
          getContext: () => ({ drawImage: () => void (drawn += 1) }),
          toBlob: (cb: (b: Blob) => void) => cb(new Blob(['jpeg'], { type: 'image/jpeg' })),
        }
      }
      return realCreate(tag)
    }) as typeof document.createElement)
  })

  /** Chooses `file` in the input the picker puts on the page. */
  async function choose(file: File) {
    const { pickVideo } = await import('@/features/video/mine/pickVideo.h5')
    const clicked = jest.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {})
    const result = pickVideo()
    const input = document.querySelector('[data-testid="video-file-input"]') as HTMLInputElement
    expect(input.accept).toBe('video/mp4,video/quicktime,.mp4,.mov')
    expect(clicked).toHaveBeenCalled()
    Object.defineProperty(input, 'files', { value: [file] })
    input.dispatchEvent(new Event('change'))
    return result
  }

  const file = (bytes: number, name = 'clip.mp4') => {
    const f = new File(['x'], name, { type: 'video/mp4' })
    Object.defineProperty(f, 'size', { value: bytes })
    return f
  }

  it('reads the duration and draws the first frame before anything is sent', async () => {
    video = new FakeVideo(5)
    const got = await choose(file(23_240))
    expect(got).toEqual({
      path: 'blob:http://localhost/1',
      name: 'clip.mp4',
      size: 23_240,
      durationMs: 5000,
      width: 320,
      height: 180,
      thumbPath: 'blob:http://localhost/2',
    })
    expect(drawn).toBe(1)
    expect(pickedVideoError(got)).toBeNull()
    expect(document.querySelector('[data-testid="video-file-input"]')).toBeNull()
  })

  it('finds a 61 s video too long (no frame drawn), refused with the rule’s text', async () => {
    video = new FakeVideo(61)
    const got = await choose(file(5449))
    expect(got?.durationMs).toBe(61_000)
    expect(got?.thumbPath).toBe('')
    expect(drawn).toBe(0)
    expect(pickedVideoError(got)).toBe('视频时长不能超过60秒')
  })

  it('refuses a file over 100 MB without reading it', async () => {
    video = new FakeVideo(5)
    const got = await choose(file(101 * MB))
    expect(got?.durationMs).toBeUndefined()
    expect(pickedVideoError(got)).toBe('视频不能超过100MB')
  })

  it('leaves a video the browser cannot read to the server', async () => {
    video = new FakeVideo('error')
    const got = await choose(file(2048, 'clip.mov'))
    expect(got).toMatchObject({ name: 'clip.mov', size: 2048, thumbPath: '' })
    expect(got?.durationMs).toBeUndefined()
    expect(pickedVideoError(got)).toBeNull()
  })
})
