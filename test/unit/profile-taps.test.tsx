/**
 * Tapping a person on the ranking (avatar, name or anywhere on the row), on a reflection or on a
 * post or comment (avatar or name) opens their profile (mine for me), and my ranking entry's retry
 * handler is always there but only retries after a failure.
 */
import { fireEvent, render, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import * as statsApi from '@/features/stats/api'
import ReflectionItem from '@/features/books/components/ReflectionItem'
import CommentItem from '@/features/feed/components/CommentItem'
import PostCard from '@/features/feed/components/PostCard'
import { MY_PROFILE_URL } from '@/features/social/openProfile'
import { createRootStore, StoreProvider } from '@/stores'
import type { Reflection } from '@/types/api/books'
import type { Comment, Post } from '@/types/api/feed'
import type { RankEntry } from '@/types/api/stats'
import { setUpTaroDom } from './helpers/taroDom'

// Page hooks need a Taro page around the component: outside one they do nothing here.
jest.mock('@tarojs/plugin-framework-react/dist/runtime', () => {
  const actual = jest.requireActual('@tarojs/plugin-framework-react/dist/runtime')
  const noop = () => undefined
  return { ...actual, useDidShow: noop, usePullDownRefresh: noop, useReachBottom: noop }
})
jest.mock('@/features/stats/api')
const stats = jest.mocked(statsApi)

const ME = 1

const entry = (userId: number, rank: number): RankEntry => ({
  rank,
  userId,
  nickname: `读者${userId}`,
  avatar: '',
  seconds: 3600,
  likes: 0,
  liked: false,
  isMe: userId === ME,
})

const reflection = (userId: number): Reflection => ({
  id: 50 + userId,
  booksId: 3,
  booksName: '论语',
  booksCoverSheet: '',
  userId,
  nickname: `读者${userId}`,
  avatar: '',
  content: '学而时习之',
  createdAt: 1_700_000_000,
  mine: userId === ME,
})

let navigated: string[] = []

beforeAll(setUpTaroDom)

beforeEach(() => {
  navigated = []
  jest.spyOn(Taro, 'navigateTo').mockImplementation(((options: { url: string }) => {
    navigated.push(options.url)
    return Promise.resolve({ errMsg: 'navigateTo:ok' })
  }) as never)
  jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' } as never)
})

function loggedIn() {
  const store = createRootStore()
  store.session.user = { user_id: ME, nickname: 'me' } as never
  return store
}

async function showRanking() {
  const { default: Page } = await import('@/pagesA/mine/rankTop')
  const view = render(
    <StoreProvider store={loggedIn()}>
      <Page />
    </StoreProvider>,
  )
  const byTestId = (id: string) => view.container.querySelector(`[data-testid="${id}"]`)
  return { ...view, byTestId }
}

describe('the ranking', () => {
  beforeEach(() => {
    stats.fetchRanking.mockResolvedValue({
      list: [entry(7, 1), entry(ME, 2)],
      total: 2,
      page: 1,
      pageSize: 20,
    } as never)
  })

  it("a row's avatar opens that reader's profile, my own row my profile", async () => {
    stats.fetchMyRank.mockResolvedValue(entry(ME, 2))
    const { byTestId } = await showRanking()
    await waitFor(() => expect(byTestId('rank-avatar-7')).not.toBeNull())
    fireEvent.click(byTestId('rank-avatar-7') as Element)
    fireEvent.click(byTestId(`rank-avatar-${ME}`) as Element)
    await waitFor(() => expect(byTestId('my-rank-avatar')).not.toBeNull())
    fireEvent.click(byTestId('my-rank-avatar') as Element)
    expect(navigated).toEqual(['/pagesA/friend/userDetail?id=7', MY_PROFILE_URL, MY_PROFILE_URL])
  })

  it("a tap on a row's name or place opens the profile too; its heart only likes", async () => {
    stats.fetchMyRank.mockResolvedValue(entry(ME, 2))
    stats.likeRank.mockResolvedValue({ liked: true, likes: 1 } as never)
    const { byTestId } = await showRanking()
    await waitFor(() => expect(byTestId('rank-row-7')).not.toBeNull())
    const row = byTestId('rank-row-7') as Element
    fireEvent.click(row.querySelector('.rank-row__name') as Element)
    fireEvent.click(row.querySelector('.rank-no') as Element)
    fireEvent.click(byTestId('rank-like-7') as Element)
    await waitFor(() => expect(stats.likeRank).toHaveBeenCalledWith(7, true))
    expect(navigated).toEqual(['/pagesA/friend/userDetail?id=7', '/pagesA/friend/userDetail?id=7'])
  })

  it('my entry opens my profile from its name too', async () => {
    stats.fetchMyRank.mockResolvedValue(entry(ME, 2))
    const { byTestId } = await showRanking()
    await waitFor(() => expect(byTestId('my-rank-avatar')).not.toBeNull())
    fireEvent.click(byTestId('my-rank')?.querySelector('.rank-row__name') as Element)
    expect(navigated).toEqual([MY_PROFILE_URL])
  })

  it('a tap on my entry while it loads does nothing', async () => {
    stats.fetchMyRank.mockImplementation(() => new Promise(() => undefined))
    const { byTestId } = await showRanking()
    await waitFor(() => expect(byTestId('my-rank-retry')?.textContent).toBe('加载中…'))
    await waitFor(() => expect(byTestId('rank-avatar-7')).not.toBeNull())
    fireEvent.click(byTestId('my-rank-retry') as Element)
    expect(stats.fetchMyRank).toHaveBeenCalledTimes(1)
  })

  it('a failed entry shows a retry that loads it again', async () => {
    stats.fetchMyRank
      .mockRejectedValueOnce(new Error('网络不给力'))
      .mockResolvedValueOnce(entry(ME, 2))
    const { byTestId } = await showRanking()
    await waitFor(() => expect(byTestId('my-rank-retry')?.textContent).toBe('网络不给力，点击重试'))
    fireEvent.click(byTestId('my-rank-retry') as Element)
    await waitFor(() => expect(byTestId('my-rank-avatar')).not.toBeNull())
    expect(stats.fetchMyRank).toHaveBeenCalledTimes(2)
  })
})

describe('a reflection', () => {
  // openProfile tells me from others by the provided store.
  const inStore = (item: Reflection) => (
    <StoreProvider store={loggedIn()}>
      <ReflectionItem reflection={item} />
    </StoreProvider>
  )

  function show(item: Reflection) {
    const view = render(inStore(item))
    return view.container.querySelector(`[data-testid="reflection-avatar-${item.id}"]`) as Element
  }

  it("its writer's avatar opens their profile", () => {
    fireEvent.click(show(reflection(9)))
    expect(navigated).toEqual(['/pagesA/friend/userDetail?id=9'])
  })

  it('my own reflection opens my profile', () => {
    fireEvent.click(show(reflection(ME)))
    expect(navigated).toEqual([MY_PROFILE_URL])
  })

  it("the writer's name opens the profile too", () => {
    const view = render(inStore(reflection(9)))
    fireEvent.click(view.getByText('读者9'))
    expect(navigated).toEqual(['/pagesA/friend/userDetail?id=9'])
  })
})

describe('a post and a comment', () => {
  const author = (userId: number) => ({ userId, nickname: `作者${userId}`, avatar: '' })
  const post: Post = {
    id: 5,
    author: author(9),
    content: '陋室铭',
    images: [],
    likeCount: 0,
    commentCount: 0,
    liked: false,
    mine: false,
    createdAt: 1_700_000_000,
  }
  const comment: Comment = {
    id: 6,
    postId: 5,
    author: author(8),
    content: '写得好',
    parentId: 3,
    replyTo: author(ME),
    replyCount: 0,
    canDelete: false,
    createdAt: 1_700_000_000,
  }

  it("the author's name opens the profile, not the post", () => {
    const onOpen = jest.fn()
    const view = render(
      <StoreProvider store={loggedIn()}>
        <PostCard post={post} compact onOpen={onOpen} onLike={jest.fn()} />
      </StoreProvider>,
    )
    fireEvent.click(view.getByText('作者9'))
    expect(navigated).toEqual(['/pagesA/friend/userDetail?id=9'])
    expect(onOpen).not.toHaveBeenCalled()
    fireEvent.click(view.getByText('陋室铭'))
    expect(onOpen).toHaveBeenCalledTimes(1)
  })

  it("the writer's and the replied reader's names open their profiles, not a reply", () => {
    const onReply = jest.fn()
    const view = render(
      <StoreProvider store={loggedIn()}>
        <CommentItem comment={comment} onReply={onReply} onDelete={jest.fn()} />
      </StoreProvider>,
    )
    fireEvent.click(view.getByText('作者8'))
    fireEvent.click(view.getByText(`作者${ME}`))
    expect(navigated).toEqual(['/pagesA/friend/userDetail?id=8', MY_PROFILE_URL])
    expect(onReply).not.toHaveBeenCalled()
    fireEvent.click(view.getByText('写得好'))
    expect(onReply).toHaveBeenCalledTimes(1)
  })
})
