/**
 * The shared collected list (收藏的文档 / 报纸 / 杂志) in jsdom against faked calls: a guest is asked
 * to log in, the empty state names the kind, rows open their detail page, 取消收藏 takes a row out
 * in place after the confirmation, and the tabs link the four collection pages.
 */
import { act, fireEvent, render, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import type { ComponentType } from 'react'
import * as api from '@/features/collections/api'
import { createRootStore, StoreProvider } from '@/stores'
import type { CollectedDocument } from '@/types/api/documents'
import type { CollectedMagazine } from '@/types/api/magazines'
import { setUpTaroDom } from './helpers/taroDom'

jest.mock('@tarojs/plugin-framework-react/dist/runtime', () => {
  const actual = jest.requireActual('@tarojs/plugin-framework-react/dist/runtime')
  const noop = () => undefined
  return { ...actual, useDidShow: noop, usePullDownRefresh: noop, useReachBottom: noop }
})
jest.mock('@/features/collections/api')
const mocked = jest.mocked(api)

const page = <T,>(list: T[]) => ({ list, total: list.length, page: 1, pageSize: 10 })

const collectedDoc = (id: number): CollectedDocument => ({
  id,
  title: `文档${id}`,
  intro: '',
  categoryId: 1,
  categoryName: '国学经典',
  fileType: 'pdf',
  fileSize: 2048,
  pageCount: 6,
  thumb: '',
  readCount: 3,
  ownerNickname: '',
  createdAt: 1,
  collectedAt: Math.floor(Date.now() / 1000) - 60,
})

const magazine = (id: number): CollectedMagazine => ({
  id,
  name: `杂志${id}`,
  intro: '',
  cover: '',
  categoryId: 1,
  categoryName: '文史',
  issueCount: 3,
  latestIssueTitle: '第三期',
  collectedAt: Math.floor(Date.now() / 1000) - 60,
})

let navigated: string[] = []
let redirected: string[] = []

beforeAll(setUpTaroDom)
beforeEach(() => {
  navigated = []
  redirected = []
  jest.spyOn(Taro, 'navigateTo').mockImplementation(((o: { url: string }) => {
    navigated.push(o.url)
    return Promise.resolve({ errMsg: 'ok' })
  }) as never)
  jest.spyOn(Taro, 'redirectTo').mockImplementation(((o: { url: string }) => {
    redirected.push(o.url)
    return Promise.resolve({ errMsg: 'ok' })
  }) as never)
  jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' } as never)
  jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false } as never)
})

function show(Page: ComponentType, loggedIn = true) {
  const store = createRootStore()
  if (loggedIn) store.session.user = { user_id: 4, nickname: '读者' } as never
  return render(
    <StoreProvider store={store}>
      <Page />
    </StoreProvider>,
  )
}

const byTestId = (container: HTMLElement, id: string) =>
  container.querySelector(`[data-testid="${id}"]`) as HTMLElement

it('asks a guest to log in, naming the kind', async () => {
  const { default: Paper } = await import('@/pagesA/collect/paper')
  const { getByText } = show(Paper, false)
  expect(getByText('登录后查看收藏的报纸')).toBeTruthy()
  expect(mocked.fetchCollectedNewspapers).not.toHaveBeenCalled()
})

it('shows the empty state of the kind', async () => {
  mocked.fetchCollectedDocs.mockResolvedValue(page([]))
  const { default: Doc } = await import('@/pagesA/collect/doc')
  const { findByText } = show(Doc)
  await findByText('还没有收藏的文档，在文档详情页点“收藏”吧')
})

it('opens a row, and uncollects one in place after the confirmation', async () => {
  mocked.fetchCollectedDocs.mockResolvedValue(page([collectedDoc(1), collectedDoc(2)]))
  mocked.setDocCollected.mockResolvedValue({ collected: false })
  const { default: Doc } = await import('@/pagesA/collect/doc')
  const { container, findByText, queryByText, getByText, getAllByText } = show(Doc)
  await findByText('文档1')
  expect(getAllByText('PDF · 2 KB · 6页')).toHaveLength(2)
  fireEvent.click(getByText('文档2'))
  expect(navigated).toEqual(['/pagesA/file/detail?id=2'])
  await act(async () => {
    fireEvent.click(byTestId(container, 'collect-remove-1'))
  })
  await waitFor(() => expect(queryByText('文档1')).toBeNull())
  expect(mocked.setDocCollected).toHaveBeenCalledWith(1, false)
  expect(navigated).toHaveLength(1)
  expect(queryByText('文档2')).not.toBeNull()
})

it('lists magazines with their issues, opening the magazine page', async () => {
  mocked.fetchCollectedMagazines.mockResolvedValue(page([magazine(3)]))
  const { default: Maga } = await import('@/pagesA/collect/maga')
  const { findByText, getByText } = show(Maga)
  await findByText('杂志3')
  expect(getByText('文史 · 共3期')).toBeTruthy()
  expect(getByText('最新一期 第三期')).toBeTruthy()
  fireEvent.click(getByText('杂志3'))
  expect(navigated).toEqual(['/pagesA/maga/detail?id=3'])
})

it('links the four collection pages', async () => {
  mocked.fetchCollectedDocs.mockResolvedValue(page([]))
  const { default: Doc } = await import('@/pagesA/collect/doc')
  const { container, findByText } = show(Doc)
  await findByText('还没有收藏的文档，在文档详情页点“收藏”吧')
  fireEvent.click(byTestId(container, 'collect-tab-文档'))
  fireEvent.click(byTestId(container, 'collect-tab-书籍'))
  fireEvent.click(byTestId(container, 'collect-tab-报纸'))
  expect(redirected).toEqual(['/pagesA/collect/book', '/pagesA/collect/paper'])
})
