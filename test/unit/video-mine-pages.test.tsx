/**
 * The reader's own video pages in jsdom against a faked api: 我的视频 (state filters, the reason of
 * 未通过, edit, delete after a confirmation, my albums), 发布视频 (its checks, the first frame as the
 * cover, the progress and 取消), editing and resubmitting a video, 新建专辑 and 专辑详情 (order,
 * add, remove, save, delete).
 */
import { act, fireEvent, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import type { ComponentType } from 'react'
import { finishWith } from '@/core/finish'
import { uploadFile } from '@/core/request'
import * as api from '@/features/video/api'
import { pickVideo } from '@/features/video/mine/pickVideo'
import type {
  AlbumVideo,
  MyVideo,
  VideoAlbum,
  VideoAlbumDetail,
  VideoDetail,
} from '@/types/api/video'
import { byTestId, field, recordTaroCalls, renderPage } from './helpers/pages'
import { setUpTaroDom } from './helpers/taroDom'

const router = { params: {} as Record<string, string> }

// Page hooks need a Taro page around the component: outside one they do nothing here.
jest.mock('@tarojs/plugin-framework-react/dist/runtime', () =>
  jest
    .requireActual<typeof import('./helpers/pageHooks')>('./helpers/pageHooks')
    .fakePageHooks(['useDidShow', 'usePullDownRefresh', 'useReachBottom'], {
      useRouter: () => router,
    }),
)
jest.mock('@/features/video/api', () => ({
  ...jest.requireActual('@/features/video/api'),
  fetchChannels: jest.fn(),
  fetchAlbumTags: jest.fn(),
  fetchAlbums: jest.fn(),
  fetchAlbum: jest.fn(),
  fetchMyVideos: jest.fn(),
  fetchMyVideo: jest.fn(),
  updateVideo: jest.fn(),
  removeVideo: jest.fn(),
  uploadVideo: jest.fn(),
  addAlbum: jest.fn(),
  updateAlbum: jest.fn(),
  removeAlbum: jest.fn(),
}))
jest.mock('@/core/request', () => ({
  ...jest.requireActual('@/core/request'),
  uploadFile: jest.fn(),
}))
jest.mock('@/features/video/mine/pickVideo', () => ({
  pickVideo: jest.fn(),
  releasePickedVideo: jest.fn(),
}))
// "Done" goes on after a moment: not in these tests.
jest.mock('@/core/finish', () => ({ finishWith: jest.fn() }))

const mocked = jest.mocked(api)

const mine = (id: number, patch: Partial<MyVideo> = {}): MyVideo => ({
  id,
  title: `视频${id}`,
  cover: '',
  durationMs: 5000,
  width: 320,
  height: 180,
  playCount: 0,
  shareCount: 0,
  likeCount: 0,
  commentCount: 0,
  channelId: 1,
  channelName: '经典诵读',
  albumId: null,
  author: { id: 4, nickname: '读者', avatar: '' },
  createdAt: 1_700_000_000,
  description: '',
  reviewState: 'pending',
  reviewReason: '',
  albumTitle: '',
  updatedAt: 1_700_000_000,
  ...patch,
})

const detailOf = (v: MyVideo): VideoDetail => ({
  ...v,
  fileUrl: `/api/video/file?id=${v.id}`,
  fileSize: 23_240,
  mime: 'video/mp4',
  author: { id: 4, nickname: '读者', avatar: '', followed: false },
  album: null,
  nextInAlbum: null,
  book: null,
  liked: false,
  mine: true,
})

const album = (id: number, patch: Partial<VideoAlbum> = {}): VideoAlbum => ({
  id,
  title: `专辑${id}`,
  intro: '',
  cover: '',
  channelId: null,
  tags: [],
  videoCount: 0,
  owner: { id: 4, nickname: '读者', avatar: '' },
  mine: true,
  createdAt: 1,
  updatedAt: 1,
  ...patch,
})

const inAlbum = (v: MyVideo): AlbumVideo => {
  const { description: _d, reviewReason: _r, albumTitle: _t, updatedAt: _u, ...rest } = v
  return rest
}

const page = <T,>(list: T[]) => ({ list, total: list.length, page: 1, pageSize: 10 })

let navigated: string[] = []
let redirected: string[] = []
let toasts: string[] = []

beforeAll(setUpTaroDom)
beforeEach(() => {
  router.params = {}
  ;({ navigated, redirected, toasts } = recordTaroCalls())
  jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false } as never)
  mocked.fetchChannels.mockResolvedValue([
    { id: 1, name: '经典诵读', icon: '', videoCount: 3 },
    { id: 2, name: '诗词赏析', icon: '', videoCount: 2 },
  ])
  mocked.fetchAlbumTags.mockResolvedValue([
    { id: 1, name: '论语' },
    { id: 2, name: '诵读' },
  ])
  mocked.fetchAlbums.mockResolvedValue(page([]))
})

