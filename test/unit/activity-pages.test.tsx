/**
 * The activity pages in jsdom against faked calls, and their pure rules: the list's tabs, the
 * activity page (windows, 我要报名 / 我的参与, entries ranked with 投票 updating the row and the votes
 * left), an entry (a guest asked to log in and the vote cast once back as a reader; a vote the page
 * knows is refused said at once; the share card keeping the entry's link and counting the share),
 * 报名 (checked with rules/activities before Apply), 我的参与 (the sign calendar and 签到).
 */
import { act, fireEvent, waitFor } from '@testing-library/react'
import * as request from '@/core/request'
import * as activityApi from '@/features/activities/api'
import {
  formatActivityTime,
  formatWindow,
  monthCells,
  monthTitle,
  paragraphs,
  votesText,
} from '@/features/activities/format'
import { applyBlocked, entryFormError } from '@/features/activities/useApply'
import { afterVote, validId } from '@/features/activities/useActivity'
import { entryAfterVote, voteLabel, voteRefusal } from '@/features/activities/useEntry'
import { signButton } from '@/features/activities/useMySign'
import { pendingVote } from '@/features/activities/useVote'
import type { RootStore } from '@/stores'
import type {
  ActivityDetail,
  ActivitySummary,
  MySignRes,
  VoteItem,
  VoteItemDetail,
} from '@/types/api/activities'
import { ActivityText, entryBodyError, entryTitleError } from '@rules/activities'
import { finishWith } from '@/core/finish'
import { byTestId, field, recordTaroCalls, showPage, tap } from './helpers/pages'
import { setUpTaroDom } from './helpers/taroDom'

const router = { params: {} as Record<string, string> }
const mockPage = {
  didShow: [] as (() => void)[],
  share: null as null | (() => { path: string; title: string }),
}

jest.mock('@tarojs/plugin-framework-react/dist/runtime', () =>
  jest
    .requireActual<typeof import('./helpers/pageHooks')>('./helpers/pageHooks')
    .fakePageHooks(['useDidHide', 'usePullDownRefresh', 'useReachBottom', 'usePageScroll'], {
      useDidShow: (fn: () => void) => {
        mockPage.didShow.push(fn)
      },
      useShareAppMessage: (fn: () => { path: string; title: string }) => {
        mockPage.share = fn
      },
      useRouter: () => router,
    }),
)
jest.mock('@/features/activities/api')
jest.mock('@/core/finish', () => ({ finishWith: jest.fn() }))
const api = jest.mocked(activityApi)

const NOW = Math.floor(Date.UTC(2025, 2, 10, 4, 0) / 1000) // 2025-03-10 12:00 in China

const summary = (id: number, extra: Partial<ActivitySummary> = {}): ActivitySummary => ({
  id,
  title: `活动${id}`,
  cover: '',
  summary: '讲讲你的读书故事',
  applyStart: NOW - 86_400,
  applyEnd: NOW + 86_400,
  voteStart: NOW - 3600,
  voteEnd: NOW + 5 * 86_400,
  phase: 'voting',
  entryCount: 2,
  voteCount: 7,
  createdAt: NOW - 90_000,
  ...extra,
})

const activity = (extra: Partial<ActivityDetail> = {}): ActivityDetail => ({
  ...summary(1),
  title: '读书月',
  description: '第一段\n\n第二段',
  rules: '1. 每人一件作品\n2. 每天三票',
  votesPerDay: 3,
  entryImageMax: 2,
  applyOpen: true,
  voteOpen: true,
  signOpen: true,
  mine: null,
  ...extra,
})

const item = (id: number, extra: Partial<VoteItem> = {}): VoteItem => ({
  id,
  activityId: 1,
  title: `作品${id}`,
  cover: '',
  author: { id: 20 + id, nickname: `作者${id}`, avatar: '' },
  votes: 5 - id,
  shares: 0,
  rank: id,
  mine: false,
  createdAt: NOW - 1000,
  excerpt: '摘要',
  ...extra,
})

const entry = (extra: Partial<VoteItemDetail> = {}): VoteItemDetail => ({
  ...item(3),
  title: '重读论语',
  content: '学而时习之\n不亦说乎',
  images: ['/uploads/a.png'],
  votedToday: false,
  votesLeftToday: null,
  activity: { id: 1, title: '读书月', phase: 'voting', voteOpen: true, votesPerDay: 3 },
  ...extra,
})

const mySign = (extra: Partial<MySignRes> = {}): MySignRes => ({
  activityId: 1,
  entry: item(4, { mine: true, title: '我的故事' }),
  days: ['2025-03-08'],
  today: '2025-03-10',
  signedToday: false,
  total: 1,
  signOpen: true,
  ...extra,
})

const pageOf = <T,>(list: T[], total = list.length) => ({ list, total, page: 1, pageSize: 10 })

