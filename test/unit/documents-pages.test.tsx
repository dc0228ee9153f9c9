/**
 * The document pages in jsdom against a faked api: 我的文档's state chips, reasons and actions,
 * the upload form (its checks, the picked file, the progress while sending), 投稿 and 审核未通过.
 */
import { act, fireEvent, render, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import type { ComponentType } from 'react'
import { finishWith } from '@/core/finish'
import * as api from '@/features/documents/api'
import * as uploads from '@/features/documents/myUploads'
import { pickDocumentFile } from '@/features/documents/pickFile'
import { createRootStore, StoreProvider } from '@/stores'
import type { DocumentDetail, MyDocument } from '@/types/api/documents'
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
jest.mock('@/features/documents/api', () => ({
  ...jest.requireActual('@/features/documents/api'),
  fetchDocCategories: jest.fn(),
  fetchMyDocs: jest.fn(),
  fetchMyDoc: jest.fn(),
  removeMyDoc: jest.fn(),
  withdrawDoc: jest.fn(),
  uploadDoc: jest.fn(),
  contributeDoc: jest.fn(),
  resubmitDoc: jest.fn(),
}))
jest.mock('@/features/documents/myUploads')
jest.mock('@/features/documents/pickFile', () => ({
  pickDocumentFile: jest.fn(),
  releasePickedFile: jest.fn(),
}))
// "Done" goes back after a moment: not in these tests.
jest.mock('@/core/finish', () => ({ finishWith: jest.fn() }))

const mocked = jest.mocked(api)

const doc = (id: number, patch: Partial<MyDocument> = {}): MyDocument => ({
  id,
  title: `文档${id}`,
  intro: '',
  categoryId: 1,
  categoryName: '国学经典',
  fileType: 'pdf',
  fileSize: 94_313,
  pageCount: 11,
  thumb: '',
  readCount: 0,
  ownerNickname: '读者',
  createdAt: 1_700_000_000,
  contributed: false,
  reviewState: 'none',
  reviewReason: '',
  submittedAt: null,
  ...patch,
})

const detail = (d: MyDocument): DocumentDetail => ({
  ...d,
  fileUrl: `/api/documents/file?id=${d.id}`,
  collected: false,
  mine: true,
})

const page = <T,>(list: T[]) => ({ list, total: list.length, page: 1, pageSize: 10 })

let navigated: string[] = []

beforeAll(setUpTaroDom)
beforeEach(() => {
  router.params = {}
  navigated = []
  jest.spyOn(Taro, 'navigateTo').mockImplementation(((options: { url: string }) => {
    navigated.push(options.url)
    return Promise.resolve({ errMsg: 'navigateTo:ok' })
  }) as never)
  jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' } as never)
  jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false } as never)
  mocked.fetchDocCategories.mockResolvedValue([
    { id: 1, name: '国学经典', count: 3 },
    { id: 2, name: '蒙学读物', count: 2 },
  ])
  jest.mocked(uploads.fetchMyIssues).mockResolvedValue(page([]))
  jest.mocked(uploads.fetchMyEditions).mockResolvedValue(page([]))
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

/** The title field: Taro's Input draws its <input> a moment after it mounts. */
async function titleInput(container: HTMLElement): Promise<HTMLInputElement> {
  let input: HTMLInputElement | null = null
  await waitFor(() => {
    input = container.querySelector('input[name="title"]')
    expect(input).not.toBeNull()
  })
  return input as unknown as HTMLInputElement
}

describe('我的文档', () => {
  it('shows each state with its actions and the reason of a rejection', async () => {
    mocked.fetchMyDocs.mockResolvedValue(
      page([
        doc(1),
        doc(2, { contributed: true, reviewState: 'pending' }),
        doc(3, { contributed: true, reviewState: 'approved' }),
        doc(4, { contributed: true, reviewState: 'rejected', reviewReason: '标题与内容不符' }),
      ]),
    )
    const { default: MyDoc } = await import('@/pagesA/mine/myDoc')
    const { container, findByText, getByText } = show(MyDoc)
    await findByText('原因：标题与内容不符')
    expect(byTestId(container, 'doc-state-1').textContent).toBe('私有')
    expect(byTestId(container, 'doc-state-2').textContent).toBe('审核中')
    expect(byTestId(container, 'doc-state-3').textContent).toBe('已公开')
    expect(byTestId(container, 'doc-state-4').textContent).toBe('未通过')
    fireEvent.click(byTestId(container, 'doc-contribute-1'))
    fireEvent.click(byTestId(container, 'doc-fix-4'))
    fireEvent.click(getByText('文档3'))
    fireEvent.click(getByText('上传文档'))
    expect(navigated).toEqual([
      '/pagesA/mine/addMyDoc?id=1',
      '/pagesA/mine/verify?id=4',
      '/pagesA/public/webview?id=3',
      '/pagesA/mine/addDoc',
    ])
    expect(byTestId(container, 'doc-withdraw-2')).not.toBeNull()
    expect(byTestId(container, 'doc-contribute-2')).toBeNull()
  })

  it('deletes a document after the confirmation, in place', async () => {
    mocked.fetchMyDocs.mockResolvedValue(page([doc(1), doc(2)]))
    mocked.removeMyDoc.mockResolvedValue(null)
    const { default: MyDoc } = await import('@/pagesA/mine/myDoc')
    const { container, findByText, queryByText } = show(MyDoc)
    await findByText('文档1')
    await act(async () => {
      fireEvent.click(byTestId(container, 'doc-delete-1'))
    })
    await waitFor(() => expect(queryByText('文档1')).toBeNull())
    expect(mocked.removeMyDoc).toHaveBeenCalledWith(1)
    expect(queryByText('文档2')).not.toBeNull()
  })

  it('lists my magazine issues with their state on the 杂志 tab', async () => {
    mocked.fetchMyDocs.mockResolvedValue(page([]))
    jest.mocked(uploads.fetchMyIssues).mockResolvedValue(
      page([
        {
          issueId: 7,
          magazineId: 3,
          magazineName: '读书月刊',
          serial: 2,
          title: '春季号',
          cover: '',
          articleCount: 5,
          reviewState: 'rejected' as const,
          reviewReason: '封面不清晰',
          createdAt: 1,
          updatedAt: 2,
        },
      ]),
    )
    const { default: MyDoc } = await import('@/pagesA/mine/myDoc')
    const { findByText, getByText } = show(MyDoc)
    await findByText('还没有上传过文档')
    fireEvent.click(getByText('杂志'))
    await findByText('原因：封面不清晰')
    expect(getByText('读书月刊 · 春季号')).toBeTruthy()
    fireEvent.click(getByText('读书月刊 · 春季号'))
    fireEvent.click(getByText('上传杂志'))
    expect(navigated).toEqual(['/pagesA/maga/add?issueId=7', '/pagesA/maga/add'])
  })

  it('asks a guest to log in', async () => {
    const { default: MyDoc } = await import('@/pagesA/mine/myDoc')
    const { getByText } = show(MyDoc, false)
    expect(getByText('登录后查看我的文档')).toBeTruthy()
    expect(mocked.fetchMyDocs).not.toHaveBeenCalled()
  })
})

describe('上传文档', () => {
  it('checks the form, then uploads the picked file with progress and goes back', async () => {
    jest.mocked(pickDocumentFile).mockResolvedValue({
      path: 'blob:http://localhost/1',
      name: '论语笔记.pdf',
      size: 2048,
    })
    let report: (p: number) => void = () => undefined
    let finish: (d: DocumentDetail) => void = () => undefined
    mocked.uploadDoc.mockImplementation((_fields, _path, onProgress) => {
      report = onProgress
      return new Promise((resolve) => {
        finish = resolve
      })
    })
    const { default: AddDoc } = await import('@/pagesA/mine/addDoc')
    const { container, findByText, getByText } = show(AddDoc)
    await findByText('国学经典')
    fireEvent.click(getByText('上传'))
    await findByText('请输入文档标题')

    await act(async () => {
      fireEvent.click(byTestId(container, 'doc-file-pick'))
    })
    expect(getByText('论语笔记.pdf')).toBeTruthy()
    // The title comes from the file's name; the category is still missing.
    await waitFor(async () => expect((await titleInput(container)).value).toBe('论语笔记'))
    fireEvent.click(getByText('上传'))
    await findByText('请选择分类')
    fireEvent.click(byTestId(container, 'doc-category-2'))
    await act(async () => {
      fireEvent.click(getByText('上传'))
    })
    expect(mocked.uploadDoc).toHaveBeenCalledWith(
      { title: '论语笔记', categoryId: 2, intro: '' },
      'blob:http://localhost/1',
      expect.any(Function),
    )
    act(() => report(0.42))
    expect(byTestId(container, 'upload-progress').getAttribute('data-percent')).toBe('42')
    await act(async () => finish(detail(doc(9))))
    expect(finishWith).toHaveBeenCalledWith('上传成功', { redirect: '/pagesA/mine/myDoc' })
    expect(byTestId(container, 'upload-progress')).toBeNull()
  })

  it('refuses a file of another format at once', async () => {
    jest.mocked(pickDocumentFile).mockResolvedValue({ path: 'blob:x', name: 'run.exe', size: 10 })
    const { default: AddDoc } = await import('@/pagesA/mine/addDoc')
    const { container, findByText } = show(AddDoc)
    await act(async () => {
      fireEvent.click(byTestId(container, 'doc-file-pick'))
    })
    await findByText('仅支持PDF、Word、Excel、PPT文件')
    expect(mocked.uploadDoc).not.toHaveBeenCalled()
  })
})

describe('投稿 and 审核未通过', () => {
  it('contributes one of my documents with its edited fields', async () => {
    router.params = { id: '5' }
    mocked.fetchMyDoc.mockResolvedValue(detail(doc(5, { title: '三字经笔记', categoryId: 2 })))
    mocked.contributeDoc.mockResolvedValue(doc(5, { contributed: true, reviewState: 'pending' }))
    const { default: AddMyDoc } = await import('@/pagesA/mine/addMyDoc')
    const { container, findByText, getByText } = show(AddMyDoc)
    await findByText('投稿到文库')
    await waitFor(async () => expect((await titleInput(container)).value).toBe('三字经笔记'))
    await act(async () => {
      fireEvent.click(getByText('提交审核'))
    })
    expect(mocked.contributeDoc).toHaveBeenCalledWith({
      id: 5,
      title: '三字经笔记',
      categoryId: 2,
      intro: '',
    })
    expect(finishWith).toHaveBeenCalledWith('已提交审核', { redirect: '/pagesA/mine/myDoc' })
  })

  it('without an id, offers my private documents to choose from', async () => {
    mocked.fetchMyDocs.mockResolvedValue(
      page([doc(1), doc(2, { contributed: true, reviewState: 'pending' }), doc(3)]),
    )
    mocked.fetchMyDoc.mockImplementation(async (id) => detail(doc(id)))
    const { default: AddMyDoc } = await import('@/pagesA/mine/addMyDoc')
    const { container, findByText, queryByText } = show(AddMyDoc)
    await findByText('选择要投稿的文档')
    expect(byTestId(container, 'contribute-pick-1')).not.toBeNull()
    expect(byTestId(container, 'contribute-pick-2')).toBeNull()
    expect(queryByText('提交审核')).toBeNull()
    fireEvent.click(byTestId(container, 'contribute-pick-3'))
    await findByText('投稿到文库')
    expect(mocked.fetchMyDoc).toHaveBeenCalledWith(3)
  })

  it('shows the reason, and resubmits the edits', async () => {
    router.params = { id: '4' }
    mocked.fetchMyDoc.mockResolvedValue(
      detail(doc(4, { contributed: true, reviewState: 'rejected', reviewReason: '标题不清楚' })),
    )
    mocked.resubmitDoc.mockResolvedValue(doc(4, { contributed: true, reviewState: 'pending' }))
    const { default: Verify } = await import('@/pagesA/mine/verify')
    const { container, findByText, getByText } = show(Verify)
    await findByText('未通过原因：标题不清楚')
    const title = await titleInput(container)
    await waitFor(() => expect(title.value).toBe('文档4'))
    fireEvent.input(title, { target: { value: '《论语》学而篇笔记' } })
    await act(async () => {
      fireEvent.click(getByText('重新提交'))
    })
    expect(mocked.resubmitDoc).toHaveBeenCalledWith({
      id: 4,
      title: '《论语》学而篇笔记',
      categoryId: 1,
      intro: '',
    })
    expect(mocked.uploadDoc).not.toHaveBeenCalled()
    expect(finishWith).toHaveBeenCalledWith('已重新提交', { redirect: '/pagesA/mine/myDoc' })
  })
})
