/**
 * The social pages rendered in jsdom against a faked api: they show what the calls answer (user
 * text as text), mark lists read, feed the unread store, and keep their client checks.
 */
import { act, fireEvent, render, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import type { ComponentType } from 'react'
import * as api from '@/features/social/api'
import { createRootStore, StoreProvider, type RootStore } from '@/stores'
import type { MessageKind, UserMessage } from '@/types/api/social'
import { setUpTaroDom } from './helpers/taroDom'

// Page hooks need a Taro page around the component: outside one they do nothing here.
jest.mock('@tarojs/plugin-framework-react/dist/runtime', () => {
  const actual = jest.requireActual('@tarojs/plugin-framework-react/dist/runtime')
  const noop = () => undefined
  return {
    ...actual,
    useDidShow: noop,
    usePullDownRefresh: noop,
    useReachBottom: noop,
    useRouter: () => ({ params: { targetType: 'post', targetId: '3', name: '陋室铭' } }),
  }
})

jest.mock('@/features/social/api')
const mocked = jest.mocked(api)

const XSS = '<img src=x onerror="window.__xss=1">'

const message = (kind: MessageKind, patch: Partial<UserMessage> = {}): UserMessage => ({
  id: 1,
  kind,
  actor: { userId: 9, nickname: `<b>${kind}</b>`, avatar: '' },
  title: kind === 'notice' ? '公告' : '',
  content: XSS,
  postId: 5,
  commentId: null,
  videoId: null,
  postExcerpt: '摘录',
  postImage: '',
  followed: false,
  reply: false,
  read: false,
  createdAt: 1_700_000_000,
  ...patch,
})

const page = <T,>(list: T[]) => ({ list, total: list.length, page: 1, pageSize: 20 })

function loggedIn(): RootStore {
  const store = createRootStore()
  store.session.user = { user_id: 1, nickname: 'me' } as never
  return store
}

function show(Page: ComponentType, store = loggedIn()) {
  const view = render(
    <StoreProvider store={store}>
      <Page />
    </StoreProvider>,
  )
  const byTestId = (id: string) => view.container.querySelector(`[data-testid="${id}"]`)
  return { ...view, store, byTestId }
}

const submitIn = (el: Element | null) =>
  el?.querySelector('taro-button-core, button') ?? (el as Element)

beforeAll(setUpTaroDom)

beforeEach(() => {
  jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' } as never)
  jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false } as never)
  mocked.markRead.mockResolvedValue(null)
  mocked.fetchUnreadTotal.mockResolvedValue({ total: 3 })
  mocked.fetchStatistics.mockResolvedValue({ posts: 1, following: 1, followers: 0, likes: 0 })
})

describe('messages centre', () => {
  it('shows each kind with its unread count and reports the sum to the unread store', async () => {
    mocked.fetchUnreadByKind.mockResolvedValue({ notice: 0, comment: 2, like: 120, follow: 1 })
    const { default: Page } = await import('@/pagesA/msg/msg')
    const { byTestId, store } = show(Page)
    await waitFor(() => expect(byTestId('msg-unread-like')?.textContent).toBe('99+'))
    expect(byTestId('msg-unread-comment')?.textContent).toBe('2')
    expect(byTestId('msg-unread-follow')?.textContent).toBe('1')
    expect(byTestId('msg-unread-notice')).toBeNull()
    expect(byTestId('msg-row-notice')).not.toBeNull()
    expect(store.unread.sources.get('messages')).toBe(123)
  })

  it('asks a guest to log in', async () => {
    const { default: Page } = await import('@/pagesA/msg/msg')
    const { container } = show(Page, createRootStore())
    expect(container.textContent).toContain('登录后查看消息')
    expect(mocked.fetchUnreadByKind).not.toHaveBeenCalled()
  })
})