const show = (Page: ComponentType, loggedIn = true) =>
  renderPage(Page, loggedIn ? { user_id: 4, nickname: '读者' } : undefined)

/** A text field by name: Taro's Input draws its <input> a moment after it mounts. */
const input = (container: HTMLElement, name: string) =>
  field<HTMLInputElement>(container, `input[name="${name}"]`)

describe('我的视频', () => {
  it('shows each state, the reason of 未通过, and opens, edits and publishes', async () => {
    mocked.fetchMyVideos.mockResolvedValue(
      page([
        mine(1),
        mine(2, { reviewState: 'approved', playCount: 12 }),
        mine(3, { reviewState: 'rejected', reviewReason: '画面与书无关' }),
      ]),
    )
    const { default: MyVideo } = await import('@/pagesA/mine/myVideo')
    const { container, findByText, getByText } = show(MyVideo)
    await findByText('原因：画面与书无关')
    expect(mocked.fetchMyVideos).toHaveBeenCalledWith({ page: 1, pageSize: 10 })
    expect(byTestId(container, 'my-video-state-1').textContent).toBe('审核中')
    expect(byTestId(container, 'my-video-state-2').textContent).toBe('已发布')
    expect(byTestId(container, 'my-video-state-3').textContent).toBe('未通过')
    expect(getByText('12次播放 · 0赞 · 0评论')).toBeTruthy()
    expect(byTestId(container, 'my-video-edit-3').textContent).toBe('修改并重新提交')
    expect(byTestId(container, 'my-video-edit-1').textContent).toBe('修改')
    fireEvent.click(byTestId(container, 'my-video-edit-3'))
    fireEvent.click(getByText('视频2'))
    fireEvent.click(getByText('发布视频'))
    expect(navigated).toEqual([
      '/pagesA/mine/addVideo?id=3',
      '/pagesA/video/play?id=2',
      '/pagesA/mine/addVideo',
    ])
  })

  it('lists one state at a time, and starts on the one the route names', async () => {
    router.params = { state: 'pending' }
    mocked.fetchMyVideos.mockImplementation(async (req) =>
      page(req.state === 'rejected' ? [mine(3, { reviewState: 'rejected' })] : [mine(1)]),
    )
    const { default: MyVideo } = await import('@/pagesA/mine/myVideo')
    const { container, findByText } = show(MyVideo)
    await findByText('视频1')
    expect(mocked.fetchMyVideos).toHaveBeenLastCalledWith({
      state: 'pending',
      page: 1,
      pageSize: 10,
    })
    expect(byTestId(container, 'my-video-filter-pending').className).toContain('--on')
    fireEvent.click(byTestId(container, 'my-video-filter-rejected'))
    await findByText('视频3')
    expect(mocked.fetchMyVideos).toHaveBeenLastCalledWith({
      state: 'rejected',
      page: 1,
      pageSize: 10,
    })
    mocked.fetchMyVideos.mockResolvedValue(page([]))
    fireEvent.click(byTestId(container, 'my-video-filter-approved'))
    await findByText('还没有已发布的视频')
  })

  it('deletes a video after the confirmation, in place', async () => {
    mocked.fetchMyVideos.mockResolvedValue(page([mine(1), mine(2)]))
    mocked.removeVideo.mockResolvedValue(null)
    const { default: MyVideo } = await import('@/pagesA/mine/myVideo')
    const { container, findByText, queryByText } = show(MyVideo)
    await findByText('视频1')
    await act(async () => {
      fireEvent.click(byTestId(container, 'my-video-delete-1'))
    })
    await waitFor(() => expect(queryByText('视频1')).toBeNull())
    expect(Taro.showModal).toHaveBeenCalledWith(
      expect.objectContaining({ title: '删除视频', content: '确定删除“视频1”吗？删除后无法恢复' }),
    )
    expect(mocked.removeVideo).toHaveBeenCalledWith(1)
    expect(queryByText('视频2')).not.toBeNull()
  })

  it('keeps a video when the confirmation is declined', async () => {
    mocked.fetchMyVideos.mockResolvedValue(page([mine(1)]))
    jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: false, cancel: true } as never)
    const { default: MyVideo } = await import('@/pagesA/mine/myVideo')
    const { container, findByText, queryByText } = show(MyVideo)
    await findByText('视频1')
    await act(async () => {
      fireEvent.click(byTestId(container, 'my-video-delete-1'))
    })
    expect(mocked.removeVideo).not.toHaveBeenCalled()
    expect(queryByText('视频1')).not.toBeNull()
  })

  it('shows the empty state with 发布视频, and my albums on the second tab', async () => {
    mocked.fetchMyVideos.mockResolvedValue(page([]))
    mocked.fetchAlbums.mockResolvedValue(page([album(5, { videoCount: 2, title: '论语诵读' })]))
    const { default: MyVideo } = await import('@/pagesA/mine/myVideo')
    const { container, findByText, getByText } = show(MyVideo)
    await findByText('还没有发布过视频')
    expect(getByText('发布视频')).toBeTruthy()
    fireEvent.click(getByText('我的专辑'))
    await findByText('论语诵读')
    expect(mocked.fetchAlbums).toHaveBeenCalledWith({ userId: 4, page: 1, pageSize: 10 })
    fireEvent.click(byTestId(container, 'my-album-5'))
    fireEvent.click(getByText('新建专辑'))
    expect(navigated).toEqual(['/pagesA/mine/albumDetail?id=5', '/pagesA/mine/addAlbum'])
  })

  it('asks a guest to log in', async () => {
    const { default: MyVideo } = await import('@/pagesA/mine/myVideo')
    const { getByText } = show(MyVideo, false)
    expect(getByText('登录后查看我的视频')).toBeTruthy()
    expect(mocked.fetchMyVideos).not.toHaveBeenCalled()
  })
})

