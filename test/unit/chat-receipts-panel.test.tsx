/**
 * The receipt panel (tabs 已读 / 未读, members 100 a page by cursor, each once), the
 * visibility rule of incoming messages (70 % on screen, held, not a glimpse) and the reader's
 * setting 消息已读回执 (kept on the device, on by default; its switch only while the app's is on).
 */
import { act, fireEvent, render, renderHook, waitFor } from '@testing-library/react'
import { appendPage, EMPTY_PAGE, membersOf, useReceiptPanel } from '@/features/chat/useReceiptPanel'
import {
  displayReceiptSetting,
  setDisplayReceiptSetting,
  useReceiptSwitch,
  type SettingStore,
} from '@/features/chat/receiptSettings'
import { SETTLE_MS, visibilityTracker } from '@/features/chat/useReceiptsOnScreen'
import ReceiptPanel from '@/TUIKit/components/TUIChat/ReceiptPanel'
import type { GroupMessageReadMembers, Message } from '@/TUIKit/engine/types'
import { ReceiptLimits } from '@rules/chatReceipts'
import { setUpTaroDom } from './helpers/taroDom'

const serverSetting = { enabledMessageReadReceipt: true }
jest.mock('@/core/request', () => ({ call: jest.fn(async () => serverSetting) }))

/** The group's members: 250, user IDs 1..250; the first 130 read the message. */
const MOCK_MEMBERS = Array.from({ length: 250 }, (_, i) => String(i + 1))
const MOCK_READERS = new Set(MOCK_MEMBERS.slice(0, 130))
const mockAsks: Array<{ filter: number; cursor: string; count: number }> = []
let mockFailNext = false

/** The gateway's paging: user IDs after the cursor, `count` a page (the last one repeated once). */
function mockPage(filter: 0 | 1, cursor: string, count: number): GroupMessageReadMembers {
  const ids = MOCK_MEMBERS.filter((id) => (filter === 0) === MOCK_READERS.has(id))
  const after = cursor === '' ? 0 : Number(cursor)
  // A member who read between two pages shows again at the top of the next one: listed once.
  const start = Math.max(0, ids.findIndex((id) => Number(id) > after) - (after ? 1 : 0))
  const slice = ids.slice(start, start + count)
  const more = start + count < ids.length
  return {
    messageID: 'g-1',
    readUserIDList: filter === 0 ? slice : [],
    unreadUserIDList: filter === 1 ? slice : [],
    memberList: slice.map((id) => ({ userID: id, nick: `读者${id}`, avatar: '' })),
    cursor: more ? slice[slice.length - 1] : '',
    isCompleted: !more,
  }
}

const mockEngine = {
  getGroupMessageReadMemberList: jest.fn(
    async (o: { filter: 0 | 1; cursor: string; count: number }) => {
      mockAsks.push({ filter: o.filter, cursor: o.cursor, count: o.count })
      if (mockFailNext) {
        mockFailNext = false
        throw { code: 2800, message: '网络异常，请重试' }
      }
      return { code: 0, data: mockPage(o.filter, o.cursor, o.count) }
    },
  ),
}
jest.mock('@/stores', () => ({
  useStores: () => ({ chat: { whenStarted: async () => mockEngine } }),
}))

const message = {
  ID: 'g-1',
  conversationID: 'GROUPg',
  conversationType: 'GROUP',
  flow: 'out',
  status: 'success',
  type: 'TIMTextElem',
  payload: { text: '大家好' },
  readReceiptInfo: { readCount: 130, unreadCount: 120, isPeerRead: false },
} as unknown as Message

beforeEach(() => {
  mockAsks.length = 0
  mockFailNext = false
})