describe.each([
  ['notice', () => import('@/pagesA/msg/notice')],
  ['comment', () => import('@/pagesA/msg/comment')],
  ['like', () => import('@/pagesA/msg/likes')],
  ['follow', () => import('@/pagesA/msg/myFellow')],
] as const)('the %s list', (kind, load) => {
  it('shows the rows as text, then marks the kind read and counts unread again', async () => {
    mocked.fetchMessages.mockResolvedValue(page([message(kind)]))
    const { default: Page } = await load()
    const { byTestId, store, container } = show(Page)
    await waitFor(() => expect(byTestId('message-1')).not.toBeNull())
    expect(byTestId('message-1')?.getAttribute('data-unread')).toBe('1')
    expect(mocked.fetchMessages).toHaveBeenCalledWith(kind, 1, 20)
    await waitFor(() => expect(store.unread.sources.get('messages')).toBe(3))
    expect(mocked.markRead).toHaveBeenCalledWith(kind, 1)
    // Markup stays text.
    expect(container.querySelector('img[src="x"]')).toBeNull()
    expect(container.querySelector('b')).toBeNull()
    if (kind === 'comment') expect(container.textContent).toContain(`评论了你的读后感：${XSS}`)
    if (kind === 'follow') expect(byTestId('follow-9')?.textContent).toBe('回关')
  })
})

describe('the comment list', () => {
  it('tells a reply to my comment as a reply', async () => {
    mocked.fetchMessages.mockResolvedValue(
      page([
        message('comment', { id: 2, content: '同意', reply: true }),
        message('comment', { id: 1, content: '写得好' }),
      ]),
    )
    const { default: Page } = await import('@/pagesA/msg/comment')
    const { byTestId } = show(Page)
    await waitFor(() => expect(byTestId('message-2')).not.toBeNull())
    expect(byTestId('message-2')?.textContent).toContain('回复了你的评论：同意')
    expect(byTestId('message-2')?.textContent).not.toContain('评论了你的读后感')
    expect(byTestId('message-1')?.textContent).toContain('评论了你的读后感：写得好')
  })
})

describe('follow buttons', () => {
  it('go back when the call fails', async () => {
    mocked.fetchFollowList.mockResolvedValue(
      page([{ userId: 4, nickname: 'A', avatar: '', signature: '', followed: true, since: 1 }]),
    )
    mocked.setFollowing.mockRejectedValue(new Error('请求失败'))
    const { default: Page } = await import('@/pagesA/friend/fellowList')
    const { byTestId } = show(Page)
    await waitFor(() => expect(byTestId('follow-4')?.textContent).toBe('已关注'))
    await act(async () => {
      fireEvent.click(byTestId('follow-4') as Element)
    })
    expect(Taro.showModal).toHaveBeenCalled()
    expect(mocked.setFollowing).toHaveBeenCalledWith(4, false)
    await waitFor(() => expect(byTestId('follow-4')?.textContent).toBe('已关注'))
  })

  it('follow back from the new-followers list', async () => {
    mocked.fetchMessages.mockResolvedValue(page([message('follow')]))
    mocked.setFollowing.mockResolvedValue({ followed: true, followers: 1 })
    const { default: Page } = await import('@/pagesA/msg/myFellow')
    const { byTestId } = show(Page)
    await waitFor(() => expect(byTestId('follow-9')).not.toBeNull())
    await act(async () => {
      fireEvent.click(byTestId('follow-9') as Element)
    })
    expect(Taro.showModal).not.toHaveBeenCalled()
    expect(mocked.setFollowing).toHaveBeenCalledWith(9, true)
    await waitFor(() => expect(byTestId('follow-9')?.textContent).toBe('互相关注'))
  })
})

