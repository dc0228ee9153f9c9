/**
 * Magazines and newspapers without pages: the paragraph at the top as the place to save and the
 * anchor that brings it back, the reader's turn labels, the editions' dates and neighbours, and
 * the upload forms' checks (the server's limits and texts) and the requests they send.
 */
import {
  anchorFor,
  articlesProblem,
  chinaToday,
  clampParagraph,
  distinctOwners,
  newArticle,
  NEW_OWNER,
  ownerProblem,
  paragraphAtTop,
  type Reports,
} from '@/features/periodicals/public'
import {
  addRequest as addIssueRequest,
  COVER_KEY,
  issueFromDraft,
  issueProblem,
  newIssue,
  PAGES_KEY,
  updateRequest as updateIssueRequest,
} from '@/features/magazines/issueForm'
import { articleTurns, issueNeighbours, readLabel } from '@/features/magazines/turning'
import {
  addRequest as addEditionRequest,
  editionFromDraft,
  editionProblem,
  newEdition,
  newPage,
} from '@/features/newspapers/editionForm'
import { dateChip, editionNeighbours, editionTitle, longDate } from '@/features/newspapers/editions'
import type { IssueDraft } from '@/types/api/magazines'
import type { EditionDraft } from '@/types/api/newspapers'

const done = (...urls: string[]) => ({ urls, problem: null })

describe('the place in an article', () => {
  const rect = (i: number, top: number, bottom: number) => ({ id: `pp-${i}`, top, bottom })

  it('is the first paragraph whose bottom is below the top bar', () => {
    const rects = [rect(0, -300, -100), rect(1, -90, 30), rect(2, 40, 200), rect(3, 210, 400)]
    expect(paragraphAtTop(rects, 0)).toBe(1)
    // A paragraph that only just shows under a 44 px status bar does not count.
    expect(paragraphAtTop(rects, 24)).toBe(2)
  })

  it('is the last paragraph when all are above, and 0 without text', () => {
    expect(paragraphAtTop([rect(0, -300, -200), rect(1, -190, -20)], 0)).toBe(1)
    expect(paragraphAtTop([], 0)).toBe(0)
    expect(paragraphAtTop([{ id: 'other', top: 0, bottom: 100 }], 0)).toBe(0)
  })

  it('is brought back by an anchor, kept within the article', () => {
    expect(anchorFor(0, 10)).toBe('')
    expect(anchorFor(4, 10)).toBe('pp-4')
    expect(anchorFor(40, 10)).toBe('pp-9')
    expect(anchorFor(3, 0)).toBe('')
    expect(clampParagraph(-2, 5)).toBe(0)
  })
})

describe("the magazine reader's turns", () => {
  const issues = [
    { id: 9, serial: 3 },
    { id: 5, serial: 2 },
    { id: 1, serial: 1 },
  ]

  it('knows the issues beside one', () => {
    expect(issueNeighbours(issues, 5)).toEqual({ hasPrev: true, hasNext: true })
    expect(issueNeighbours(issues, 9)).toEqual({ hasPrev: true, hasNext: false })
    expect(issueNeighbours(issues, 1)).toEqual({ hasPrev: false, hasNext: true })
    expect(issueNeighbours(issues, 77)).toBeNull()
  })

  it('turns within the issue, then into the issue beside it', () => {
    const middle = articleTurns({ prevId: 3, nextId: 5 }, null)
    expect(middle.prev).toEqual({ label: '上一篇', enabled: true })
    expect(middle.next).toEqual({ label: '下一篇', enabled: true })
    const last = articleTurns({ prevId: 3, nextId: null }, { hasPrev: true, hasNext: true })
    expect(last.next).toEqual({ label: '下一期', enabled: true })
    const first = articleTurns({ prevId: null, nextId: 2 }, { hasPrev: true, hasNext: false })
    expect(first.prev).toEqual({ label: '上一期', enabled: true })
  })

  it('stops at the first article of the first issue and the last of the newest', () => {
    const only = articleTurns({ prevId: null, nextId: null }, { hasPrev: false, hasNext: false })
    expect(only.prev).toEqual({ label: '上一篇', enabled: false })
    expect(only.next).toEqual({ label: '下一篇', enabled: false })
    // Not known yet: the turn is offered and the server answers.
    expect(articleTurns({ prevId: null, nextId: null }, null).next).toEqual({
      label: '下一期',
      enabled: true,
    })
  })

  it('counts what was read', () => {
    expect(readLabel(2, 6)).toBe('已读 2/6')
    expect(readLabel(0, 0)).toBe('')
  })
})

