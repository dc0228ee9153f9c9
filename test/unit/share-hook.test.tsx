/**
 * useShareCard on a page: in WeChat's browser the page's card (with my spid) is set 300 ms after
 * the page shows, through a fake JS-SDK and a fake SharePage call; outside WeChat nothing is
 * loaded and the 分享 button copies the link.
 */
import { act, fireEvent, render } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { fetchSharePage } from '@/features/share/api'
import { COPIED_TEXT } from '@/features/share/action'
import { loadWx } from '@/features/share/loadWx'
import ShareButton from '@/features/share/ShareButton'
import { useShareCard } from '@/features/share/useShareCard'
import { SHARE_DELAY_MS, type WxShareApi } from '@/features/share/wechat'
import { createRootStore, StoreProvider } from '@/stores'

// Page hooks need a Taro page around the component: outside one they do nothing here (the effect
// that schedules the card runs on mount, as on a page's first show).
jest.mock('@tarojs/plugin-framework-react/dist/runtime', () => {
  const actual = jest.requireActual('@tarojs/plugin-framework-react/dist/runtime')
  const noop = () => undefined
  // The mini-program's share handler is kept for the test to call, as WeChat would.
  const keep = (handler: () => unknown) => {
    ;(globalThis as { shareHandler?: () => unknown }).shareHandler = handler
  }
  return { ...actual, useDidShow: noop, useShareAppMessage: keep }
})
jest.mock('@/features/share/loadWx', () => ({ loadWx: jest.fn() }))
jest.mock('@/features/share/api', () => ({ fetchSharePage: jest.fn() }))

const mockedLoadWx = jest.mocked(loadWx)
const mockedSign = jest.mocked(fetchSharePage)

const WECHAT_UA = 'Mozilla/5.0 (Linux; Android 14) MicroMessenger/8.0.50.2701 NetType/WIFI'
const userAgent = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(navigator), 'userAgent')

function setUserAgent(value: string) {
  Object.defineProperty(navigator, 'userAgent', { configurable: true, get: () => value })
}

function fakeWx() {
  const cards: unknown[] = []
  let onReady: (() => void) | null = null
  const wx: WxShareApi = {
    config: () => undefined,
    ready: (callback) => void (onReady = callback),
    error: () => undefined,
    updateAppMessageShareData: (card) => void cards.push(card),
    updateTimelineShareData: () => undefined,
  }
  return { wx, cards, ready: () => onReady?.() }
}

const flush = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve()
}

function Page() {
  const share = useShareCard({
    title: '书友 小林',
    desc: '来看看',
    path: '/pagesA/friend/userDetail?id=9',
  })
  return <ShareButton onShare={share} />
}

function show(userId?: number) {
  const store = createRootStore()
  if (userId) store.session.user = { user_id: userId, nickname: 'me' } as never
  return render(
    <StoreProvider store={store}>
      <Page />
    </StoreProvider>,
  )
}

afterEach(() => {
  jest.useRealTimers()
  delete (navigator as { userAgent?: string }).userAgent
  if (userAgent) Object.defineProperty(Object.getPrototypeOf(navigator), 'userAgent', userAgent)
})

it("in WeChat's browser sets this page's card with my spid 300 ms after it shows", async () => {
  jest.useFakeTimers()
  setUserAgent(WECHAT_UA)
  const fake = fakeWx()
  mockedLoadWx.mockResolvedValue(fake.wx)
  mockedSign.mockResolvedValue({
    debug: false,
    appId: 'wx1',
    timestamp: 1,
    nonceStr: 'n',
    signature: 's',
  })
  show(42)
  await act(async () => {
    jest.advanceTimersByTime(SHARE_DELAY_MS - 1)
    await flush()
  })
  expect(mockedLoadWx).not.toHaveBeenCalled()
  await act(async () => {
    jest.advanceTimersByTime(1)
    await flush()
  })
  expect(mockedSign).toHaveBeenCalledWith(location.href.split('#')[0])
  await act(async () => {
    fake.ready()
    await flush()
  })
  expect(fake.cards).toEqual([
    {
      title: '书友 小林',
      desc: '来看看',
      link: `${location.origin}/pagesA/friend/userDetail?id=9&spid=42`,
      imgUrl: '',
    },
  ])
})

it('outside WeChat loads no SDK, and the 分享 button copies the link with my spid', async () => {
  jest.useFakeTimers()
  const copy = jest
    .spyOn(Taro, 'setClipboardData')
    .mockResolvedValue({ errMsg: 'setClipboardData:ok' } as never)
  const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' } as never)
  const view = show(42)
  await act(async () => {
    jest.advanceTimersByTime(SHARE_DELAY_MS * 3)
    await flush()
  })
  expect(mockedLoadWx).not.toHaveBeenCalled()
  expect(mockedSign).not.toHaveBeenCalled()

  const button = view.container.querySelector('[data-testid="share"]')
  expect(button?.textContent).toBe('分享')
  await act(async () => {
    fireEvent.click(button as Element)
    await flush()
  })
  expect(copy).toHaveBeenCalledWith({
    data: `${location.origin}/pagesA/friend/userDetail?id=9&spid=42`,
  })
  expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: COPIED_TEXT }))
})

it('a guest shares the link without spid', async () => {
  const copy = jest
    .spyOn(Taro, 'setClipboardData')
    .mockResolvedValue({ errMsg: 'setClipboardData:ok' } as never)
  jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' } as never)
  const view = show()
  await act(async () => {
    fireEvent.click(view.container.querySelector('[data-testid="share"]') as Element)
    await flush()
  })
  expect(copy).toHaveBeenCalledWith({ data: `${location.origin}/pagesA/friend/userDetail?id=9` })
})

it("the mini-program's share sheet gets the page's path with my spid", () => {
  show(42)
  const handler = (globalThis as { shareHandler?: () => unknown }).shareHandler
  expect(handler?.()).toEqual({
    title: '书友 小林',
    path: '/pagesA/friend/userDetail?id=9&spid=42',
  })
})
