/**
 * The video pages in jsdom against faked calls: the channels page (channels, albums by tag), a
 * channel's list (paging, the rows out of view drawn as spacers), an album in order, the play page
 * (a play counted once, like and follow asking a guest to log in, the share path keeping its
 * parameters and the share counted, the next video of the album), its comments (checked before
 * sending, replies, 更多回复, likes), the search page (recent searches under their own key) and a
 * person's videos on their profile.
 */
import { act, fireEvent, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import * as request from '@/core/request'
import * as socialApi from '@/features/social/api'
import * as videoApi from '@/features/video/api'
import { formatVideoDuration as durationHere } from '@/features/video/duration'
import { formatCount } from '@/features/video/format'
import { VIDEO_RECENT_KEY } from '@/features/video/recent'
import { inRowWindow } from '@/components/PagedList/useRowWindow'
import { editInThread, mergeReplies, type ThreadRow } from '@/features/video/useVideoComments'
import type {
  VideoAlbum,
  VideoComment,
  VideoCommentThread,
  VideoDetail,
  VideoSummary,
} from '@/types/api/video'
import { formatVideoDuration } from '@rules/video'
import { byTestId, recordTaroCalls, showPage, tap } from './helpers/pages'
import { setUpTaroDom } from './helpers/taroDom'

const router = { params: {} as Record<string, string> }
/** The page hooks' latest callbacks, as the page registered them. */
const mockPage = {
  reachBottom: null as null | (() => void),
  share: null as null | (() => { path: string; title: string }),
}

// Page hooks need a Taro page around the component: outside one they do nothing here.
jest.mock('@tarojs/plugin-framework-react/dist/runtime', () =>
  jest
    .requireActual<typeof import('./helpers/pageHooks')>('./helpers/pageHooks')
    .fakePageHooks(
      ['useDidShow', 'useDidHide', 'useUnload', 'usePullDownRefresh', 'usePageScroll'],
      {
        useReachBottom: (fn: () => void) => {
          mockPage.reachBottom = fn
        },
        useShareAppMessage: (fn: () => { path: string; title: string }) => {
          mockPage.share = fn
        },
        useRouter: () => router,
      },
    ),
)
jest.mock('@/features/video/api')
jest.mock('@/features/social/api')
jest.mock('@/features/feed/api')
const api = jest.mocked(videoApi)
const social = jest.mocked(socialApi)

const author = { id: 2, nickname: '书友小林', avatar: '' }

const summary = (id: number, extra: Partial<VideoSummary> = {}): VideoSummary => ({
  id,
  title: `视频${id}`,
  cover: '',
  durationMs: 5000,
  width: 320,
  height: 180,
  playCount: 3,
  shareCount: 0,
  likeCount: 0,
  commentCount: 0,
  channelId: 1,
  channelName: '经典诵读',
  albumId: null,
  author,
  createdAt: 1_700_000_000,
  ...extra,
})

const detail = (extra: Partial<VideoDetail> = {}): VideoDetail => ({
  ...summary(1),
  description: '诵读《论语》学而篇',
  reviewState: 'approved',
  reviewReason: '',
  albumTitle: '论语诵读',
  updatedAt: 1_700_000_000,
  fileUrl: '/api/seed-assets/videos/lunyu-1.mp4',
  fileSize: 20_000,
  mime: 'video/mp4',
  author: { ...author, followed: false },
  album: { id: 4, title: '论语诵读' },
  nextInAlbum: { id: 5, title: '学而第二' },
  book: { id: 1, name: '论语', cover: '' },
  liked: false,
  mine: false,
  ...extra,
})

const comment = (id: number, extra: Partial<VideoComment> = {}): VideoComment => ({
  id,
  videoId: 1,
  author: { id: 10 + id, nickname: `读者${id}`, avatar: '' },
  content: `评论${id}`,
  parentId: null,
  replyTo: null,
  likeCount: 0,
  replyCount: 0,
  liked: false,
  mine: false,
  createdAt: 1_700_000_000 + id,
  ...extra,
})

const thread = (id: number, replies: VideoComment[], replyCount = replies.length) =>
  ({ ...comment(id), replyCount, replies }) as VideoCommentThread

const album = (id: number, extra: Partial<VideoAlbum> = {}): VideoAlbum => ({
  id,
  title: `专辑${id}`,
  intro: '',
  cover: '',
  channelId: 1,
  tags: [],
  videoCount: 2,
  owner: null,
  mine: false,
  createdAt: 1,
  updatedAt: 1,
  ...extra,
})

/** One page of a list, as the server answers it. */
const pageOf = <T,>(list: T[], total = list.length) => ({ list, total, page: 1, pageSize: 10 })

let navigated: string[] = []
let redirected: string[] = []

beforeAll(() => {
  setUpTaroDom()
  // jsdom plays no media: the player's element only needs to exist.
  HTMLMediaElement.prototype.load = () => undefined
  HTMLMediaElement.prototype.pause = () => undefined
  HTMLMediaElement.prototype.play = () => Promise.resolve()
})
beforeEach(() => {
  jest.clearAllMocks()
  router.params = {}
  mockPage.reachBottom = null
  mockPage.share = null
  ;({ navigated, redirected } = recordTaroCalls())
  Taro.removeStorageSync(VIDEO_RECENT_KEY)
  api.countPlay.mockResolvedValue({ count: 4, counted: true })
  api.countShare.mockResolvedValue({ count: 1, counted: true })
  api.fetchComments.mockResolvedValue(pageOf([], 0))
})

const show = (path: string, loggedIn: boolean) => showPage(`pagesA/${path}`, loggedIn)

describe('formatting', () => {
  it('writes durations as the rules do, and counts in 万', () => {
    for (const ms of [0, 4_400, 5_000, 59_600, 60_000, 61_000]) {
      expect(durationHere(ms)).toBe(formatVideoDuration(ms))
    }
    expect(durationHere(5000)).toBe('0:05')
    expect(formatCount(9999)).toBe('9999')
    expect(formatCount(12_345)).toBe('1.2万')
    expect(formatCount(123_456)).toBe('12万')
  })

  it('draws only the rows near the view', () => {
    expect(inRowWindow(0, 0, 8)).toBe(true)
    expect(inRowWindow(30, 0, 8)).toBe(true)
    expect(inRowWindow(60, 0, 8)).toBe(false)
    expect(inRowWindow(5, 200, 8)).toBe(false)
    expect(inRowWindow(200, 200, 8)).toBe(true)
  })
})

describe('the channels page', () => {
  it('shows the channels and the albums, and a tag narrows the albums', async () => {
    api.fetchChannels.mockResolvedValue([
      { id: 1, name: '经典诵读', icon: '', videoCount: 4 },
      { id: 2, name: '诗词赏析', icon: '', videoCount: 3 },
    ])
    api.fetchAlbumTags.mockResolvedValue([{ id: 3, name: '儒家' }])
    api.fetchAlbums.mockResolvedValue(pageOf([album(4, { title: '论语诵读' })], 1))
    const view = await show('video/type', false)
    await view.findByText('论语诵读')
    expect(view.getByText('诗词赏析')).toBeTruthy()
    expect(view.getByText('4个视频')).toBeTruthy()
    await tap(byTestId(view.container, 'channel-2'))
    await tap(byTestId(view.container, 'album-4'))
    await tap(byTestId(view.container, 'video-search'))
    expect(navigated).toEqual([
      '/pagesA/video/video?channelId=2',
      '/pagesA/video/album?id=4',
      '/pagesA/video/search',
    ])
    await tap(byTestId(view.container, 'album-tag-3'))
    await waitFor(() =>
      expect(api.fetchAlbums).toHaveBeenLastCalledWith({ tagId: 3, page: 1, pageSize: 10 }),
    )
  })
})

describe("a channel's videos", () => {
  it('pages on, and shares its own link', async () => {
    router.params = { channelId: '1' }
    api.fetchChannels.mockResolvedValue([{ id: 1, name: '经典诵读', icon: '', videoCount: 5 }])
    // Short pages keep the test quick: the list asks for the next while it has fewer than the total.
    const page1 = [summary(1), summary(2), summary(3)]
    api.fetchVideos
      .mockResolvedValueOnce(pageOf(page1, 5))
      .mockResolvedValueOnce(pageOf([summary(4), summary(12, { title: '最后一个' })], 5))
    const view = await show('video/video', false)
    await view.findByText('5个视频')
    await view.findByText('视频3')
    expect(view.getAllByText('0:05')).toHaveLength(3)
    expect(view.getAllByText('书友小林').length).toBeGreaterThan(0)
    await act(async () => mockPage.reachBottom?.())
    await view.findByText('最后一个')
    expect(api.fetchVideos).toHaveBeenLastCalledWith({ channelId: 1, page: 2, pageSize: 10 })
    await view.findByText('没有更多了')
    expect(mockPage.share?.().path).toBe('/pagesA/video/video?channelId=1')
    await tap(byTestId(view.container, 'video-12'))
    expect(navigated).toEqual(['/pagesA/video/play?id=12'])
  })
})

describe('an album', () => {
  it('lists its videos in order and plays them as the album', async () => {
    router.params = { id: '4' }
    api.fetchAlbum.mockResolvedValue({
      album: album(4, { title: '论语诵读', intro: '一章一段' }),
      videos: [
        { ...summary(5, { title: '学而' }), reviewState: 'approved' },
        { ...summary(6, { title: '为政' }), reviewState: 'approved' },
      ],
    })
    const view = await show('video/album', false)
    await view.findByText('1. 学而')
    expect(view.getByText('2. 为政')).toBeTruthy()
    expect(view.getByText('一章一段')).toBeTruthy()
    await tap(byTestId(view.container, 'album-play'))
    await tap(byTestId(view.container, 'video-6'))
    expect(navigated).toEqual([
      '/pagesA/video/play?id=5&albumId=4',
      '/pagesA/video/play?id=6&albumId=4',
    ])
  })
})

describe('the play page', () => {
  const player = (container: HTMLElement) => byTestId(container, 'player')

  it('counts one play when it starts, however often it plays', async () => {
    router.params = { id: '1', albumId: '4' }
    api.fetchVideo.mockResolvedValue(detail())
    const view = await show('video/play', false)
    await view.findByText('3次播放', { exact: false })
    expect(api.countPlay).not.toHaveBeenCalled()
    await act(async () => {
      player(view.container).dispatchEvent(new Event('play'))
    })
    await view.findByText('4次播放', { exact: false })
    await act(async () => {
      player(view.container).dispatchEvent(new Event('play'))
    })
    expect(api.countPlay).toHaveBeenCalledTimes(1)
    expect(api.countPlay).toHaveBeenCalledWith(1)
    expect(view.getByText('《论语》')).toBeTruthy()
  })

  it('shares its own link with the album, and counts the share', async () => {
    router.params = { id: '1', albumId: '4' }
    api.fetchVideo.mockResolvedValue(detail())
    const view = await show('video/play', true)
    await view.findByText('诵读《论语》学而篇')
    const card = mockPage.share?.()
    expect(card?.path).toBe('/pagesA/video/play?id=1&albumId=4&spid=7')
    expect(card?.title).toBe('视频1')
    await waitFor(() => expect(api.countShare).toHaveBeenCalledWith(1))
    await waitFor(() => expect(byTestId(view.container, 'share-count').textContent).toBe('1'))
  })

  it('goes on to the next video of the album at the end and on 下一个', async () => {
    router.params = { id: '1', albumId: '4' }
    api.fetchVideo.mockResolvedValue(detail())
    const view = await show('video/play', false)
    await view.findByText('学而第二')
    await act(async () => {
      player(view.container).dispatchEvent(new Event('ended'))
    })
    await tap(byTestId(view.container, 'play-next'))
    expect(redirected).toEqual([
      '/pagesA/video/play?id=5&albumId=4',
      '/pagesA/video/play?id=5&albumId=4',
    ])
  })

  it('asks a guest to log in to like or follow', async () => {
    router.params = { id: '1' }
    const prompt = jest.spyOn(request, 'promptLogin').mockImplementation(() => undefined)
    api.fetchVideo.mockResolvedValue(detail())
    const view = await show('video/play', false)
    await view.findByText('关注')
    await tap(byTestId(view.container, 'video-like'))
    await tap(byTestId(view.container, 'follow'))
    expect(prompt).toHaveBeenCalledTimes(2)
    expect(api.toggleVideoLike).not.toHaveBeenCalled()
    expect(social.setFollowing).not.toHaveBeenCalled()
  })

  it('a reader likes it and follows the author', async () => {
    router.params = { id: '1' }
    api.fetchVideo.mockResolvedValue(detail())
    api.toggleVideoLike.mockResolvedValue({ liked: true, likeCount: 1 })
    social.setFollowing.mockResolvedValue({ followed: true, followers: 3 } as never)
    const view = await show('video/play', true)
    await view.findByText('关注')
    // One tap right after the other: neither waits for the other's answer.
    await act(async () => {
      fireEvent.click(byTestId(view.container, 'video-like'))
      fireEvent.click(byTestId(view.container, 'follow'))
    })
    await view.findByText('已关注')
    await waitFor(() => expect(byTestId(view.container, 'video-like').textContent).toContain('1'))
    expect(api.toggleVideoLike).toHaveBeenCalledWith(1)
    expect(social.setFollowing).toHaveBeenCalledWith(2, true)
  })

  it('my own video has no follow button', async () => {
    router.params = { id: '1' }
    api.fetchVideo.mockResolvedValue(
      detail({ mine: true, author: { ...author, id: 7, followed: false } }),
    )
    const view = await show('video/play', true)
    await view.findByText('诵读《论语》学而篇')
    expect(view.queryByText('关注')).toBeNull()
  })

  it('my video under review or refused shows its state, with no likes or comments yet', async () => {
    router.params = { id: '1' }
    api.fetchVideo.mockResolvedValue(detail({ mine: true, reviewState: 'pending' }))
    const pending = await show('video/play', true)
    await pending.findByText('审核中：通过审核后，其他书友才能看到、点赞和评论')
    expect(byTestId(pending.container, 'player')).toBeTruthy()
    expect(pending.queryByText('点赞')).toBeNull()
    expect(pending.queryByPlaceholderText('写评论…')).toBeNull()
    expect(api.fetchComments).not.toHaveBeenCalled()
    pending.unmount()

    api.fetchVideo.mockResolvedValue(
      detail({ mine: true, reviewState: 'rejected', reviewReason: '画面与书无关' }),
    )
    const refused = await show('video/play', true)
    await refused.findByText('未通过：画面与书无关')
  })

  it('shows the error of a video that is not there', async () => {
    router.params = { id: '99' }
    api.fetchVideo.mockRejectedValue(new Error('视频不存在'))
    const view = await show('video/play', false)
    await view.findByText('视频不存在')
  })
})

describe('comments on the play page', () => {
  const field = async (container: HTMLElement) => {
    let input: HTMLInputElement | null = null
    await waitFor(() => {
      input = container.querySelector('input[name="comment"]')
      expect(input).not.toBeNull()
    })
    return input as unknown as HTMLInputElement
  }
  const type = async (container: HTMLElement, text: string) => {
    const input = await field(container)
    await act(async () => {
      fireEvent.input(input, { target: { value: text } })
    })
  }
  const send = (container: HTMLElement) => tap(byTestId(container, 'comment-send'))

  it('refuses an empty comment and blocked words before sending', async () => {
    router.params = { id: '1' }
    api.fetchVideo.mockResolvedValue(detail())
    const view = await show('video/play', true)
    await view.findByText('还没有评论，说点什么吧')
    await send(view.container)
    expect(Taro.showToast).toHaveBeenLastCalledWith(
      expect.objectContaining({ title: '请输入评论内容' }),
    )
    await type(view.container, '加我刷单兼职')
    await send(view.container)
    expect(Taro.showToast).toHaveBeenLastCalledWith(
      expect.objectContaining({ title: '内容包含违规词语，请修改后再提交' }),
    )
    expect(api.addVideoComment).not.toHaveBeenCalled()
  })

  it('asks a guest to log in to comment', async () => {
    router.params = { id: '1' }
    const prompt = jest.spyOn(request, 'promptLogin').mockImplementation(() => undefined)
    api.fetchVideo.mockResolvedValue(detail())
    const view = await show('video/play', false)
    await type(view.container, '好听')
    await send(view.container)
    expect(prompt).toHaveBeenCalled()
    expect(api.addVideoComment).not.toHaveBeenCalled()
  })

  it('a reader comments: the list loads again with it first, the count goes up', async () => {
    router.params = { id: '1' }
    api.fetchVideo.mockResolvedValue(detail())
    api.addVideoComment.mockResolvedValue(comment(9, { content: '好听' }))
    const view = await show('video/play', true)
    await view.findByText('评论 0')
    api.fetchComments.mockResolvedValue(pageOf([thread(9, [])]))
    await type(view.container, ' 好听 ')
    await send(view.container)
    expect(api.addVideoComment).toHaveBeenCalledWith(1, '好听')
    await view.findByText('评论9')
    expect(view.getByText('评论 1')).toBeTruthy()
  })

  it('replies to a reply in its thread, loads more replies and likes one', async () => {
    router.params = { id: '1' }
    api.fetchVideo.mockResolvedValue(detail())
    const first = comment(21, { parentId: 20, createdAt: 1_700_000_100 })
    const second = comment(22, { parentId: 20, createdAt: 1_700_000_200 })
    api.fetchComments.mockResolvedValue(pageOf([thread(20, [first, second], 3)]))
    const view = await show('video/play', true)
    await view.findByText('共3条回复，展开 〉', { exact: false })

    const third = comment(23, { parentId: 20, createdAt: 1_700_000_300 })
    api.fetchReplies.mockResolvedValue(pageOf([first, second, third], 3))
    await tap(byTestId(view.container, 'more-replies-20'))
    await view.findByText('：评论23', { exact: false })
    expect(api.fetchReplies).toHaveBeenCalledWith(20, 1, 10)
    expect(byTestId(view.container, 'more-replies-20')).toBeNull()

    await tap(byTestId(view.container, 'reply-22'))
    const input = await field(view.container)
    await waitFor(() => expect(input.getAttribute('placeholder')).toBe('回复 读者22'))
    api.addVideoReply.mockResolvedValue(
      comment(24, {
        parentId: 20,
        content: '同感',
        replyTo: second.author,
        createdAt: 1_700_000_400,
      }),
    )
    await type(view.container, '同感')
    await send(view.container)
    expect(api.addVideoReply).toHaveBeenCalledWith(22, '同感', 32)
    await view.findByText('：同感', { exact: false })
    expect(view.getByText('评论 1')).toBeTruthy()

    api.toggleCommentLike.mockResolvedValue({ liked: true, likeCount: 5 })
    await tap(byTestId(view.container, 'comment-like-21'))
    await waitFor(() =>
      expect(byTestId(view.container, 'comment-like-21').textContent).toContain('5'),
    )
    expect(api.toggleCommentLike).toHaveBeenCalledWith(21)
  })

  it('keeps replies once each, oldest first, and edits one in place', () => {
    const a = comment(1, { createdAt: 1 })
    const b = comment(2, { createdAt: 2 })
    expect(mergeReplies([b], [a, b]).map((c) => c.id)).toEqual([1, 2])
    const row: ThreadRow = { ...thread(5, [a, b]), replyPages: 0, loadingReplies: false }
    const edited = editInThread(row, 2, (c) => ({ ...c, liked: true }))
    expect(edited.replies.map((c) => c.liked)).toEqual([false, true])
    expect(editInThread(row, 5, (c) => ({ ...c, likeCount: 9 })).likeCount).toBe(9)
  })
})

describe('the search page', () => {
  it('searches titles and authors, keeping recent searches under its own key', async () => {
    api.fetchVideos.mockResolvedValue(pageOf([summary(3, { title: '静夜思' })], 1))
    const view = await show('video/search', false)
    view.getByText('可以搜索视频的标题或作者的昵称')
    let input: HTMLInputElement | null = null
    await waitFor(() => {
      input = view.container.querySelector('input[name="keyword"]')
      expect(input).not.toBeNull()
    })
    await act(async () => {
      fireEvent.input(input as unknown as HTMLInputElement, { target: { value: '静夜思' } })
    })
    await tap(byTestId(view.container, 'video-search-go'))
    await view.findByText('静夜思')
    expect(api.fetchVideos).toHaveBeenCalledWith({ keyword: '静夜思', page: 1, pageSize: 10 })
    expect(Taro.getStorageSync(VIDEO_RECENT_KEY)).toEqual(['静夜思'])
    expect(Taro.getStorageSync('search_history')).not.toEqual(['静夜思'])
  })

  it('opens with a link’s keyword, and refuses one too long', async () => {
    router.params = { keyword: encodeURIComponent('一'.repeat(31)) }
    const view = await show('video/search', false)
    view.getByText('搜索词不能超过30个字')
    expect(api.fetchVideos).not.toHaveBeenCalled()
  })
})

describe("a person's profile", () => {
  it('shows their published videos in the 视频 tab', async () => {
    router.params = { id: '2' }
    social.fetchUserDetail.mockResolvedValue({
      userId: 2,
      nickname: '书友小林',
      avatar: '',
      signature: '',
      isMe: false,
      followed: false,
      followsMe: false,
      blocked: false,
      stats: { following: 0, followers: 0, posts: 0, likes: 0 },
    } as never)
    api.fetchUserVideos.mockResolvedValue(pageOf([summary(8, { title: '小林读诗' })], 1))
    const view = await show('friend/userDetail', false)
    await view.findByText('视频')
    await tap(view.getByText('视频'))
    await view.findByText('小林读诗')
    expect(api.fetchUserVideos).toHaveBeenCalledWith(2, 1, 10)
  })
})