describe('editions by date', () => {
  const editions = [
    { id: 7, date: '2025-03-09' },
    { id: 6, date: '2025-03-08' },
    { id: 1, date: '2025-03-03' },
  ]

  it('knows the editions before and after one', () => {
    expect(editionNeighbours(editions, 6)).toEqual({ hasPrev: true, hasNext: true })
    expect(editionNeighbours(editions, 7)).toEqual({ hasPrev: true, hasNext: false })
    expect(editionNeighbours(editions, 1)).toEqual({ hasPrev: false, hasNext: true })
  })

  it('labels dates on the strip and as titles, whatever the device zone', () => {
    expect(dateChip('2025-03-09')).toEqual({ day: '03-09', weekday: '周日' })
    expect(longDate('2025-03-09')).toBe('2025年3月9日')
    expect(editionTitle({ title: '', date: '2025-03-09' })).toBe('2025年3月9日')
    expect(editionTitle({ title: '2025-03-09', date: '2025-03-09' })).toBe('2025年3月9日')
    expect(editionTitle({ title: '3月9日 星期日', date: '2025-03-09' })).toBe('3月9日 星期日')
  })

  it("knows today in China time (a new edition's date may not be later)", () => {
    // 2025-03-09 17:00 UTC is already 03-10 in Beijing.
    expect(chinaToday(Date.UTC(2025, 2, 9, 17))).toBe('2025-03-10')
    expect(chinaToday(Date.UTC(2025, 2, 9, 15))).toBe('2025-03-09')
  })
})

describe('the owner of an upload', () => {
  it('a new magazine needs a name of 2..30 characters and a category', () => {
    expect(ownerProblem(NEW_OWNER)).toBe('请输入名称')
    expect(ownerProblem({ ...NEW_OWNER, name: '刊' })).toBe('名称为2-30个字')
    expect(ownerProblem({ ...NEW_OWNER, name: '我的刊物' })).toBe('请选择分类')
    expect(ownerProblem({ ...NEW_OWNER, name: '我的刊物', categoryId: 2 })).toBeNull()
    expect(
      ownerProblem({ ...NEW_OWNER, name: '我的刊物', categoryId: 2, intro: '字'.repeat(501) }),
    ).toBe('简介不能超过500字')
  })

  it('one of mine needs nothing more; my magazines are listed once each', () => {
    expect(ownerProblem({ ...NEW_OWNER, owner: 4 })).toBeNull()
    const rows = [
      { magazineId: 4, magazineName: '甲刊' },
      { magazineId: 2, magazineName: '乙刊' },
      { magazineId: 4, magazineName: '甲刊' },
    ]
    expect(
      distinctOwners(
        rows,
        (r) => r.magazineId,
        (r) => r.magazineName,
      ),
    ).toEqual([
      { id: 4, name: '甲刊' },
      { id: 2, name: '乙刊' },
    ])
  })
})

describe('articles of an upload', () => {
  it('names the first problem by its place, uploads first', () => {
    const good = newArticle({ title: '桃花源记', content: '晋太元中\n武陵人捕鱼为业' })
    const untitled = newArticle({ content: '正文' })
    const empty = newArticle({ title: '空白', content: ' \n ' })
    expect(articlesProblem([good], {})).toBeNull()
    expect(articlesProblem([good, untitled], {})).toBe('第2篇文章：请输入文章标题')
    expect(articlesProblem([good, empty], {})).toBe('第2篇文章：请输入文章内容')
    const uploading: Reports = { [good.key]: { urls: [], problem: '图片正在上传，请稍候' } }
    expect(articlesProblem([good], uploading)).toBe('第1篇文章：图片正在上传，请稍候')
    const many: Reports = {
      [good.key]: done(...Array.from({ length: 10 }, (_, i) => `/u/${i}.png`)),
    }
    expect(articlesProblem([good], many)).toBe('第1篇文章：每篇文章最多9张图片')
  })
})