let navigated: string[] = []
let toasts: string[] = []
let store: RootStore

beforeAll(() => setUpTaroDom())
beforeEach(() => {
  jest.clearAllMocks()
  router.params = {}
  mockPage.didShow = []
  mockPage.share = null
  ;({ navigated, toasts } = recordTaroCalls())
  api.shareEntry.mockResolvedValue({
    title: '',
    image: '',
    path: '',
    shares: 1,
    counted: true,
  })
})

async function show(path: string, loggedIn: boolean) {
  const shown = await showPage(`pagesB/${path}`, loggedIn)
  store = shown.store
  return shown
}

describe('the rules and texts', () => {
  it('writes times in China time, windows, paragraphs and votes', () => {
    expect(formatActivityTime(NOW)).toBe('3月10日 12:00')
    expect(formatWindow(NOW, NOW + 86_400)).toBe('3月10日 12:00 至 3月11日 12:00')
    expect(paragraphs('一\n\n 二 \r\n三')).toEqual(['一', '二', '三'])
    expect(votesText(12)).toBe('12票')
    expect(votesText(12_345)).toBe('1.2万票')
  })

  it('lays out the month of today with the signed days', () => {
    const cells = monthCells('2025-03-10', new Set(['2025-03-08', '2025-02-28']))
    // 1 March 2025 is a Saturday: six blanks first.
    expect(cells.slice(0, 6).every((c) => c.day === 0)).toBe(true)
    expect(cells[6]).toMatchObject({ date: '2025-03-01', day: 1 })
    expect(cells).toHaveLength(6 + 31)
    expect(cells.filter((c) => c.signed).map((c) => c.date)).toEqual(['2025-03-08'])
    expect(cells.find((c) => c.today)?.date).toBe('2025-03-10')
    expect(monthTitle('2025-03-10')).toBe('2025年3月')
    expect(monthCells('bad', new Set())).toEqual([])
  })

  it("checks an entry as the server does, with the activity's image limit", () => {
    expect(entryFormError({ title: '  ', content: '正文' }, 0, 2)).toBe(
      ActivityText.entryTitleMissing,
    )
    expect(entryFormError({ title: '标'.repeat(41), content: '正文' }, 0, 2)).toBe(
      ActivityText.entryTitleTooLong,
    )
    expect(entryFormError({ title: '标题', content: ' ' }, 0, 2)).toBe(ActivityText.entryEmpty)
    expect(entryFormError({ title: '标题', content: '' }, 1, 2)).toBeNull()
    expect(entryFormError({ title: '标题', content: '字'.repeat(1001) }, 0, 2)).toBe(
      ActivityText.entryContentTooLong,
    )
    expect(entryFormError({ title: '标题', content: '正文' }, 3, 2)).toBe('最多上传2张图片')
    expect(entryBodyError('正文', 1, 0)).toBe(ActivityText.noImages)
    // An emoji counts once.
    expect(entryTitleError('📚'.repeat(40))).toBeNull()
  })

  it('knows when applying, voting and signing are refused', () => {
    expect(applyBlocked(activity())).toBeNull()
    expect(
      applyBlocked(activity({ mine: { entryId: 3, votesLeftToday: 3, signedToday: false } })),
    ).toBe(ActivityText.alreadyApplied)
    expect(applyBlocked(activity({ applyOpen: false, phase: 'upcoming' }))).toBe(
      ActivityText.applyNotStarted,
    )
    expect(applyBlocked(activity({ applyOpen: false, phase: 'ended' }))).toBe(
      ActivityText.applyEnded,
    )
    expect(voteRefusal(entry())).toBeNull()
    expect(voteRefusal(entry({ mine: true }))).toBe(ActivityText.ownEntry)
    expect(voteRefusal(entry({ votedToday: true }))).toBe(ActivityText.votedToday)
    const ended = entry({
      activity: { id: 1, title: '', phase: 'ended', voteOpen: false, votesPerDay: 3 },
    })
    expect(voteRefusal(ended)).toBe(ActivityText.voteEnded)
    expect(voteLabel(ended)).toBe('投票已结束')
    expect(voteLabel(entry({ votedToday: true }))).toBe('今日已投')
    expect(signButton(mySign())).toEqual({ label: '签到', enabled: true })
    expect(signButton(mySign({ signedToday: true })).enabled).toBe(false)
    expect(signButton(mySign({ entry: null })).label).toBe('报名后可签到')
    expect(signButton(mySign({ signOpen: false })).label).toBe('不在签到时间')
  })

  it('applies a vote to what the pages show', () => {
    const a = activity({ mine: { entryId: null, votesLeftToday: 3, signedToday: false } })
    expect(afterVote(a, { entryId: 2, votes: 4, votesLeftToday: 2 })).toMatchObject({
      voteCount: 8,
      mine: { votesLeftToday: 2 },
    })
    expect(entryAfterVote(entry(), { entryId: 3, votes: 9, votesLeftToday: 1 })).toMatchObject({
      votes: 9,
      votedToday: true,
      votesLeftToday: 1,
    })
    expect(validId('3')).toBe(3)
    expect(validId('x')).toBe(0)
    expect(validId('-1')).toBe(0)
  })
})