describe('block list', () => {
  it('takes a person off after asking, in place', async () => {
    mocked.fetchBlockList.mockResolvedValue(
      page([
        { userId: 6, nickname: 'B', avatar: '', signature: '', followed: false, since: 1 },
        { userId: 7, nickname: 'C', avatar: '', signature: '', followed: false, since: 1 },
      ]),
    )
    mocked.setBlocked.mockResolvedValue({ blocked: false })
    const { default: Page } = await import('@/pagesA/friend/blockList')
    const { byTestId } = show(Page)
    await waitFor(() => expect(byTestId('unblock-6')).not.toBeNull())
    await act(async () => {
      fireEvent.click(byTestId('unblock-6') as Element)
    })
    expect(mocked.setBlocked).toHaveBeenCalledWith(6, false)
    await waitFor(() => expect(byTestId('unblock-6')).toBeNull())
    expect(byTestId('unblock-7')).not.toBeNull()
  })
})

describe('my feedback', () => {
  it('shows type, reason, status, reply and images; deletes in place', async () => {
    mocked.fetchMyFeedback.mockResolvedValue(
      page([
        {
          id: 3,
          type: 'complaint' as const,
          content: XSS,
          images: ['/uploads/a.png'],
          targetType: 'user' as const,
          targetId: 2,
          reason: '广告',
          status: 1 as const,
          reply: '已核实',
          createdAt: 1_700_000_000,
        },
      ]),
    )
    mocked.deleteFeedback.mockImplementation(async () => {
      // Gone on the server: the list, now empty, loads again.
      mocked.fetchMyFeedback.mockResolvedValue(page([]))
      return null
    })
    const { default: Page } = await import('@/pagesA/mine/feedbackList')
    const { byTestId, container } = show(Page)
    await waitFor(() => expect(byTestId('feedback-item-3')).not.toBeNull())
    const text = byTestId('feedback-item-3')?.textContent ?? ''
    expect(text).toContain('投诉原因：广告')
    expect(text).toContain('已处理')
    expect(text).toContain('已核实')
    expect(text).toContain(XSS)
    expect(container.querySelector('img[src="x"]')).toBeNull()
    expect(byTestId('feedback-image-3-0')).not.toBeNull()
    await act(async () => {
      fireEvent.click(byTestId('feedback-delete-3') as Element)
    })
    expect(mocked.deleteFeedback).toHaveBeenCalledWith(3)
    await waitFor(() => expect(byTestId('feedback-item-3')).toBeNull())
    await waitFor(() => expect(container.textContent).toContain('还没有提交过投诉或建议'))
  })
})

describe('forms', () => {
  it('refuses blank feedback without calling the server', async () => {
    const { default: Page } = await import('@/pagesA/mine/feedback')
    const { byTestId, container } = show(Page)
    await act(async () => {
      fireEvent.click(submitIn(byTestId('feedback-submit')))
    })
    await waitFor(() => expect(container.textContent).toContain('请输入反馈内容'))
    expect(mocked.addFeedback).not.toHaveBeenCalled()
    expect(byTestId('feedback-image-add')).not.toBeNull()
  })

  it('needs a complaint reason, then sends the complaint', async () => {
    mocked.fetchComplaintReasons.mockResolvedValue([
      { id: 1, name: '广告' },
      { id: 2, name: '辱骂' },
    ])
    mocked.addComplaint.mockResolvedValue({} as never)
    const { default: Page } = await import('@/pagesA/friend/feedback')
    const { byTestId, container } = show(Page)
    await waitFor(() => expect(byTestId('complaint-reason-2')).not.toBeNull())
    // What it is about in words, never its internal id.
    expect(byTestId('complaint-target')?.textContent).toBe('投诉对象：读后感“陋室铭”')
    await act(async () => {
      fireEvent.click(submitIn(byTestId('complaint-submit')))
    })
    await waitFor(() => expect(container.textContent).toContain('请选择投诉原因'))
    expect(mocked.addComplaint).not.toHaveBeenCalled()
    fireEvent.click(byTestId('complaint-reason-2') as Element)
    await act(async () => {
      fireEvent.click(submitIn(byTestId('complaint-submit')))
    })
    expect(mocked.addComplaint).toHaveBeenCalledWith({
      targetType: 'post',
      targetId: 3,
      reasonId: 2,
      images: [],
    })
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '投诉已提交' }))
  })
})
