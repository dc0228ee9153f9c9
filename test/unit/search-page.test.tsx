/**
 * The search page in jsdom against a faked call: a link's keyword searched at once (book hits,
 * passages with their marks, the reader's link), the check before sending, recent searches as
 * chips with 清空, and the empty state.
 */
import { act, fireEvent, render, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import * as api from '@/features/search/api'
import { addRecent, readRecent } from '@/features/search/recent'
import BookSearchPage from '@/pagesA/book/search'
import type { BookSummary } from '@/types/api/books'
import type { Passage, SearchRes } from '@/types/api/search'
import { setUpTaroDom } from './helpers/taroDom'

const router = { params: {} as Record<string, string> }

// Page hooks need a Taro page around the component: outside one they do nothing here.
jest.mock('@tarojs/plugin-framework-react/dist/runtime', () => {
  const actual = jest.requireActual('@tarojs/plugin-framework-react/dist/runtime')
  const noop = () => undefined
  return {
    ...actual,
    useDidShow: noop,
    usePullDownRefresh: noop,
    useReachBottom: noop,
    useRouter: () => router,
  }
})

jest.mock('@/features/search/api')
const mocked = jest.mocked(api)

const TANG: BookSummary = {
  id: 3,
  booksName: '唐诗三百首',
  booksAuthor: '蘅塘退士',
  booksCoverSheet: '',
  booksBrief: '流传最广的唐诗选本',
  classificationId: 2,
  classificationName: '诗词歌赋',
  chapterCount: 7,
  wordCount: 30000,
  hasAudio: false,
  recommended: true,
}

const POEM: Passage = {
  booksId: 3,
  title: false,
  booksName: '唐诗三百首',
  booksAuthor: '蘅塘退士',
  booksCoverSheet: '',
  serial: 1,
  chapterTitle: '五言絕句',
  paragraph: 30,
  text: '《靜夜思》\u3000李白',
  marks: [{ start: 1, end: 4 }],
}

const answer = (books: BookSummary[], list: Passage[]): SearchRes => ({
  books,
  passages: { list, total: list.length, page: 1, pageSize: 10 },
})

beforeAll(setUpTaroDom)
beforeEach(() => {
  Taro.clearStorageSync()
  router.params = {}
  mocked.searchBooks.mockReset()
})

test("a link's keyword is searched at once: book hits, then passages with their marks", async () => {
  router.params = { keyword: encodeURIComponent('静夜思') }
  mocked.searchBooks.mockResolvedValue(answer([TANG], [POEM]))
  const navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as never)
  const { container, getByText, findByText } = render(<BookSearchPage />)
  await findByText('原文 · 1处')
  expect(mocked.searchBooks).toHaveBeenCalledWith({ keyword: '静夜思', page: 1, pageSize: 10 })
  expect(getByText('书籍')).toBeTruthy()
  expect(container.querySelector('[data-testid="book-3"]')).not.toBeNull()
  expect(container.querySelector('.passage-item__mark')?.textContent).toBe('靜夜思')
  fireEvent.click(getByText('唐诗三百首 · 五言絕句'))
  expect(navigate).toHaveBeenCalledWith({ url: '/pagesA/read/read?id=3&serial=1&p=30' })
  expect(readRecent()).toEqual(['静夜思'])
})

test('before searching: recent searches as chips; a chip searches, 清空 forgets them', async () => {
  addRecent('论语')
  addRecent('李白')
  mocked.searchBooks.mockResolvedValue(answer([], [POEM]))
  const { getByText, findByText, unmount } = render(<BookSearchPage />)
  expect(getByText('最近搜索')).toBeTruthy()
  fireEvent.click(getByText('论语'))
  await findByText('原文 · 1处')
  expect(mocked.searchBooks).toHaveBeenCalledWith({ keyword: '论语', page: 1, pageSize: 10 })
  expect(readRecent()).toEqual(['论语', '李白'])
  unmount()

  const again = render(<BookSearchPage />)
  fireEvent.click(again.getByText('清空'))
  expect(readRecent()).toEqual([])
  expect(again.queryByText('最近搜索')).toBeNull()
  expect(again.getByText('可以搜索书名、作者或原文，简体繁体都能找到')).toBeTruthy()
})

test('the check before sending, and the empty state', async () => {
  mocked.searchBooks.mockResolvedValue(answer([], []))
  const { container, getByText, findByText } = render(<BookSearchPage />)
  act(() => {
    fireEvent.click(getByText('搜索'))
  })
  expect(getByText('请输入搜索词')).toBeTruthy()
  expect(mocked.searchBooks).not.toHaveBeenCalled()

  router.params = { keyword: '的了么' }
  const other = render(<BookSearchPage />)
  await other.findByText('没有找到“的了么”相关的内容')
  await waitFor(() => expect(mocked.searchBooks).toHaveBeenCalledTimes(1))
  expect(container.querySelector('[data-testid="search-error"]')).not.toBeNull()
  await findByText('请输入搜索词')
})
