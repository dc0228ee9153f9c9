/**
 * The magazine pages in jsdom against faked calls: a magazine's page (continue where I left off,
 * collect as a guest, my own issues' review with the reason), the issue reader (the saved place
 * opened, turns within the issue and across to the next, the contents with read marks, the place
 * saved) and the upload form's checks before anything is sent.
 */
import { act, fireEvent, render, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import * as request from '@/core/request'
import * as magazinesApi from '@/features/magazines/api'
import { createRootStore, StoreProvider } from '@/stores'
import type {
  ContentsItem,
  IssueContents,
  IssueItem,
  MagazineArticle,
  MagazineDetail,
} from '@/types/api/magazines'
import { setUpTaroDom } from './helpers/taroDom'

const router = { params: {} as Record<string, string> }
/** What the pages do when hidden (the place saved at once). */
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
jest.mock('@/features/magazines/api')
jest.mock('@/features/stats/api')
const api = jest.mocked(magazinesApi)

const issue = (id: number, serial: number, extra: Partial<IssueItem> = {}): IssueItem => ({
  id,
  serial,
  title: `第${serial}期`,
  cover: '',
  articleCount: 3,
  read: 0,
  reviewState: 'approved',
  reviewReason: '',
  ...extra,
})

const magazine = (extra: Partial<MagazineDetail> = {}): MagazineDetail => ({
  id: 1,
  name: '古文月刊',
  intro: '每月一期',
  cover: '',
  categoryId: 1,
  categoryName: '古典文学',
  issueCount: 2,
  latestIssueTitle: '第2期',
  issues: [issue(2, 2), issue(1, 1, { read: 1 })],
  collected: false,
  place: null,
  mine: false,
  ...extra,
})

const article = (id: number, issueId: number, extra: Partial<MagazineArticle> = {}) => ({
  id,
  issueId,
  magazineId: 1,
  issueTitle: `第${issueId}期`,
  serial: id,
  title: `文章${id}`,
  author: '本刊编辑部',
  paragraphs: ['第一段', '第二段', '第三段'],
  images: [],
  prevId: null,
  nextId: null,
  ...extra,
})

const line = (id: number, read = false): ContentsItem => ({
  id,
  serial: id,
  title: `文章${id}`,
  author: '本刊编辑部',
  image: '',
  read,
})

const contents = (issueId: number, lines: ContentsItem[]): IssueContents => ({
  issue: {
    id: issueId,
    magazineId: 1,
    magazineName: '古文月刊',
    serial: issueId,
    title: `第${issueId}期`,
    cover: '',
    reviewState: 'approved',
    reviewReason: '',
  },
  articles: lines,
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
  const { default: Page } = await import(`@/pagesA/maga/${path}`)
  return render(
    <StoreProvider store={store}>
      <Page />
    </StoreProvider>,
  )
}

/** A Taro input by name, once its native input is in the page. */
async function inputNamed(container: HTMLElement, name: string): Promise<HTMLInputElement> {
  let found: HTMLInputElement | null = null
  await waitFor(() => {
    found = container.querySelector(`input[name="${name}"]`)
    expect(found).not.toBeNull()
  })
  return found as unknown as HTMLInputElement
}

const byTestId = (container: HTMLElement, id: string) =>
  container.querySelector(`[data-testid="${id}"]`) as HTMLElement | null

describe('the magazine page', () => {
  it('continues where I left off, and lists the issues newest first with my read counts', async () => {
    router.params = { id: '1' }
    api.fetchMagazine.mockResolvedValue(
      magazine({
        place: {
          magazineId: 1,
          issueId: 1,
          issueTitle: '第1期',
          articleId: 3,
          articleTitle: '桃花源记',
          paragraph: 4,
          updatedAt: 1,
        },
      }),
    )
    const view = await show('detail', true)
    await view.findByText('读到 第1期 · 桃花源记')
    expect(view.getByText('已读 1/3')).toBeTruthy()
    const issues = [...view.container.querySelectorAll('[data-testid^="issue-"]')].map((el) =>
      el.getAttribute('data-testid'),
    )
    expect(issues).toEqual(['issue-2', 'issue-1'])
    fireEvent.click(byTestId(view.container, 'read') as HTMLElement)
    fireEvent.click(byTestId(view.container, 'issue-2') as HTMLElement)
    expect(navigated).toEqual(['/pagesA/maga/read?issueId=1', '/pagesA/maga/read?issueId=2'])
    expect(view.getByText('继续阅读')).toBeTruthy()
  })

  it('a guest starts with the latest issue and is asked to log in to collect', async () => {
    router.params = { id: '1' }
    const prompt = jest.spyOn(request, 'promptLogin').mockImplementation(() => undefined)
    api.fetchMagazine.mockResolvedValue(magazine())
    const view = await show('detail', false)
    await view.findByText('开始阅读')
    expect(view.queryByText(/已读/)).toBeNull()
    await act(async () => {
      fireEvent.click(byTestId(view.container, 'collect') as HTMLElement)
    })
    expect(prompt).toHaveBeenCalled()
    expect(api.setCollected).not.toHaveBeenCalled()
  })

  it('a reader collects it', async () => {
    router.params = { id: '1' }
    api.fetchMagazine.mockResolvedValue(magazine())
    api.setCollected.mockResolvedValue({ collected: true })
    const view = await show('detail', true)
    await view.findByText('收藏')
    await act(async () => {
      fireEvent.click(byTestId(view.container, 'collect') as HTMLElement)
    })
    expect(api.setCollected).toHaveBeenCalledWith(1, true)
    await waitFor(() => expect(byTestId(view.container, 'collect')?.textContent).toBe('已收藏'))
  })

  it('the owner sees their issues under review and turned down, with the reason', async () => {
    router.params = { id: '1' }
    api.fetchMagazine.mockResolvedValue(
      magazine({
        mine: true,
        issues: [
          issue(4, 3, { reviewState: 'pending' }),
          issue(3, 2, { reviewState: 'rejected', reviewReason: '封面不清晰' }),
          issue(1, 1),
        ],
      }),
    )
    const view = await show('detail', true)
    await view.findByText('审核中')
    expect(view.getByText('未通过')).toBeTruthy()
    expect(view.getByText('原因：封面不清晰')).toBeTruthy()
    fireEvent.click(byTestId(view.container, 'issue-fix-3') as HTMLElement)
    fireEvent.click(byTestId(view.container, 'add-issue') as HTMLElement)
    expect(navigated).toEqual(['/pagesA/maga/add?issueId=3', '/pagesA/maga/add?magazineId=1'])
  })
})

describe('the issue reader', () => {
  beforeEach(() => {
    api.fetchMagazine.mockResolvedValue(magazine())
    api.saveReading.mockImplementation(async (req) => ({
      magazineId: 1,
      issueId: req.issueId,
      issueTitle: '',
      articleId: req.articleId,
      articleTitle: '',
      paragraph: req.paragraph,
      updatedAt: 1,
    }))
  })

  it('opens at my place, turns within the issue and on into the next one', async () => {
    router.params = { issueId: '1' }
    api.fetchContents.mockImplementation(async (id) =>
      id === 1 ? contents(1, [line(1, true), line(2), line(3)]) : contents(2, [line(4)]),
    )
    api.fetchSign.mockResolvedValue({ readArticleIds: [1], read: 1, total: 3 })
    api.openIssue.mockResolvedValue({
      place: {
        magazineId: 1,
        issueId: 1,
        issueTitle: '第1期',
        articleId: 2,
        articleTitle: '文章2',
        paragraph: 1,
        updatedAt: 1,
      },
      article: article(2, 1, { prevId: 1, nextId: 3 }),
    })
    const view = await show('read', true)
    await view.findByText('文章2')
    expect(api.openIssue).toHaveBeenCalledWith(1, undefined)
    expect(view.getByText('古文月刊 · 第1期')).toBeTruthy()
    expect(view.getByText('第二段')).toBeTruthy()
    expect(view.getByText('第1期 · 第2/3篇')).toBeTruthy()
    // The saved paragraph is brought to the top.
    const scroller = () => view.container.querySelector('.article-view__scroll') as Element
    await waitFor(() =>
      expect((scroller() as unknown as { scrollIntoView: unknown }).scrollIntoView).toBe('pp-1'),
    )

    // The menu: 上一篇 / 下一篇, the contents with my read marks.
    fireEvent.click(byTestId(view.container, 'article') as HTMLElement)
    expect(byTestId(view.container, 'prev-article')?.textContent).toBe('上一篇')
    expect(byTestId(view.container, 'reader-progress')?.textContent).toBe('已读 1/3')
    fireEvent.click(byTestId(view.container, 'open-contents') as HTMLElement)
    expect(byTestId(view.container, 'read-1')).not.toBeNull()
    expect(byTestId(view.container, 'read-2')).toBeNull()

    // The last article of the issue turns into the next issue.
    api.openIssue.mockResolvedValueOnce({ place: null, article: article(3, 1, { prevId: 2 }) })
    await act(async () => {
      fireEvent.click(byTestId(view.container, 'contents-3') as HTMLElement)
    })
    await view.findByText('文章3')
    expect(api.openIssue).toHaveBeenLastCalledWith(1, 3)
    expect(byTestId(view.container, 'end-next-article')?.textContent).toBe('下一期')
    api.turnArticle.mockResolvedValueOnce(article(4, 2, { prevId: 3 }))
    await act(async () => {
      fireEvent.click(byTestId(view.container, 'end-next-article') as HTMLElement)
    })
    await view.findByText('文章4')
    expect(api.turnArticle).toHaveBeenCalledWith(3, 'next')
    expect(api.fetchContents).toHaveBeenLastCalledWith(2)
    expect(view.getByText('古文月刊 · 第2期')).toBeTruthy()
  })

  it('saves my place when the page hides, and not for a guest', async () => {
    router.params = { issueId: '1', articleId: '2' }
    api.fetchContents.mockResolvedValue(contents(1, [line(1), line(2)]))
    api.fetchSign.mockResolvedValue({ readArticleIds: [], read: 0, total: 2 })
    api.openIssue.mockResolvedValue({ place: null, article: article(2, 1, { prevId: 1 }) })
    const view = await show('read', true)
    await view.findByText('文章2')
    expect(api.openIssue).toHaveBeenCalledWith(1, 2)
    expect(api.saveReading).not.toHaveBeenCalled()
    act(() => onHide.forEach((fn) => fn()))
    expect(api.saveReading).toHaveBeenCalledWith({ issueId: 1, articleId: 2, paragraph: 0 })
    view.unmount()

    api.saveReading.mockClear()
    onHide.length = 0
    const guest = await show('read', false)
    await guest.findByText('文章2')
    act(() => onHide.forEach((fn) => fn()))
    expect(api.saveReading).not.toHaveBeenCalled()
    expect(api.fetchSign).toHaveBeenCalledTimes(1)
  })

  it('says why an issue cannot be read', async () => {
    router.params = { issueId: '99' }
    api.fetchContents.mockRejectedValue(new Error('该期杂志不存在'))
    api.openIssue.mockRejectedValue(new Error('该期杂志不存在'))
    const view = await show('read', false)
    await view.findByText('该期杂志不存在')
  })
})

describe('the upload form', () => {
  it('asks a guest to log in', async () => {
    const view = await show('add', false)
    expect(view.getByText('登录后才能上传杂志')).toBeTruthy()
  })

  it('shows the first problem before sending anything', async () => {
    api.fetchCategories.mockResolvedValue([{ id: 1, name: '古典文学', count: 3 }])
    api.fetchMyIssues.mockResolvedValue({ list: [], total: 0, page: 1, pageSize: 50 })
    const view = await show('add', true)
    await view.findByText('新杂志')
    const submit = () =>
      act(async () => {
        fireEvent.click(view.getByText('提交审核'))
      })
    await submit()
    expect(view.getByText('请输入名称')).toBeTruthy()
    const name = await inputNamed(view.container, 'name')
    await act(async () => {
      fireEvent.input(name, { target: { value: '我的刊物' } })
    })
    await submit()
    expect(view.getByText('请选择分类')).toBeTruthy()
    fireEvent.click(byTestId(view.container, 'category-1') as HTMLElement)
    await submit()
    expect(view.getByText('请输入本期标题')).toBeTruthy()
    expect(api.addIssue).not.toHaveBeenCalled()
  })

  it('loads my turned-down issue with the reason', async () => {
    router.params = { issueId: '12' }
    api.fetchCategories.mockResolvedValue([{ id: 1, name: '古典文学', count: 3 }])
    api.fetchMyIssue.mockResolvedValue({
      issueId: 12,
      magazineId: 3,
      magazineName: '我的刊物',
      serial: 2,
      title: '第2期',
      cover: '/uploads/c.png',
      articleCount: 1,
      reviewState: 'rejected',
      reviewReason: '封面不清晰',
      createdAt: 1,
      updatedAt: 2,
      categoryId: 1,
      intro: '',
      mode: 'articles',
      articles: [{ title: '卷首语', author: '', content: '一段', images: [] }],
      pages: [],
    })
    const view = await show('add', true)
    await view.findByText('未通过审核：封面不清晰。修改后可重新提交。')
    expect(byTestId(view.container, 'owner-name')?.textContent).toBe('我的刊物')
    await waitFor(async () =>
      expect((await inputNamed(view.container, 'title')).value).toBe('第2期'),
    )
    expect(api.fetchMyIssues).not.toHaveBeenCalled()
  })
})
