/**
 * Pull-down on the conversations and mine tabs refreshes what they show: the messages count, and
 * my counts (posts, following, followers, likes), which a show refreshes too.
 */
import { act, render, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import type { ComponentType } from 'react'
import * as api from '@/features/social/api'
import { createRootStore, StoreProvider, type RootStore } from '@/stores'
import { setUpTaroDom } from './helpers/taroDom'

type Handler = () => void
type Kind = 'show' | 'pullDown'

// Page hooks need a Taro page around the component: here each hook's latest handler is kept, and
// the test calls them as Taro would.
jest.mock('@tarojs/plugin-framework-react/dist/runtime', () => {
  const actual = jest.requireActual('@tarojs/plugin-framework-react/dist/runtime')
  const React = jest.requireActual('react')
  const pageHook = (kind: Kind) => (fn: Handler) => {
    const ref = React.useRef(fn)
    ref.current = fn
    React.useEffect(() => {
      const registry = ((
        globalThis as { pageHandlers?: Record<Kind, Set<Handler>> }
      ).pageHandlers ??= { show: new Set(), pullDown: new Set() })
      const call = () => ref.current()
      registry[kind].add(call)
      return () => void registry[kind].delete(call)
    }, [])
  }
  return {
    ...actual,
    useDidShow: pageHook('show'),
    useDidHide: () => undefined,
    usePullDownRefresh: pageHook('pullDown'),
    useReachBottom: () => undefined,
  }
})
jest.mock('@/features/social/api')
const mocked = jest.mocked(api)

const fire = async (kind: Kind) => {
  const registry = (globalThis as { pageHandlers?: Record<Kind, Set<Handler>> }).pageHandlers
  await act(async () => {
    registry?.[kind].forEach((fn) => fn())
    await Promise.resolve()
  })
}

let stopped = 0

beforeAll(setUpTaroDom)

beforeEach(() => {
  stopped = 0
  jest.spyOn(Taro, 'stopPullDownRefresh').mockImplementation((() => {
    stopped += 1
    return Promise.resolve()
  }) as never)
  jest.spyOn(Taro, 'setTabBarBadge').mockResolvedValue({ errMsg: 'ok' } as never)
  jest.spyOn(Taro, 'removeTabBarBadge').mockResolvedValue({ errMsg: 'ok' } as never)
})

const getMyProfile = jest.fn()

function loggedIn(): RootStore {
  const me = { user_id: 1, nickname: 'me', signature: '' }
  getMyProfile.mockResolvedValue(me)
  const store = createRootStore({ api: { getMyProfile, logout: () => Promise.resolve() } })
  store.session.user = me as never
  return store
}

function show(Page: ComponentType, store: RootStore) {
  const view = render(
    <StoreProvider store={store}>
      <Page />
    </StoreProvider>,
  )
  const byTestId = (id: string) => view.container.querySelector(`[data-testid="${id}"]`)
  return { ...view, byTestId }
}

describe('the conversations tab', () => {
  it('pull-down fetches the messages count again, then stops the spinner', async () => {
    mocked.fetchUnreadTotal.mockResolvedValueOnce({ total: 2 }).mockResolvedValueOnce({ total: 5 })
    const { default: Page } = await import('@/pages/friend/index')
    const { byTestId } = show(Page, loggedIn())
    await fire('show')
    await waitFor(() => expect(byTestId('messages-unread')?.textContent).toBe('2'))

    await fire('pullDown')
    await waitFor(() => expect(byTestId('messages-unread')?.textContent).toBe('5'))
    expect(mocked.fetchUnreadTotal).toHaveBeenCalledTimes(2)
    await waitFor(() => expect(stopped).toBe(1))
  })

  it('pull-down as a guest asks nothing and stops the spinner', async () => {
    const { default: Page } = await import('@/pages/friend/index')
    show(Page, createRootStore())
    await fire('pullDown')
    await waitFor(() => expect(stopped).toBe(1))
    expect(mocked.fetchUnreadTotal).not.toHaveBeenCalled()
  })
})

describe('the mine tab', () => {
  const stats = (n: number) => ({ posts: n, following: n + 1, followers: n + 2, likes: n + 3 })

  it('shows fresh counts on show and again on pull-down, with the messages count', async () => {
    mocked.fetchStatistics.mockResolvedValueOnce(stats(1)).mockResolvedValueOnce(stats(10))
    mocked.fetchUnreadTotal.mockResolvedValue({ total: 0 })
    const { default: Page } = await import('@/pages/mine/index')
    const { byTestId } = show(Page, loggedIn())
    await fire('show')
    await waitFor(() => expect(byTestId('stat-posts')?.textContent).toBe('1'))
    expect(byTestId('stat-likes')?.textContent).toBe('4')
    const unreadCalls = mocked.fetchUnreadTotal.mock.calls.length

    await fire('pullDown')
    await waitFor(() => expect(byTestId('stat-posts')?.textContent).toBe('10'))
    expect(byTestId('stat-following')?.textContent).toBe('11')
    expect(byTestId('stat-followers')?.textContent).toBe('12')
    expect(byTestId('stat-likes')?.textContent).toBe('13')
    expect(getMyProfile).toHaveBeenCalledTimes(2)
    expect(mocked.fetchUnreadTotal.mock.calls.length).toBe(unreadCalls + 1)
    await waitFor(() => expect(stopped).toBe(1))
  })

  it('an older answer arriving last does not replace the newer counts', async () => {
    let answerFirst: (value: ReturnType<typeof stats>) => void = () => undefined
    mocked.fetchStatistics
      .mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve)))
      .mockResolvedValueOnce(stats(10))
    mocked.fetchUnreadTotal.mockResolvedValue({ total: 0 })
    const { default: Page } = await import('@/pages/mine/index')
    const { byTestId } = show(Page, loggedIn())
    await fire('show')
    await fire('pullDown')
    await waitFor(() => expect(byTestId('stat-posts')?.textContent).toBe('10'))
    await act(async () => answerFirst(stats(1)))
    expect(byTestId('stat-posts')?.textContent).toBe('10')
  })

  it('a pull-down that fails keeps the counts and still stops the spinner', async () => {
    mocked.fetchStatistics.mockResolvedValueOnce(stats(1)).mockRejectedValueOnce(new Error('x'))
    mocked.fetchUnreadTotal.mockRejectedValue(new Error('x'))
    const { default: Page } = await import('@/pages/mine/index')
    const { byTestId } = show(Page, loggedIn())
    await fire('show')
    await waitFor(() => expect(byTestId('stat-posts')?.textContent).toBe('1'))
    await fire('pullDown')
    await waitFor(() => expect(stopped).toBe(1))
    expect(byTestId('stat-posts')?.textContent).toBe('1')
  })
})
