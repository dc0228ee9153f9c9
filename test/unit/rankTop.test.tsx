/**
 * The ranking page with its store: a like shows at once on the row and a second tap takes it back
 * (each answered by the server), and a failed like puts the count back.
 */
import { fireEvent, render, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import * as statsApi from '@/features/stats/api'
import { createRootStore, StoreProvider } from '@/stores'
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
const OTHER = 7

const entry = (userId: number, likes: number, liked: boolean): RankEntry => ({
  rank: userId,
  userId,
  nickname: `读者${userId}`,
  avatar: '',
  seconds: 3600,
  likes,
  liked,
  isMe: userId === ME,
})

beforeAll(setUpTaroDom)

beforeEach(() => {
  jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' } as never)
  stats.fetchMyRank.mockResolvedValue(entry(ME, 0, false))
  stats.fetchRanking.mockResolvedValue({
    list: [entry(OTHER, 5, true), entry(ME, 2, false)],
    total: 2,
    page: 1,
    pageSize: 20,
  } as never)
})

async function showRanking() {
  const store = createRootStore()
  store.session.user = { user_id: ME, nickname: 'me' } as never
  const { default: Page } = await import('@/pagesA/mine/rankTop')
  const view = render(
    <StoreProvider store={store}>
      <Page />
    </StoreProvider>,
  )
  const byTestId = (id: string) => view.container.querySelector(`[data-testid="${id}"]`)
  await waitFor(() => expect(byTestId(`rank-like-${OTHER}`)).not.toBeNull())
  const likes = () => byTestId(`rank-likes-${OTHER}`)?.textContent
  return { byTestId, likes }
}

describe('liking on the ranking', () => {
  it('a tap unlikes, the next likes again, each shown on the row', async () => {
    stats.likeRank
      .mockResolvedValueOnce({ liked: false, likes: 4 })
      .mockResolvedValueOnce({ liked: true, likes: 5 })
    const { byTestId, likes } = await showRanking()
    expect(likes()).toBe('5')
    fireEvent.click(byTestId(`rank-like-${OTHER}`) as Element)
    await waitFor(() => expect(likes()).toBe('4'))
    await waitFor(() => expect(stats.likeRank).toHaveBeenCalledTimes(1))
    fireEvent.click(byTestId(`rank-like-${OTHER}`) as Element)
    await waitFor(() => expect(likes()).toBe('5'))
    expect(stats.likeRank.mock.calls).toEqual([
      [OTHER, false],
      [OTHER, true],
    ])
    // My own row has no heart to tap.
    expect(byTestId(`rank-like-${ME}`)).toBeNull()
    expect(byTestId(`rank-likes-${ME}`)?.textContent).toBe('2')
  })

  it('a failed like puts the count back', async () => {
    let fail: (err: Error) => void = () => undefined
    stats.likeRank.mockReturnValueOnce(new Promise((_, reject) => (fail = reject)))
    const { byTestId, likes } = await showRanking()
    fireEvent.click(byTestId(`rank-like-${OTHER}`) as Element)
    await waitFor(() => expect(likes()).toBe('4'))
    fail(new Error('操作太频繁'))
    await waitFor(() => expect(likes()).toBe('5'))
  })
})
