/**
 * The newspaper pages in jsdom against faked calls: a newspaper's page (its editions on a date
 * strip, continue where I left off), reading an edition (pages as tabs with their articles, an
 * article with its turns, back to its page, the edition before by date, the place saved) and the
 * upload form's checks.
 */
import { act, fireEvent, render, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import * as newspapersApi from '@/features/newspapers/api'
import { createRootStore, StoreProvider } from '@/stores'
import type {
  EditionCatalogue,
  EditionItem,
  NewspaperArticle,
  NewspaperDetail,
} from '@/types/api/newspapers'
import { setUpTaroDom } from './helpers/taroDom'

const router = { params: {} as Record<string, string> }
const onHide: Array<() => void> = []

// Page hooks need a Taro page around the component: outside one they do nothing here.
jest.mock('@tarojs/plugin-framework-react/dist/runtime', () => {
  const actual = jest.requireActual('@tarojs/plugin-framework-react/dist/runtime')
  const noop = () => undefined
  return {
    ...actual,
    useDidShow: noop,
    useDidHide: (fn: () => void) => onHide.push(fn),
    useUnload: noop,
    usePullDownRefresh: noop,
    useReachBottom: noop,
    useShareAppMessage: noop,
    useRouter: () => router,
  }
})
jest.mock('@/features/newspapers/api')
jest.mock('@/features/stats/api')
const api = jest.mocked(newspapersApi)

const edition = (id: number, date: string, extra: Partial<EditionItem> = {}): EditionItem => ({
  id,
  date,
  title: '',
  cover: '',
  pageCount: 2,
  articleCount: 3,
  read: 0,
  reviewState: 'approved',
  reviewReason: '',
  ...extra,
})

const paper = (extra: Partial<NewspaperDetail> = {}): NewspaperDetail => ({
  id: 1,
  name: '经典晨报',
  intro: '每日一期',
  cover: '',
  categoryId: 1,
  categoryName: '综合',
  editionCount: 2,
  latestDate: '2025-03-09',
  editions: [edition(7, '2025-03-09'), edition(6, '2025-03-08', { read: 2 })],
  collected: false,
  place: null,
  mine: false,
  ...extra,
})

const catalogue = (id: number, date: string): EditionCatalogue => ({
  edition: {
    id,
    newspaperId: 1,
    newspaperName: '经典晨报',
    date,
    title: '',
    cover: '',
    reviewState: 'approved',
    reviewReason: '',
  },
  pages: [
    {
      id: id * 10 + 1,
      serial: 1,
      name: '第一版 要闻',
      image: '/seed/p1.jpg',
      articles: [
        { id: id * 100 + 1, serial: 1, title: '论语·学而', author: '孔子', read: true },
        { id: id * 100 + 2, serial: 2, title: '孟子·梁惠王', author: '孟子', read: false },
      ],
    },
    {
      id: id * 10 + 2,
      serial: 2,
      name: '第二版 文苑',
      image: '/seed/p2.jpg',
      articles: [{ id: id * 100 + 3, serial: 3, title: '绝句三首', author: '', read: false }],
    },
  ],
})

const article = (editionId: number, serial: number): NewspaperArticle => ({
  id: editionId * 100 + serial,
  editionId,
  newspaperId: 1,
  date: '2025-03-09',
  pageId: editionId * 10 + (serial === 3 ? 2 : 1),
  pageName: serial === 3 ? '第二版 文苑' : '第一版 要闻',
  serial,
  title: ['论语·学而', '孟子·梁惠王', '绝句三首'][serial - 1],
  author: '',
  paragraphs: [`第${serial}篇的第一段`, '第二段'],
  images: [],
  prevId: serial > 1 ? editionId * 100 + serial - 1 : null,
  nextId: serial < 3 ? editionId * 100 + serial + 1 : null,
})

let navigated: string[] = []

beforeAll(() => {
  setUpTaroDom()
  // jsdom has no scrolling: the scroll views' scrollIntoView does nothing here.
  Element.prototype.scrollIntoView ??= () => undefined
})
beforeEach(() => {
  jest.clearAllMocks()
  router.params = {}
  onHide.length = 0
  navigated = []
  jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' } as never)
  jest.spyOn(Taro, 'navigateTo').mockImplementation(((options: { url: string }) => {
    navigated.push(options.url)
    return Promise.resolve({ errMsg: 'navigateTo:ok' })
  }) as never)
})

async function show(path: string, loggedIn: boolean) {
  const store = createRootStore()
  if (loggedIn) store.session.user = { user_id: 7, nickname: 'me' } as never
  const { default: Page } = await import(`@/pagesA/paper/${path}`)
  return render(
    <StoreProvider store={store}>
      <Page />
    </StoreProvider>,
  )
}

const byTestId = (container: HTMLElement, id: string) =>
  container.querySelector(`[data-testid="${id}"]`) as HTMLElement

describe('the newspaper page', () => {
  it('shows the editions by date, newest first; a date opens its edition', async () => {
    router.params = { id: '1' }
    api.fetchNewspaper.mockResolvedValue(paper())
    const view = await show('detail', true)
    await view.findByText('阅读最新一期')
    expect(view.getByText('周日')).toBeTruthy()
    expect(view.getByText('03-08')).toBeTruthy()
    expect(byTestId(view.container, 'edition-7')).not.toBeNull()
    fireEvent.click(byTestId(view.container, 'date-2025-03-08'))
    expect(view.getByText('已读 2/3')).toBeTruthy()
    fireEvent.click(byTestId(view.container, 'edition-6'))
    fireEvent.click(byTestId(view.container, 'read'))
    expect(navigated).toEqual(['/pagesA/paper/read?editionId=6', '/pagesA/paper/read?editionId=7'])
  })

  it('continues where I left off', async () => {
    router.params = { id: '1' }
    api.fetchNewspaper.mockResolvedValue(
      paper({
        place: {
          newspaperId: 1,
          editionId: 6,
          date: '2025-03-08',
          editionTitle: '3月8日 星期六',
          articleId: 602,
          articleTitle: '孟子·梁惠王',
          pageId: 61,
          pageName: '第一版 要闻',
          paragraph: 1,
          updatedAt: 1,
        },
      }),
    )
    const view = await show('detail', true)
    await view.findByText('继续阅读')
    expect(view.getByText('读到 3月8日 星期六 · 孟子·梁惠王')).toBeTruthy()
    fireEvent.click(byTestId(view.container, 'read'))
    expect(navigated).toEqual(['/pagesA/paper/read?editionId=6'])
  })
})

describe('reading an edition', () => {
  beforeEach(() => {
    api.fetchNewspaper.mockResolvedValue(paper())
    api.fetchCatalogue.mockImplementation(async (id) =>
      catalogue(id, id === 7 ? '2025-03-09' : '2025-03-08'),
    )
    api.fetchSign.mockResolvedValue({ readArticleIds: [701], read: 1, total: 3 })
    api.openEdition.mockImplementation(async (id, articleId) => ({
      place: null,
      article: article(id, articleId ? articleId % 100 : 1),
    }))
    api.saveReading.mockResolvedValue({} as never)
  })

  it('shows the pages as tabs with their articles; an article turns and goes back to its page', async () => {
    router.params = { editionId: '7' }
    const view = await show('read', true)
    await view.findByText('经典晨报')
    // No place: the first page, its image and its articles (read ones ticked).
    expect(view.getByText('第一版 要闻 · 本版文章')).toBeTruthy()
    expect(view.getByText('已读')).toBeTruthy()
    fireEvent.click(byTestId(view.container, 'page-tab-1'))
    expect(view.getByText('第二版 文苑 · 本版文章')).toBeTruthy()
    expect(view.getByText('绝句三首')).toBeTruthy()

    await act(async () => {
      fireEvent.click(byTestId(view.container, 'page-article-703'))
    })
    await view.findByText('第3篇的第一段')
    expect(api.openEdition).toHaveBeenLastCalledWith(7, 703)
    // The last article of the edition: back to its page instead of on.
    expect(byTestId(view.container, 'end-back-to-page').textContent).toBe('回到版面')
    await act(async () => {
      fireEvent.click(byTestId(view.container, 'end-prev-article'))
    })
    await view.findByText('第2篇的第一段')
    act(() => onHide.forEach((fn) => fn()))
    expect(api.saveReading).toHaveBeenLastCalledWith({ editionId: 7, articleId: 702, paragraph: 0 })

    fireEvent.click(byTestId(view.container, 'article'))
    fireEvent.click(byTestId(view.container, 'show-page'))
    expect(view.getByText('第一版 要闻 · 本版文章')).toBeTruthy()
  })

  it('turns to the edition before by date', async () => {
    router.params = { editionId: '7' }
    api.turnEdition.mockResolvedValue({
      id: 6,
      newspaperId: 1,
      date: '2025-03-08',
      title: '',
      cover: '',
    })
    const view = await show('read', false)
    await view.findByText('2025年3月9日')
    await waitFor(() =>
      expect(byTestId(view.container, 'next-edition').className).toContain('is-off'),
    )
    await act(async () => {
      fireEvent.click(byTestId(view.container, 'prev-edition'))
    })
    await view.findByText('2025年3月8日')
    expect(api.turnEdition).toHaveBeenCalledWith(7, 'prev')
    expect(api.fetchSign).not.toHaveBeenCalled()
  })

  it('opens at the article of a shared link', async () => {
    router.params = { editionId: '7', articleId: '702' }
    const view = await show('read', false)
    await view.findByText('第2篇的第一段')
    expect(view.getByText('经典晨报 · 2025年3月9日 · 第一版 要闻')).toBeTruthy()
  })
})

describe('the upload form', () => {
  it('asks a guest to log in', async () => {
    const view = await show('add', false)
    expect(view.getByText('登录后才能上传报纸')).toBeTruthy()
  })

  it('dates a new edition today and asks for each page its image', async () => {
    api.fetchCategories.mockResolvedValue([{ id: 1, name: '综合', count: 1 }])
    api.fetchMyEditions.mockResolvedValue({
      list: [
        {
          editionId: 3,
          newspaperId: 5,
          newspaperName: '我的报',
          date: '2025-03-01',
          title: '',
          cover: '',
          pageCount: 1,
          articleCount: 0,
          reviewState: 'pending',
          reviewReason: '',
          createdAt: 1,
          updatedAt: 1,
        },
      ],
      total: 1,
      page: 1,
      pageSize: 50,
    })
    const view = await show('add', true)
    await view.findByText('新报纸')
    fireEvent.click(byTestId(view.container, 'owner-5'))
    await act(async () => {
      fireEvent.click(view.getByText('提交审核'))
    })
    expect(view.getByText('第1个版面：请上传版面图片')).toBeTruthy()
    expect(api.addEdition).not.toHaveBeenCalled()
    fireEvent.click(byTestId(view.container, 'add-page'))
    expect(byTestId(view.container, 'page-1')).not.toBeNull()
  })
})