describe('the activity list', () => {
  it('shows the current activities and the past ones on their tab', async () => {
    api.fetchActivities
      .mockResolvedValueOnce(pageOf([summary(1, { title: '读书月' })]))
      .mockResolvedValueOnce(pageOf([summary(2, { title: '春日诗会', phase: 'ended' })]))
    const view = await show('activity/list', false)
    await view.findByText('读书月')
    expect(view.getByText('投票中')).toBeTruthy()
    await tap(byTestId(view.container, 'activity-1'))
    expect(navigated).toEqual(['/pagesB/activity/desc?id=1'])
    await tap(view.getByText('已结束'))
    await view.findByText('春日诗会')
    expect(api.fetchActivities).toHaveBeenLastCalledWith({ state: 'past', page: 1, pageSize: 10 })
  })
})

describe('the activity page', () => {
  it('shows the windows and the entries, and a reader votes from the list', async () => {
    router.params = { id: '1' }
    api.fetchActivity.mockResolvedValue(
      activity({ mine: { entryId: null, votesLeftToday: 3, signedToday: false } }),
    )
    api.fetchEntries.mockResolvedValue(pageOf([item(1), item(2)]))
    api.voteFor.mockResolvedValue({ entryId: 2, votes: 4, votesLeftToday: 2 })
    const view = await show('activity/desc', true)
    await view.findByText('作品2')
    expect(view.getByText('第二段')).toBeTruthy()
    expect(view.getByText(/报名时间：3月9日 12:00 至 3月11日 12:00/)).toBeTruthy()
    expect(byTestId(view.container, 'votes-left').textContent).toBe('今日还可投3票')
    await tap(byTestId(view.container, 'entry-vote-2'))
    expect(api.voteFor).toHaveBeenCalledWith(2)
    await waitFor(() => expect(byTestId(view.container, 'entry-votes-2').textContent).toBe('4票'))
    expect(byTestId(view.container, 'votes-left').textContent).toBe('今日还可投2票')
    expect(toasts).toContain('投票成功')
    await tap(byTestId(view.container, 'activity-apply'))
    await tap(byTestId(view.container, 'activity-rule'))
    await tap(byTestId(view.container, 'entry-1'))
    expect(navigated).toEqual([
      '/pagesB/activity/post?id=1',
      '/pagesB/activity/rule?id=1',
      '/pagesB/activity/detail?id=1',
    ])
    await tap(byTestId(view.container, 'entry-order-new'))
    await waitFor(() =>
      expect(api.fetchEntries).toHaveBeenLastCalledWith({
        activityId: 1,
        order: 'new',
        page: 1,
        pageSize: 10,
      }),
    )
  })

  it('offers 我的参与 once applied, and no 投票 on my own entry', async () => {
    router.params = { id: '1' }
    api.fetchActivity.mockResolvedValue(
      activity({ mine: { entryId: 4, votesLeftToday: 3, signedToday: false } }),
    )
    api.fetchEntries.mockResolvedValue(pageOf([item(4, { mine: true })]))
    const view = await show('activity/desc', true)
    await view.findByText('作品4')
    expect(byTestId(view.container, 'activity-apply')).toBeNull()
    expect(byTestId(view.container, 'entry-vote-4')).toBeNull()
    await tap(byTestId(view.container, 'activity-my-info'))
    expect(navigated).toEqual(['/pagesB/activity/myInfo?id=1'])
  })

  it('says when the activity is not there', async () => {
    router.params = { id: 'x' }
    const view = await show('activity/desc', false)
    await view.findByText(ActivityText.notFound)
    expect(api.fetchActivity).not.toHaveBeenCalled()
  })
})