describe('receipt panel paging', () => {
  it('names from the page, user IDs when the engine sends none (Tencent)', () => {
    const res = mockPage(0, '', 2)
    expect(membersOf(res, 'read').map((m) => m.nick)).toEqual(['读者1', '读者2'])
    const bare = { ...res, memberList: undefined }
    expect(membersOf(bare, 'read')).toEqual([
      { userID: '1', nick: '1', avatar: '' },
      { userID: '2', nick: '2', avatar: '' },
    ])
  })

  it('appends pages by cursor, each member once, until complete', () => {
    let list = appendPage(EMPTY_PAGE, mockPage(0, '', 100), 'read')
    expect(list.members).toHaveLength(100)
    expect(list.cursor).toBe('100')
    list = appendPage(list, mockPage(0, list.cursor, 100), 'read')
    expect(list.members.map((m) => m.userID)).toEqual(MOCK_MEMBERS.slice(0, 130))
    expect(list.isCompleted).toBe(true)
  })

  it('the hook: both tabs’ first pages, more by cursor, no duplicates, close', async () => {
    const { result } = renderHook(() => useReceiptPanel())
    act(() => result.current.open(message))
    await waitFor(() => expect(result.current.members).toHaveLength(100))
    expect(mockAsks).toEqual([
      { filter: 0, cursor: '', count: ReceiptLimits.memberPageSize },
      { filter: 1, cursor: '', count: ReceiptLimits.memberPageSize },
    ])
    expect(result.current.tab).toBe('read')
    expect(result.current.hasMore).toBe(true)
    act(() => result.current.loadMore())
    await waitFor(() => expect(result.current.members).toHaveLength(130))
    expect(mockAsks[2]).toEqual({ filter: 0, cursor: '100', count: 100 })
    expect(new Set(result.current.members.map((m) => m.userID)).size).toBe(130)
    expect(result.current.hasMore).toBe(false)
    // Complete: asking for more mockAsks nothing.
    act(() => result.current.loadMore())
    expect(mockAsks).toHaveLength(3)

    act(() => result.current.setTab('unread'))
    expect(result.current.members.map((m) => m.userID)).toEqual(MOCK_MEMBERS.slice(130, 230))
    act(() => result.current.loadMore())
    await waitFor(() => expect(result.current.members).toHaveLength(120))
    expect(result.current.readCount).toBe(130)
    expect(result.current.unreadCount).toBe(120)
    act(() => result.current.close())
    expect(result.current.message).toBeNull()
  })

  it('a failed page says why and can be asked again', async () => {
    mockFailNext = true
    const { result } = renderHook(() => useReceiptPanel())
    act(() => result.current.open(message))
    await waitFor(() => expect(result.current.error).toBe('网络异常，请重试'))
    expect(result.current.members).toEqual([])
    act(() => result.current.loadMore())
    await waitFor(() => expect(result.current.members).toHaveLength(100))
    expect(result.current.error).toBe('')
  })
})