describe('发布视频', () => {
  const clip = {
    path: 'blob:http://localhost/v1',
    name: '学而.mp4',
    size: 23_240,
    durationMs: 5000,
    thumbPath: 'blob:http://localhost/f1',
    width: 320,
    height: 180,
  }

  /** The upload as the api runs it: progress reported, abort handed over, settled by the test. */
  function fakeUpload() {
    const run = {
      report: (_p: number) => undefined as void,
      resolve: (_v: VideoDetail) => undefined as void,
      aborted: 0,
    }
    mocked.uploadVideo.mockImplementation(
      (_fields, _path, control) =>
        new Promise((resolve, reject) => {
          run.report = control.onProgress
          run.resolve = resolve
          control.onAbortable?.(() => {
            run.aborted += 1
            reject(new Error('uploadFile:fail abort'))
          })
        }),
    )
    return run
  }

  it('checks the form: the video, then the title and channel', async () => {
    const { default: AddVideo } = await import('@/pagesA/mine/addVideo')
    const { container, findByText, getByText } = show(AddVideo)
    await findByText('经典诵读')
    fireEvent.click(getByText('发布'))
    await findByText('请选择视频')
    jest.mocked(pickVideo).mockResolvedValue(clip)
    await act(async () => {
      fireEvent.click(byTestId(container, 'video-pick'))
    })
    expect(getByText('学而.mp4')).toBeTruthy()
    expect(getByText('0:05 · 23 KB')).toBeTruthy()
    fireEvent.click(getByText('发布'))
    await findByText('请输入视频标题')
    fireEvent.input(await input(container, 'title'), { target: { value: '学而篇' } })
    fireEvent.click(getByText('发布'))
    await findByText('请选择频道')
    expect(mocked.uploadVideo).not.toHaveBeenCalled()
  })

  it('refuses a video over 60 s at once', async () => {
    jest.mocked(pickVideo).mockResolvedValue({ ...clip, durationMs: 61_000, thumbPath: '' })
    const { default: AddVideo } = await import('@/pagesA/mine/addVideo')
    const { container, findByText } = show(AddVideo)
    await act(async () => {
      fireEvent.click(byTestId(container, 'video-pick'))
    })
    await findByText('视频时长不能超过60秒')
    expect(toasts).toContain('视频时长不能超过60秒')
    expect(byTestId(container, 'video-picked')).toBeNull()
  })

  it('uploads the first frame as the cover, then the video with progress; 取消 aborts it', async () => {
    jest.mocked(pickVideo).mockResolvedValue(clip)
    jest.mocked(uploadFile).mockResolvedValue({ url: '/uploads/frame.jpg' } as never)
    const run = fakeUpload()
    const { default: AddVideo } = await import('@/pagesA/mine/addVideo')
    const { container, findByText, getByText } = show(AddVideo)
    await findByText('经典诵读')
    await act(async () => {
      fireEvent.click(byTestId(container, 'video-pick'))
    })
    expect(getByText('不选择时使用视频的第一帧')).toBeTruthy()
    fireEvent.input(await input(container, 'title'), { target: { value: ' 学而篇 ' } })
    fireEvent.click(byTestId(container, 'video-channel-2'))
    await act(async () => {
      fireEvent.click(getByText('发布'))
    })
    expect(uploadFile).toHaveBeenCalledWith({ filePath: clip.thumbPath, silent: true })
    expect(mocked.uploadVideo).toHaveBeenCalledWith(
      { title: '学而篇', description: '', channelId: 2, cover: '/uploads/frame.jpg' },
      clip.path,
      expect.objectContaining({ onProgress: expect.any(Function) }),
    )
    act(() => run.report(0.42))
    const bar = byTestId(container, 'video-upload-progress')
    expect(bar.getAttribute('data-percent')).toBe('42')
    expect(bar.textContent).toContain('正在上传视频…')
    expect(getByText('上传中…')).toBeTruthy()

    await act(async () => {
      fireEvent.click(byTestId(container, 'video-upload-cancel'))
    })
    expect(run.aborted).toBe(1)
    expect(byTestId(container, 'video-upload-progress')).toBeNull()
    expect(toasts).toContain('已取消上传')
    expect(finishWith).not.toHaveBeenCalled()
    // No failure stays on the form: the reader chose to stop.
    expect(container.querySelector('.form-error')).toBeNull()

    // Again, to the end: 我的视频 on 审核中.
    const again = fakeUpload()
    await act(async () => {
      fireEvent.click(getByText('发布'))
    })
    act(() => again.report(1))
    expect(byTestId(container, 'video-upload-progress').textContent).toContain(
      '上传完成，正在处理…',
    )
    await act(async () => again.resolve(detailOf(mine(9))))
    expect(finishWith).toHaveBeenCalledWith('已提交审核', {
      redirect: '/pagesA/mine/myVideo?state=pending',
    })
  })

  it('uses the chosen image as the cover and the chosen album', async () => {
    jest.mocked(pickVideo).mockResolvedValue(clip)
    jest.mocked(uploadFile).mockResolvedValue({ url: '/uploads/chosen.jpg' } as never)
    jest.spyOn(Taro, 'chooseImage').mockResolvedValue({
      tempFilePaths: ['blob:http://localhost/img'],
      tempFiles: [{ path: 'blob:http://localhost/img', size: 1000 }],
    } as never)
    jest.spyOn(Taro, 'request').mockRejectedValue(new Error('no policy here'))
    mocked.fetchAlbums.mockResolvedValue(page([album(5, { title: '论语诵读' })]))
    const run = fakeUpload()
    const { default: AddVideo } = await import('@/pagesA/mine/addVideo')
    const { container, findByText, getByText } = show(AddVideo)
    await findByText('论语诵读')
    await act(async () => {
      fireEvent.click(byTestId(container, 'video-pick'))
    })
    await act(async () => {
      fireEvent.click(byTestId(container, 'video-cover-image-add'))
    })
    await waitFor(() =>
      expect(byTestId(container, 'video-cover-image-0').getAttribute('data-uploaded')).toBe('1'),
    )
    fireEvent.input(await input(container, 'title'), { target: { value: '学而篇' } })
    fireEvent.click(byTestId(container, 'video-channel-1'))
    fireEvent.click(byTestId(container, 'video-album-5'))
    await act(async () => {
      fireEvent.click(getByText('发布'))
    })
    // One upload only (the chosen image): the first frame is not sent.
    expect(uploadFile).toHaveBeenCalledTimes(1)
    expect(mocked.uploadVideo).toHaveBeenCalledWith(
      { title: '学而篇', description: '', channelId: 1, albumId: 5, cover: '/uploads/chosen.jpg' },
      clip.path,
      expect.anything(),
    )
    await act(async () => run.resolve(detailOf(mine(9))))
    expect(finishWith).toHaveBeenCalled()
  })

  it('keeps the server’s refusal on the form', async () => {
    jest.mocked(pickVideo).mockResolvedValue({ ...clip, thumbPath: '' })
    mocked.uploadVideo.mockRejectedValue(new Error('视频时长不能超过60秒'))
    const { default: AddVideo } = await import('@/pagesA/mine/addVideo')
    const { container, findByText, getByText } = show(AddVideo)
    await findByText('经典诵读')
    await act(async () => {
      fireEvent.click(byTestId(container, 'video-pick'))
    })
    fireEvent.input(await input(container, 'title'), { target: { value: '学而篇' } })
    fireEvent.click(byTestId(container, 'video-channel-1'))
    await act(async () => {
      fireEvent.click(getByText('发布'))
    })
    await findByText('视频时长不能超过60秒')
    expect(uploadFile).not.toHaveBeenCalled()
    expect(finishWith).not.toHaveBeenCalled()
  })

  it('asks a guest to log in', async () => {
    const { default: AddVideo } = await import('@/pagesA/mine/addVideo')
    const { getByText } = show(AddVideo, false)
    expect(getByText('登录后才能发布视频')).toBeTruthy()
  })
})