describe('an entry', () => {
  it('asks a guest to log in, then casts the vote once back as a reader', async () => {
    router.params = { id: '3' }
    const prompt = jest.spyOn(request, 'promptLogin').mockImplementation(() => undefined)
    api.fetchEntry.mockResolvedValue(entry())
    api.voteFor.mockResolvedValue({ entryId: 3, votes: 3, votesLeftToday: 2 })
    const view = await show('activity/detail', false)
    await view.findByText('不亦说乎')
    await tap(byTestId(view.container, 'entry-vote'))
    expect(prompt).toHaveBeenCalledTimes(1)
    expect(api.voteFor).not.toHaveBeenCalled()
    expect(pendingVote()).toMatchObject({ entryId: 3 })

    // Logged in on the login page, back here.
    api.fetchEntry.mockResolvedValue(entry({ votesLeftToday: 3 }))
    await act(async () => {
      store.session.user = { user_id: 7, nickname: 'me' } as never
    })
    await act(async () => {
      mockPage.didShow.forEach((fn) => fn())
    })
    await waitFor(() => expect(api.voteFor).toHaveBeenCalledWith(3))
    expect(api.voteFor).toHaveBeenCalledTimes(1)
    expect(pendingVote()).toBeNull()
    await waitFor(() => expect(byTestId(view.container, 'entry-votes').textContent).toBe('3票'))
    expect(byTestId(view.container, 'entry-vote').textContent).toBe('今日已投')
    expect(byTestId(view.container, 'votes-left').textContent).toBe('今日还可投2票')

    // Shown again later: nothing more is cast; a second tap is refused here.
    await act(async () => {
      mockPage.didShow.forEach((fn) => fn())
    })
    await tap(byTestId(view.container, 'entry-vote'))
    expect(api.voteFor).toHaveBeenCalledTimes(1)
    expect(toasts).toContain(ActivityText.votedToday)
  })

  it("shares the entry's own link and counts the share", async () => {
    router.params = { id: '3' }
    api.fetchEntry.mockResolvedValue(entry())
    const view = await show('activity/detail', true)
    await view.findByText('不亦说乎')
    const card = mockPage.share?.()
    expect(card?.path).toBe('/pagesB/activity/detail?id=3&spid=7')
    expect(card?.title).toBe('重读论语 · 读书月')
    expect(api.shareEntry).toHaveBeenCalledWith(3)
    await tap(byTestId(view.container, 'entry-activity'))
    expect(navigated).toEqual(['/pagesB/activity/desc?id=1'])
  })
})

describe('报名', () => {
  it('checks the entry first, then applies and goes on to 我的参与', async () => {
    router.params = { id: '1' }
    api.fetchActivity.mockResolvedValue(activity())
    api.applyEntry.mockResolvedValue(entry({ mine: true }))
    const view = await show('activity/post', true)
    await view.findByText('提交报名')
    const submit = await field(
      view.container,
      '[data-testid="entry-submit"] taro-button-core, [data-testid="entry-submit"] button',
    )
    await tap(submit)
    await view.findByText(ActivityText.entryTitleMissing)
    expect(api.applyEntry).not.toHaveBeenCalled()

    const title = await field(view.container, 'input[name="title"]')
    const content = await field(view.container, 'textarea[name="content"]')
    await act(async () => {
      fireEvent.input(title, { target: { value: ' 我的读书故事 ' } })
    })
    await tap(submit)
    await view.findByText(ActivityText.entryEmpty)
    await act(async () => {
      fireEvent.input(content, { target: { value: '一本书的故事' } })
    })
    await tap(submit)
    await waitFor(() =>
      expect(api.applyEntry).toHaveBeenCalledWith({
        activityId: 1,
        title: '我的读书故事',
        content: '一本书的故事',
      }),
    )
    expect(finishWith).toHaveBeenCalledWith('报名成功', {
      redirect: '/pagesB/activity/myInfo?id=1',
    })
  })

  it('tells a guest to log in, and a participant that they applied', async () => {
    router.params = { id: '1' }
    api.fetchActivity.mockResolvedValue(
      activity({ mine: { entryId: 4, votesLeftToday: 3, signedToday: false } }),
    )
    const guest = await show('activity/post', false)
    await guest.findByText('登录后才能报名活动')
    guest.unmount()
    const reader = await show('activity/post', true)
    await reader.findByText(ActivityText.alreadyApplied)
  })
})

describe('我的参与', () => {
  it('shows my entry and the days signed, and signs in once', async () => {
    router.params = { id: '1' }
    api.fetchActivity.mockResolvedValue(activity())
    api.fetchMySign.mockResolvedValue(mySign())
    api.signActivity.mockResolvedValue(
      mySign({ signedToday: true, total: 2, days: ['2025-03-08', '2025-03-10'] }),
    )
    const view = await show('activity/myInfo', true)
    await view.findByText('我的作品')
    expect(byTestId(view.container, 'sign-total').textContent).toBe('已签到1天')
    expect(byTestId(view.container, 'signed-2025-03-08')).toBeTruthy()
    await tap(byTestId(view.container, 'activity-sign'))
    await waitFor(() =>
      expect(byTestId(view.container, 'sign-total').textContent).toBe('已签到2天'),
    )
    expect(byTestId(view.container, 'signed-2025-03-10')).toBeTruthy()
    expect(byTestId(view.container, 'activity-sign').textContent).toBe('今日已签到')
    expect(toasts).toContain('签到成功')
    await tap(byTestId(view.container, 'activity-sign'))
    expect(api.signActivity).toHaveBeenCalledTimes(1)
  })
})
