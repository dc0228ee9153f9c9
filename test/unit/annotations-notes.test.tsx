/**
 * The notes page (/pagesA/read/notes): my highlights with their notes, book and chapter; a row
 * opens the reader at its paragraph, its note is edited in a sheet, it is deleted after a
 * confirmation and shared to the feed (then the post may be opened). A guest is asked to log in.
 */
import { act, fireEvent, render, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import * as annotationsApi from '@/features/annotations/api'
import { createRootStore, StoreProvider } from '@/stores'
import type { Highlight } from '@/types/api/annotations'
import { setUpTaroDom } from './helpers/taroDom'

let mockRouteParams: Record<string, string> = {}
// Page hooks need a Taro page around the component: outside one they do nothing here.
jest.mock('@tarojs/plugin-framework-react/dist/runtime', () => {
  const actual = jest.requireActual('@tarojs/plugin-framework-react/dist/runtime')
  const noop = () => undefined
  return {
    ...actual,
    useDidShow: noop,
    usePullDownRefresh: noop,
    useReachBottom: noop,
    useRouter: () => ({ params: mockRouteParams }),
  }
})
jest.mock('@/features/annotations/api')
const api = jest.mocked(annotationsApi)

const row = (id: number, more: Partial<Highlight> = {}): Highlight => ({
  id,
  booksId: 1,
  booksName: '论语',
  booksCoverSheet: '',
  serial: 1,
  chapterTitle: '学而第一',
  paragraph: 3,
  start: 0,
  end: 5,
  colour: 'yellow',
  quote: `学而时习之${id}`,
  note: '',
  postId: null,
  createdAt: 1_700_000_000,
  updatedAt: 1_700_000_000,
  ...more,
})

let navigated: string[] = []

beforeAll(setUpTaroDom)

beforeEach(() => {
  mockRouteParams = {}
  navigated = []
  jest.clearAllMocks()
  jest.spyOn(Taro, 'navigateTo').mockImplementation(((options: { url: string }) => {
    navigated.push(options.url)
    return Promise.resolve({ errMsg: 'navigateTo:ok' })
  }) as never)
  jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false } as never)
  jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' } as never)
})

async function showNotes(loggedIn = true) {
  const store = createRootStore()
  if (loggedIn) store.session.user = { user_id: 4, nickname: 'me' } as never
  const { default: Page } = await import('@/pagesA/read/notes')
  return render(
    <StoreProvider store={store}>
      <Page />
    </StoreProvider>,
  )
}

it('a guest is asked to log in and nothing is fetched', async () => {
  const view = await showNotes(false)
  expect(view.getByText('登录后查看我的笔记')).toBeTruthy()
  expect(api.highlightList).not.toHaveBeenCalled()
})

it('lists across books, most recent first; the empty state says so', async () => {
  api.highlightList.mockResolvedValue({ list: [], total: 0, page: 1, pageSize: 20 })
  const view = await showNotes()
  await waitFor(() => expect(view.getByText('还没有划线和想法')).toBeTruthy())
  expect(api.highlightList).toHaveBeenCalledWith({ booksId: undefined, page: 1, pageSize: 20 })
})

it('one book: rows show quote, note and chapter, and open the reader at the paragraph', async () => {
  mockRouteParams = { id: '1' }
  api.highlightList.mockResolvedValue({
    list: [row(1, { note: '温故而知新' }), row(2, { serial: 2, chapterTitle: '为政第二' })],
    total: 2,
    page: 1,
    pageSize: 20,
  })
  const view = await showNotes()
  await waitFor(() => expect(view.getByText('学而时习之1')).toBeTruthy())
  expect(api.highlightList).toHaveBeenCalledWith({ booksId: 1, page: 1, pageSize: 20 })
  expect(view.getByText('温故而知新')).toBeTruthy()
  expect(view.getByText('为政第二')).toBeTruthy()
  fireEvent.click(view.getByText('学而时习之1'))
  expect(navigated).toEqual(['/pagesA/read/read?id=1&serial=1&p=3'])
})

it('a note is edited in the sheet and the row shows it', async () => {
  api.highlightList.mockResolvedValue({ list: [row(1)], total: 1, page: 1, pageSize: 20 })
  api.updateHighlight.mockResolvedValue(row(1, { note: '新的想法', updatedAt: 1_700_000_100 }))
  const view = await showNotes()
  await waitFor(() => expect(view.getByText('《论语》· 学而第一')).toBeTruthy())
  fireEvent.click(view.getByText('写想法'))
  const input = view.container.querySelector('[name="note"]') as HTMLElement
  expect(input).not.toBeNull()
  // Taro's Textarea hands its handler `detail.value`.
  act(() => {
    input.dispatchEvent(
      new CustomEvent('input', { detail: { value: '  新的想法 ' }, bubbles: true }),
    )
  })
  fireEvent.click(view.getByText('保存'))
  await waitFor(() => expect(view.getByText('新的想法')).toBeTruthy())
  expect(api.updateHighlight).toHaveBeenCalledWith({ id: 1, note: '新的想法' })
  expect(view.queryByTestId('note-sheet')).toBeNull()
  expect(view.getByText('编辑想法')).toBeTruthy()
})

it('a row is deleted after the confirmation', async () => {
  api.highlightList.mockResolvedValue({
    list: [row(1), row(2)],
    total: 2,
    page: 1,
    pageSize: 20,
  })
  api.deleteHighlight.mockResolvedValue()
  const view = await showNotes()
  await waitFor(() => expect(view.getByText('学而时习之1')).toBeTruthy())
  fireEvent.click(view.getByTestId('note-delete-1'))
  await waitFor(() => expect(view.queryByText('学而时习之1')).toBeNull())
  expect(Taro.showModal).toHaveBeenCalledWith(expect.objectContaining({ title: '删除划线' }))
  expect(api.deleteHighlight).toHaveBeenCalledWith(1)
  expect(view.getByText('学而时习之2')).toBeTruthy()
})

it('sharing asks first, posts, then offers to open the post', async () => {
  api.highlightList.mockResolvedValue({ list: [row(1)], total: 1, page: 1, pageSize: 20 })
  api.shareHighlight.mockResolvedValue({ id: 77 } as never)
  const view = await showNotes()
  await waitFor(() => expect(view.getByText('分享到读后感')).toBeTruthy())
  fireEvent.click(view.getByText('分享到读后感'))
  await waitFor(() => expect(navigated).toEqual(['/pagesA/report/detail?id=77']))
  expect(api.shareHighlight).toHaveBeenCalledWith({ id: 1 })
  const titles = jest.mocked(Taro.showModal).mock.calls.map(([options]) => options?.title)
  expect(titles).toEqual(['分享到读后感', '已分享到读后感'])
  expect(view.getByText('已分享')).toBeTruthy()
})