describe('修改视频', () => {
  it('shows why it did not pass, and resubmits the edits', async () => {
    router.params = { id: '3' }
    const video = mine(3, {
      reviewState: 'rejected',
      reviewReason: '标题与内容不符',
      albumId: null,
    })
    mocked.fetchMyVideo.mockResolvedValue(detailOf(video))
    mocked.updateVideo.mockResolvedValue({ ...video, reviewState: 'pending', reviewReason: '' })
    const { default: AddVideo } = await import('@/pagesA/mine/addVideo')
    const { container, findByText, getByText } = show(AddVideo)
    await findByText('未通过原因：标题与内容不符')
    const title = await input(container, 'title')
    await waitFor(() => expect(title.value).toBe('视频3'))
    // Nothing changed yet: nothing to resubmit.
    fireEvent.click(getByText('重新提交'))
    await findByText('请按未通过原因修改后再重新提交')
    expect(mocked.updateVideo).not.toHaveBeenCalled()
    fireEvent.input(title, { target: { value: '学而篇诵读' } })
    await act(async () => {
      fireEvent.click(getByText('重新提交'))
    })
    expect(mocked.updateVideo).toHaveBeenCalledWith({
      id: 3,
      title: '学而篇诵读',
      description: '',
      channelId: 1,
      albumId: 0,
    })
    expect(finishWith).toHaveBeenCalledWith('已重新提交审核', {
      redirect: '/pagesA/mine/myVideo?state=pending',
    })
  })

  it('saves a channel change of a published video as it is', async () => {
    router.params = { id: '2' }
    const video = mine(2, { reviewState: 'approved' })
    mocked.fetchMyVideo.mockResolvedValue(detailOf(video))
    mocked.updateVideo.mockResolvedValue({ ...video, channelId: 2 })
    const { default: AddVideo } = await import('@/pagesA/mine/addVideo')
    const { container, findByText, getByText } = show(AddVideo)
    await findByText('修改标题、简介或封面后需要重新审核')
    await findByText('诗词赏析')
    fireEvent.click(byTestId(container, 'video-channel-2'))
    await act(async () => {
      fireEvent.click(getByText('保存'))
    })
    expect(mocked.updateVideo).toHaveBeenCalledWith(expect.objectContaining({ channelId: 2 }))
    expect(finishWith).toHaveBeenCalledWith('已保存', { redirect: '/pagesA/mine/myVideo' })
  })
})

