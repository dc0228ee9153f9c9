/**
 * The book page's 加入书架 / 已在书架: a guest is asked to log in; a reader's tap saves the first
 * chapter's first paragraph as the place (the bookcase lists the books with a place) and the
 * button becomes 已在书架, which does nothing; a book with a place shows 已在书架 at once.
 */
import { act, fireEvent, render, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import * as booksApi from '@/features/books/api'
import * as request from '@/core/request'
import { createRootStore, StoreProvider } from '@/stores'
import type { BookDetail, ReadingProgress } from '@/types/api/books'
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
    useShareAppMessage: noop,
    useRouter: () => ({ params: { id: '1' } }),
  }
})
jest.mock('@/features/books/api')
const api = jest.mocked(booksApi)

const place: ReadingProgress = {
  booksId: 1,
  serial: 1,
  chapterTitle: '学而篇',
  paragraph: 0,
  audioSeconds: 0,
  percent: 0,
  updatedAt: 1_700_000_000,
}

const book = (progress: ReadingProgress | null): BookDetail => ({
  id: 1,
  booksName: '论语',
  booksAuthor: '孔子',
  booksCoverSheet: '',
  booksBrief: '',
  classificationId: 1,
  classificationName: '儒家经典',
  chapterCount: 2,
  wordCount: 16000,
  hasAudio: false,
  recommended: true,
  booksIntro: '',
  readerCount: 3,
  collected: false,
  progress,
})

const chapter = (serial: number, title: string) => ({
  id: serial,
  serial,
  title,
  wordCount: 100,
  audioSeconds: 0,
})

beforeAll(setUpTaroDom)

beforeEach(() => {
  jest.clearAllMocks()
  jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' } as never)
  api.fetchChapters.mockResolvedValue({
    list: [chapter(1, '学而篇'), chapter(2, '为政篇')],
    total: 2,
    page: 1,
    pageSize: 500,
  })
  api.fetchReflections.mockResolvedValue({ list: [], total: 0, page: 1, pageSize: 10 })
})

async function showDetail(loggedIn: boolean) {
  const store = createRootStore()
  if (loggedIn) store.session.user = { user_id: 7, nickname: 'me' } as never
  const { default: Page } = await import('@/pagesA/read/detail')
  const view = render(
    <StoreProvider store={store}>
      <Page />
    </StoreProvider>,
  )
  const button = () => view.container.querySelector('[data-testid="bookcase"]')
  await waitFor(() => expect(button()).not.toBeNull())
  return { ...view, button }
}

it('a reader adds the book: its first place is saved and the button says 已在书架', async () => {
  api.fetchBookDetail.mockResolvedValueOnce(book(null)).mockResolvedValue(book(place))
  api.addToBookcase.mockResolvedValue(place)
  const { button } = await showDetail(true)
  expect(button()?.textContent).toBe('加入书架')
  await act(async () => {
    fireEvent.click(button() as Element)
  })
  expect(api.addToBookcase).toHaveBeenCalledWith(1, 1)
  await waitFor(() => expect(button()?.textContent).toBe('已在书架'))
  expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '已加入书架' }))
  // 已在书架 is not an action.
  await act(async () => {
    fireEvent.click(button() as Element)
  })
  expect(api.addToBookcase).toHaveBeenCalledTimes(1)
})

it('a book with a place is already on the bookcase', async () => {
  api.fetchBookDetail.mockResolvedValue(book(place))
  const { button } = await showDetail(true)
  expect(button()?.textContent).toBe('已在书架')
})

it('a guest is asked to log in, and nothing is saved', async () => {
  const prompt = jest.spyOn(request, 'promptLogin').mockImplementation(() => undefined)
  api.fetchBookDetail.mockResolvedValue(book(null))
  const { button } = await showDetail(false)
  await act(async () => {
    fireEvent.click(button() as Element)
  })
  expect(prompt).toHaveBeenCalled()
  expect(api.addToBookcase).not.toHaveBeenCalled()
  expect(button()?.textContent).toBe('加入书架')
})