describe('the issue upload form', () => {
  const filled = () => {
    const form = newIssue()
    form.owner = { owner: 'new', name: '我的刊物', categoryId: 1, intro: ' 简介 ' }
    form.title = ' 第1期 '
    form.articles = [newArticle({ title: ' 卷首语 ', author: '编者', content: '第一段\n\n第二段' })]
    return form
  }

  it('checks owner, title, cover and then the articles or the pages', () => {
    const form = filled()
    expect(issueProblem({ ...form, title: '' }, {}, false)).toBe('请输入本期标题')
    expect(issueProblem(form, {}, false)).toBe('请上传封面图片')
    const withCover: Reports = { [COVER_KEY]: done('/uploads/c.png') }
    expect(issueProblem(form, withCover, false)).toBeNull()
    expect(issueProblem({ ...form, articles: [] }, withCover, false)).toBe('请添加文章或页面图片')
    expect(issueProblem({ ...form, mode: 'pages' }, withCover, false)).toBe('请添加文章或页面图片')
    const pages: Reports = { ...withCover, [PAGES_KEY]: done('/uploads/1.png', '/uploads/2.png') }
    expect(issueProblem({ ...form, mode: 'pages' }, pages, false)).toBeNull()
    const tooMany: Reports = {
      ...withCover,
      [PAGES_KEY]: done(...Array.from({ length: 101 }, (_, i) => `/u/${i}.png`)),
    }
    expect(issueProblem({ ...form, mode: 'pages' }, tooMany, false)).toBe('每期最多100页')
  })

  it('sends a new magazine with its first issue, or the next issue of mine', () => {
    const form = filled()
    const reports: Reports = { [COVER_KEY]: done('/uploads/c.png') }
    expect(addIssueRequest(form, reports)).toEqual({
      name: '我的刊物',
      categoryId: 1,
      intro: '简介',
      title: '第1期',
      cover: '/uploads/c.png',
      articles: [{ title: '卷首语', author: '编者', content: '第一段\n\n第二段', images: [] }],
    })
    const pages: Reports = { ...reports, [PAGES_KEY]: done('/uploads/1.png') }
    expect(
      addIssueRequest({ ...form, owner: { ...form.owner, owner: 3 }, mode: 'pages' }, pages),
    ).toEqual({
      magazineId: 3,
      title: '第1期',
      cover: '/uploads/c.png',
      pages: ['/uploads/1.png'],
    })
  })

  it('loads a turned-down issue and sends it again as an edit', () => {
    const draft: IssueDraft = {
      issueId: 12,
      magazineId: 3,
      magazineName: '我的刊物',
      serial: 2,
      title: '第2期',
      cover: '/uploads/c.png',
      articleCount: 2,
      reviewState: 'rejected',
      reviewReason: '封面不清晰',
      createdAt: 1,
      updatedAt: 2,
      categoryId: 1,
      intro: '简介',
      mode: 'pages',
      articles: [],
      pages: ['/uploads/1.png', '/uploads/2.png'],
    }
    const form = issueFromDraft(draft)
    expect(form.owner.owner).toBe(3)
    expect(form.initialCover).toEqual(['/uploads/c.png'])
    expect(form.initialPages).toEqual(['/uploads/1.png', '/uploads/2.png'])
    // An edit does not ask for the magazine's name again.
    const reports: Reports = {
      [COVER_KEY]: done('/uploads/c2.png'),
      [PAGES_KEY]: done('/uploads/1.png'),
    }
    expect(issueProblem(form, reports, true)).toBeNull()
    expect(updateIssueRequest(12, form, reports)).toEqual({
      issueId: 12,
      categoryId: 1,
      intro: '简介',
      title: '第2期',
      cover: '/uploads/c2.png',
      pages: ['/uploads/1.png'],
    })
  })
})

describe('the edition upload form', () => {
  const TODAY = '2025-03-09'

  it('checks the date (not after today), the pages and their articles', () => {
    const form = newEdition(TODAY, 2)
    const page = form.pages[0]
    expect(page.name).toBe('第1版')
    expect(editionProblem(form, {}, false, TODAY)).toBe('第1个版面：请上传版面图片')
    const reports: Reports = { [page.key]: done('/uploads/p1.png') }
    expect(editionProblem(form, reports, false, TODAY)).toBeNull()
    expect(editionProblem({ ...form, date: '2025-03-10' }, reports, false, TODAY)).toBe(
      '日期不能晚于今天',
    )
    expect(editionProblem({ ...form, date: '2025-02-30' }, reports, false, TODAY)).toBe(
      '请选择正确的日期',
    )
    expect(editionProblem({ ...form, pages: [] }, reports, false, TODAY)).toBe('请添加版面')
    const second = { ...newPage(1), name: '' }
    expect(editionProblem({ ...form, pages: [page, second] }, reports, false, TODAY)).toBe(
      '第2个版面：请输入版面名称',
    )
    const article = newArticle({ title: '社论' })
    const withArticle = { ...form, pages: [{ ...page, articles: [article] }] }
    expect(editionProblem(withArticle, reports, false, TODAY)).toBe(
      '第1个版面：第1篇文章：请输入文章内容',
    )
  })

  it('sends the pages with their images and articles', () => {
    const form = newEdition(TODAY, 2)
    const article = newArticle({ title: '社论', content: '一段' })
    form.pages = [{ ...form.pages[0], name: ' 第一版 要闻 ', articles: [article] }]
    const reports: Reports = { [form.pages[0].key]: done('/uploads/p1.png') }
    expect(addEditionRequest(form, reports)).toEqual({
      newspaperId: 2,
      date: TODAY,
      title: '',
      pages: [
        {
          name: '第一版 要闻',
          image: '/uploads/p1.png',
          articles: [{ title: '社论', author: '', content: '一段', images: [] }],
        },
      ],
    })
  })

  it('loads one of my editions for editing (a title that is its date shows blank)', () => {
    const draft: EditionDraft = {
      editionId: 4,
      newspaperId: 2,
      newspaperName: '我的报',
      date: TODAY,
      title: TODAY,
      cover: '/uploads/p1.png',
      pageCount: 1,
      articleCount: 1,
      reviewState: 'rejected',
      reviewReason: '图片模糊',
      createdAt: 1,
      updatedAt: 1,
      categoryId: 1,
      intro: '',
      pages: [
        {
          name: '第一版',
          image: '/uploads/p1.png',
          articles: [{ title: '社论', author: '', content: '一段', images: [] }],
        },
      ],
    }
    const form = editionFromDraft(draft)
    expect(form.title).toBe('')
    expect(form.pages[0].image).toEqual(['/uploads/p1.png'])
    expect(form.pages[0].articles[0].title).toBe('社论')
  })
})
