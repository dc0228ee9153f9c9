/**
 * Gifts in jsdom against faked calls: the card's data and rules (parse, state per side, the data
 * written back after a settle, where a tap leads), the card in a chat (the giver waits, the receiver
 * accepts, or refuses after the confirmation, and the chat gets the settled card), choosing books
 * (held copies cannot be chosen, at most ten, the words checked, sent, then the chat) and 我的赠送.
 */
import { act, render, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import * as giftApi from '@/features/gifts/api'
import {
  giftItemUrl,
  giftStatusText,
  isGiftMessage,
  parseGift,
  settledData,
} from '@/features/gifts/card'
import { bookRow, docRow } from '@/features/gifts/useGiftRecords'
import { toggleChoice } from '@/features/gifts/useGiftSelect'
import MessageBody from '@/TUIKit/components/TUIChat/message-elements'
import type { Message } from '@/TUIKit/engine/types'
import type { BookGift, DocGift } from '@/types/api/gifts'
import type { BookCopy } from '@/types/api/shop'
import { GiftText } from '@rules/gifts'
import { byTestId, field, recordTaroCalls, showPage, tap } from './helpers/pages'
import { setUpTaroDom } from './helpers/taroDom'

const router = { params: {} as Record<string, string> }

jest.mock('@tarojs/plugin-framework-react/dist/runtime', () =>
  jest
    .requireActual<typeof import('./helpers/pageHooks')>('./helpers/pageHooks')
    .fakePageHooks(
      [
        'useDidShow',
        'useDidHide',
        'usePullDownRefresh',
        'useReachBottom',
        'usePageScroll',
        'useShareAppMessage',
      ],
      { useRouter: () => router },
    ),
)
jest.mock('@/features/gifts/api')
const api = jest.mocked(giftApi)

const bookData = (extension = 0) =>
  JSON.stringify({
    businessID: 'giveBook',
    giftBooksLogId: '12,13',
    bookInfo: [
      { booksOrderId: 5, booksName: '论语', booksCoverSheet: '/c1.png', extension },
      { booksOrderId: 6, booksName: '孟子', booksCoverSheet: '', extension },
    ],
    to: '2',
    text: '送你两本书',
    extension,
    urlH5: '',
  })

const docData = (extension = 0, docs_type = 'mag') =>
  JSON.stringify({
    businessID: 'sendDoc',
    doc: true,
    giftDocId: 31,
    docs_thumb: '',
    docs_name: '读者 2025年第1期',
    docs_type,
    docs_id: 4,
    to: '2',
    text: '',
    extension,
  })

function card(data: string, flow: 'in' | 'out', description = 'giveBook'): Message {
  return {
    ID: '1-gift',
    conversationID: flow === 'in' ? 'C2C1' : 'C2C2',
    conversationType: 'C2C',
    sequence: 3,
    type: 'TIMCustomElem',
    payload: { data, description, extension: '' },
    from: '1',
    to: '2',
    nick: '',
    avatar: '',
    time: 1_700_000_000,
    isRevoked: false,
    revoker: '',
    cloudCustomData: '',
    flow,
    status: 'success',
    progress: 1,
  }
}

const person = (id: number, nickname: string) => ({ id, nickname, avatar: '' })

const bookGift = (extra: Partial<BookGift> = {}): BookGift => ({
  giftBooksLogId: 12,
  batchIds: [12],
  receiveUserId: 2,
  booksOrderId: 5,
  booksId: 1,
  booksName: '论语',
  booksCoverSheet: '',
  giver: person(1, '小周'),
  receiver: person(2, '书友小林'),
  text: '送你',
  state: 0,
  createdAt: 1_700_000_000,
  settledAt: null,
  conversationID: 'C2C2',
  messageID: '1-gift',
  ...extra,
})

const copy = (id: number, extra: Partial<BookCopy> = {}): BookCopy => ({
  booksOrderId: id,
  booksId: id,
  booksName: `书${id}`,
  booksCoverSheet: '',
  author: '作者',
  state: 'owned',
  source: 'buy',
  orderId: 1,
  createdAt: 1_700_000_000,
  ...extra,
})

let navigated: string[] = []
let redirected: string[] = []
let toasts: string[] = []

beforeAll(() => setUpTaroDom())
beforeEach(() => {
  jest.clearAllMocks()
  router.params = {}
  ;({ navigated, redirected, toasts } = recordTaroCalls())
})

describe('the gift card’s data', () => {
  it('reads book and document cards, and nothing else', () => {
    const book = parseGift(card(bookData(), 'out'))
    expect(book).toMatchObject({
      kind: 'book',
      ids: '12,13',
      text: '送你两本书',
      state: 0,
      to: '2',
    })
    expect(book?.items.map((i) => i.name)).toEqual(['论语', '孟子'])
    const doc = parseGift(card(docData(2), 'in', 'sendDoc'))
    expect(doc).toMatchObject({ kind: 'doc', docKind: 'mag', ids: '31', state: 2 })
    expect(isGiftMessage(card('{"businessID":"group_create"}', 'in'))).toBe(false)
    expect(isGiftMessage(card('not json', 'in'))).toBe(false)
    expect(isGiftMessage({ ...card(bookData(), 'in'), type: 'TIMTextElem' })).toBe(false)
  })

  it('says per side what the state is', () => {
    expect(giftStatusText(0, true)).toBe('等待对方接收')
    expect(giftStatusText(0, false)).toBeNull()
    expect(giftStatusText(1, false)).toBe('已接受')
    expect(giftStatusText(2, true)).toBe('已拒绝')
  })

  it('writes the settled state into the card and every book', () => {
    const data = JSON.parse(settledData(parseGift(card(bookData(), 'in'))!, 1))
    expect(data.extension).toBe(1)
    expect(data.bookInfo.map((b: { extension: number }) => b.extension)).toEqual([1, 1])
    expect(data.giftBooksLogId).toBe('12,13')
  })

  it('knows where a document card leads; a book card asks its record', () => {
    expect(giftItemUrl(parseGift(card(docData(0, 'mag'), 'in'))!)).toBe('/pagesA/maga/detail?id=4')
    expect(giftItemUrl(parseGift(card(docData(0, 'newspaper'), 'in'))!)).toBe(
      '/pagesA/paper/detail?id=4',
    )
    expect(giftItemUrl(parseGift(card(docData(0, 'doc'), 'in'))!)).toBe('/pagesA/file/detail?id=4')
    expect(giftItemUrl(parseGift(card(bookData(), 'in'))!)).toBe('')
  })

  it('toggles choices: books up to ten, the others one', () => {
    expect(toggleChoice([1], 2, 'book')).toEqual({ selected: [1, 2], error: '' })
    expect(toggleChoice([1, 2], 1, 'book')).toEqual({ selected: [2], error: '' })
    expect(toggleChoice([1], 2, 'doc')).toEqual({ selected: [2], error: '' })
    const ten = Array.from({ length: 10 }, (_, i) => i + 1)
    expect(toggleChoice(ten, 11, 'book').error).toBe(GiftText.booksTooMany)
  })
})

describe('the gift card in a chat', () => {
  it('the giver sees the books, the words and 等待对方接收, no buttons', async () => {
    const view = render(<MessageBody message={card(bookData(), 'out')} modify={jest.fn()} />)
    expect(byTestId(view.container, 'gift-name').textContent).toBe('论语、孟子')
    expect(byTestId(view.container, 'gift-text').textContent).toBe('送你两本书')
    expect(byTestId(view.container, 'gift-status').textContent).toBe('等待对方接收')
    expect(byTestId(view.container, 'gift-accept')).toBeNull()
  })

  it('the receiver accepts: the settle call, then the chat gets the accepted card', async () => {
    api.settleBookGift.mockResolvedValue({ list: [], message: null })
    const modify = jest.fn().mockResolvedValue(null)
    const message = card(bookData(), 'in')
    const view = render(<MessageBody message={message} modify={modify} />)
    await tap(byTestId(view.container, 'gift-accept'))
    await waitFor(() => expect(modify).toHaveBeenCalled())
    expect(api.settleBookGift).toHaveBeenCalledWith('12,13', 1)
    const changed = modify.mock.calls[0][0] as Message
    expect(changed.ID).toBe(message.ID)
    expect(JSON.parse(String(changed.payload.data)).extension).toBe(1)
    expect(toasts).toContain('已接受')
  })

  it('the receiver refuses only after the confirmation', async () => {
    api.settleDocGift.mockResolvedValue({} as never)
    const modal = jest
      .spyOn(Taro, 'showModal')
      .mockResolvedValueOnce({ confirm: false, cancel: true } as never)
      .mockResolvedValueOnce({ confirm: true, cancel: false } as never)
    const modify = jest.fn().mockResolvedValue(null)
    const view = render(
      <MessageBody message={card(docData(0, 'doc'), 'in', 'sendDoc')} modify={modify} />,
    )
    await tap(byTestId(view.container, 'gift-refuse'))
    expect(modal).toHaveBeenCalledWith(expect.objectContaining({ content: GiftText.refuseConfirm }))
    expect(api.settleDocGift).not.toHaveBeenCalled()
    await tap(byTestId(view.container, 'gift-refuse'))
    await waitFor(() => expect(modify).toHaveBeenCalled())
    expect(api.settleDocGift).toHaveBeenCalledWith(31, false)
    expect(JSON.parse(String((modify.mock.calls[0][0] as Message).payload.data)).extension).toBe(2)
  })

  it('a failed settle leaves the card as it was', async () => {
    api.settleBookGift.mockRejectedValue(new Error(GiftText.settled))
    const modify = jest.fn()
    const view = render(<MessageBody message={card(bookData(), 'in')} modify={modify} />)
    await tap(byTestId(view.container, 'gift-accept'))
    await act(async () => undefined)
    expect(modify).not.toHaveBeenCalled()
  })

  it('both sides see the outcome; a tap opens the book through its record', async () => {
    api.fetchBookGift.mockResolvedValue(bookGift({ booksId: 9 }))
    const view = render(<MessageBody message={card(bookData(1), 'in')} modify={jest.fn()} />)
    expect(byTestId(view.container, 'gift-status').textContent).toBe('已接受')
    expect(byTestId(view.container, 'gift-accept')).toBeNull()
    await tap(byTestId(view.container, 'gift-open'))
    await waitFor(() => expect(navigated).toEqual(['/pagesA/read/detail?id=9']))
    expect(api.fetchBookGift).toHaveBeenCalledWith(12)
  })
})

describe('choosing books to give', () => {
  it('shows my copies with held ones off, checks the words, sends and opens the chat', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] })
    try {
      router.params = { friendId: '2', name: encodeURIComponent('书友小林') }
      api.fetchMyCopies.mockResolvedValue({
        list: [copy(5), copy(6, { state: 'held' }), copy(7)],
        total: 3,
        page: 1,
        pageSize: 10,
      })
      api.createBookGift.mockResolvedValue({ giftBooksLogIds: [1, 2], message: {} as never })
      const view = await showPage('pagesA/friend/selectBook', true)
      await waitFor(() => expect(byTestId(view.container, 'gift-item-5')).toBeTruthy())
      expect(byTestId(view.container, 'gift-friend').textContent).toContain('书友小林')
      expect(byTestId(view.container, 'gift-item-6').textContent).toContain('赠送中')

      await tap(byTestId(view.container, 'gift-send'))
      expect(byTestId(view.container, 'gift-error').textContent).toBe(GiftText.booksMissing)

      await tap(byTestId(view.container, 'gift-item-5'))
      await tap(byTestId(view.container, 'gift-item-6'))
      await tap(byTestId(view.container, 'gift-item-7'))
      const words = await field<HTMLTextAreaElement>(view.container, 'textarea')
      await act(async () => {
        words.value = '好书共读'
        words.dispatchEvent(new Event('input', { bubbles: true }))
      })
      await tap(byTestId(view.container, 'gift-send'))
      await waitFor(() => expect(api.createBookGift).toHaveBeenCalled())
      expect(api.createBookGift).toHaveBeenCalledWith({
        booksOrderIds: [5, 7],
        receiveUserId: 2,
        text: '好书共读',
      })
      expect(toasts).toContain(GiftText.sent)
      await act(async () => {
        jest.advanceTimersByTime(600)
      })
      expect(redirected).toEqual(['/TUIKit/components/TUIChat/index?conversationID=C2C2'])
    } finally {
      jest.useRealTimers()
    }
  })

  it('asks a guest to sign in', async () => {
    const view = await showPage('pagesA/friend/selectDoc', false)
    expect(view.container.textContent).toContain('登录后赠送文档给书友')
  })
})