describe('ReceiptPanel', () => {
  beforeAll(setUpTaroDom)
  // A hundred rows of Taro's H5 components take jsdom a few seconds.
  const SLOW = { timeout: 20_000 }
  jest.setTimeout(60_000)

  function Harness() {
    const panel = useReceiptPanel()
    return (
      <>
        <button type="button" onClick={() => panel.open(message)}>
          open
        </button>
        <ReceiptPanel panel={panel} />
      </>
    )
  }

  it('tabs 已读 and 未读 (role tab, aria-selected), members, 加载更多, 关闭', async () => {
    const view = render(<Harness />)
    expect(view.queryByTestId('receipt-panel')).toBeNull()
    fireEvent.click(view.getByText('open'))
    await waitFor(() => expect(view.getAllByTestId('receipt-member')).toHaveLength(100), SLOW)
    const tabs = view.container.querySelectorAll('[role="tab"]')
    expect([...tabs].map((t) => t.getAttribute('aria-label'))).toEqual(['已读 130', '未读 120'])
    expect([...tabs].map((t) => t.getAttribute('aria-selected'))).toEqual(['true', 'false'])
    expect(view.getByText('读者1')).toBeTruthy()
    fireEvent.click(view.getByTestId('receipt-more'))
    await waitFor(() => expect(view.getAllByTestId('receipt-member')).toHaveLength(130), SLOW)
    expect(view.queryByTestId('receipt-more')).toBeNull()

    fireEvent.click(view.getByTestId('receipt-tab-unread'))
    expect(view.getByTestId('receipt-tab-unread').getAttribute('aria-selected')).toBe('true')
    expect(view.getByText('读者131')).toBeTruthy()

    const close = view.getByTestId('receipt-close')
    expect(close.getAttribute('role')).toBe('button')
    expect(close.getAttribute('aria-label')).toBe('关闭')
    fireEvent.click(close)
    expect(view.queryByTestId('receipt-panel')).toBeNull()
  })

  it('an empty tab says so', async () => {
    const everyone = {
      ...message,
      ID: 'g-2',
      readReceiptInfo: { readCount: 0, unreadCount: 0, isPeerRead: false },
    } as Message
    mockEngine.getGroupMessageReadMemberList.mockImplementationOnce(async () => ({
      code: 0,
      data: { ...mockPage(0, '', 100), readUserIDList: [], memberList: [], cursor: '' },
    }))
    function Empty() {
      const panel = useReceiptPanel()
      return (
        <>
          <button type="button" onClick={() => panel.open(everyone)}>
            open
          </button>
          <ReceiptPanel panel={panel} />
        </>
      )
    }
    const view = render(<Empty />)
    fireEvent.click(view.getByText('open'))
    await waitFor(() => expect(view.getByTestId('receipt-empty').textContent).toBe('暂无成员已读'))
  })
})

describe('visibility of incoming messages', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  it('counts a row that stayed 70 % on screen for the settle time, not a glimpse', () => {
    const seen = jest.fn()
    const tracker = visibilityTracker(seen)
    tracker.update('a', 0.69)
    jest.advanceTimersByTime(SETTLE_MS * 2)
    expect(seen).not.toHaveBeenCalled()
    tracker.update('a', 1)
    tracker.update('b', 0.8)
    jest.advanceTimersByTime(SETTLE_MS / 2)
    tracker.update('b', 0.2)
    jest.advanceTimersByTime(SETTLE_MS / 2)
    expect(seen).toHaveBeenCalledWith(['a'])
    tracker.update('c', 0.9)
    tracker.stop()
    jest.advanceTimersByTime(SETTLE_MS * 2)
    expect(seen).toHaveBeenCalledTimes(1)
  })
})

describe('the reader’s setting 消息已读回执', () => {
  const memory = (): SettingStore & { value: unknown } => {
    const store = {
      value: undefined as unknown,
      read: () => store.value,
      write: (on: boolean) => {
        store.value = on
      },
    }
    return store
  }

  it('is on until turned off, and kept', () => {
    const store = memory()
    expect(displayReceiptSetting(store)).toBe(true)
    store.value = ''
    expect(displayReceiptSetting(store)).toBe(true)
    setDisplayReceiptSetting(false, store)
    expect(store.value).toBe(false)
    expect(displayReceiptSetting(store)).toBe(false)
    setDisplayReceiptSetting(true, store)
    expect(displayReceiptSetting(store)).toBe(true)
  })

  it('on the device by default (Taro storage under its own name)', () => {
    setDisplayReceiptSetting(false)
    expect(localStorage.getItem('displayMessageReadReceipt')).toContain('false')
    expect(displayReceiptSetting()).toBe(false)
    setDisplayReceiptSetting(true)
    expect(displayReceiptSetting()).toBe(true)
  })

  it('the switch is offered only to a signed-in reader while the app setting is on', async () => {
    const store = memory()
    const guest = renderHook(() => useReceiptSwitch(false, store))
    await act(async () => undefined)
    expect(guest.result.current.available).toBe(false)
    const reader = renderHook(() => useReceiptSwitch(true, store))
    await waitFor(() => expect(reader.result.current.available).toBe(true))
    expect(reader.result.current.on).toBe(true)
    act(() => reader.result.current.toggle(false))
    expect(reader.result.current.on).toBe(false)
    expect(store.value).toBe(false)
  })
})