describe('新建专辑', () => {
  it('checks the name, takes tags, creates it and opens it', async () => {
    mocked.addAlbum.mockResolvedValue(album(8, { title: '论语诵读' }))
    const { default: AddAlbum } = await import('@/pagesA/mine/addAlbum')
    const { container, findByText, getByText } = show(AddAlbum)
    await findByText('论语')
    fireEvent.click(getByText('创建专辑'))
    await findByText('请输入专辑名称')
    fireEvent.input(await input(container, 'albumTitle'), { target: { value: '论语诵读' } })
    fireEvent.click(byTestId(container, 'album-tag-2'))
    fireEvent.click(byTestId(container, 'album-tag-1'))
    fireEvent.click(byTestId(container, 'album-tag-2'))
    await act(async () => {
      fireEvent.click(getByText('创建专辑'))
    })
    expect(mocked.addAlbum).toHaveBeenCalledWith({
      title: '论语诵读',
      intro: '',
      cover: '',
      tagIds: [1],
    })
    expect(redirected).toEqual(['/pagesA/mine/albumDetail?id=8'])
  })
})

describe('专辑详情', () => {
  const videos = [mine(1), mine(2, { reviewState: 'approved' }), mine(3)]
  const detail = (list: MyVideo[], patch: Partial<VideoAlbum> = {}): VideoAlbumDetail => ({
    album: album(5, { title: '论语诵读', videoCount: list.length, ...patch }),
    videos: list.map(inAlbum),
  })

  const order = (container: HTMLElement) =>
    [...container.querySelectorAll('[data-testid^="album-video-"]')]
      .map((el) => el.getAttribute('data-testid') ?? '')
      .filter((id) => /^album-video-\d+$/.test(id))
      .map((id) => Number(id.replace('album-video-', '')))

  it('orders, removes and adds videos, and saves the whole list at once', async () => {
    router.params = { id: '5' }
    mocked.fetchAlbum.mockResolvedValue(detail(videos))
    mocked.fetchMyVideos.mockResolvedValue(
      page([...videos, mine(4, { albumId: 6, albumTitle: '诗词' }), mine(7)]),
    )
    mocked.updateAlbum.mockImplementation(async (req) =>
      detail(
        (req.videoIds ?? []).map((id) => mine(id)),
        { title: req.title },
      ),
    )
    const { default: AlbumDetail } = await import('@/pagesA/mine/albumDetail')
    const { container, findByText, getByText } = show(AlbumDetail)
    await findByText('视频3')
    expect(order(container)).toEqual([1, 2, 3])
    fireEvent.click(byTestId(container, 'album-video-up-3'))
    expect(order(container)).toEqual([1, 3, 2])
    fireEvent.click(byTestId(container, 'album-video-up-1'))
    expect(order(container)).toEqual([1, 3, 2])
    fireEvent.click(byTestId(container, 'album-video-down-1'))
    expect(order(container)).toEqual([3, 1, 2])
    fireEvent.click(byTestId(container, 'album-video-remove-2'))
    expect(order(container)).toEqual([3, 1])
    expect(getByText('有修改尚未保存')).toBeTruthy()

    fireEvent.click(byTestId(container, 'album-add-videos'))
    await findByText('在专辑“诗词”中')
    // Offered: mine that are not in the list (2 was taken out, so it is back on offer).
    expect(byTestId(container, 'album-pick-1')).toBeNull()
    expect(byTestId(container, 'album-pick-2')).not.toBeNull()
    fireEvent.click(byTestId(container, 'album-pick-7'))
    fireEvent.click(byTestId(container, 'album-pick-4'))
    expect(order(container)).toEqual([3, 1, 7, 4])

    await act(async () => {
      fireEvent.click(getByText('保存'))
    })
    expect(mocked.updateAlbum).toHaveBeenCalledWith({
      id: 5,
      title: '论语诵读',
      intro: '',
      tagIds: [],
      videoIds: [3, 1, 7, 4],
    })
    expect(toasts).toContain('已保存')
    await waitFor(() => expect(container.textContent).not.toContain('有修改尚未保存'))
    expect(order(container)).toEqual([3, 1, 7, 4])
  })

  it('deletes the album after the confirmation', async () => {
    router.params = { id: '5' }
    mocked.fetchAlbum.mockResolvedValue(detail(videos))
    mocked.removeAlbum.mockResolvedValue(null)
    const { default: AlbumDetail } = await import('@/pagesA/mine/albumDetail')
    const { container, findByText } = show(AlbumDetail)
    await findByText('视频1')
    await act(async () => {
      fireEvent.click(byTestId(container, 'album-delete'))
    })
    expect(Taro.showModal).toHaveBeenCalledWith(expect.objectContaining({ title: '删除专辑' }))
    expect(mocked.removeAlbum).toHaveBeenCalledWith(5)
    expect(finishWith).toHaveBeenCalledWith('专辑已删除', expect.anything())
  })

  it('does not edit someone else’s album', async () => {
    router.params = { id: '1' }
    mocked.fetchAlbum.mockResolvedValue(detail(videos, { mine: false, owner: null }))
    const { default: AlbumDetail } = await import('@/pagesA/mine/albumDetail')
    const { findByText, getByText, queryByText } = show(AlbumDetail)
    await findByText('只能修改自己的专辑')
    expect(queryByText('保存')).toBeNull()
    fireEvent.click(getByText('查看专辑'))
    expect(redirected).toEqual(['/pagesA/video/album?id=1'])
  })
})