describe('我的赠送', () => {
  it('rows say who, what and the state; the state filter asks again', async () => {
    api.fetchBookGifts.mockResolvedValue({
      list: [bookGift(), bookGift({ giftBooksLogId: 13, state: 1, booksName: '孟子' })],
      total: 2,
      page: 1,
      pageSize: 10,
    })
    const view = await showPage('pagesA/mine/giveBook', true)
    await waitFor(() => expect(view.container.textContent).toContain('孟子'))
    expect(view.container.textContent).toContain('来自 小周')
    expect(view.container.textContent).toContain('待接收')
    expect(api.fetchBookGifts).toHaveBeenCalledWith({ type: 'received', page: 1, pageSize: 10 })
    await tap(byTestId(view.container, 'gift-state-1'))
    await waitFor(() =>
      expect(api.fetchBookGifts).toHaveBeenLastCalledWith({
        type: 'received',
        page: 1,
        pageSize: 10,
        state: 1,
      }),
    )
    await tap(view.container.querySelectorAll('[data-testid="gift-record"]')[0] as HTMLElement)
    expect(navigated).toEqual(['/TUIKit/components/TUIChat/index?conversationID=C2C2'])
  })

  it('maps document gifts with their kind and item', () => {
    const g: DocGift = {
      record_id: 31,
      receive_user_id: 2,
      docs_type: 'newspaper',
      doc_id: 4,
      docs_name: '人民日报',
      docs_thumb: '',
      giver: person(1, '小周'),
      receiver: person(2, '书友小林'),
      text: '',
      state: 2,
      createdAt: 1_700_000_000,
      settledAt: 1_700_000_100,
      conversationID: 'C2C1',
      messageID: 'x',
    }
    expect(docRow(g, 'sent')).toMatchObject({
      noun: '报纸',
      who: '送给 书友小林',
      stateLabel: '已拒绝',
      itemUrl: '/pagesA/paper/detail?id=4',
    })
    expect(bookRow(bookGift(), 'sent').itemUrl).toBe('/pagesA/read/detail?id=1')
  })
})
