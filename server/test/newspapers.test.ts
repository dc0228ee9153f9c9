/**
 * Newspapers (issue 14) over HTTP: the public catalogue, dated editions with pages and articles,
 * review states (pending and rejected editions exist only for their owner), reading places and
 * read marks (sign), turning between editions, collections, a reader's uploads with their rules,
 * and reading time credited to newspapers. Fixtures are inserted directly; an operator's approval
 * is a direct update of review_state.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { and, eq } from 'drizzle-orm'
import type { CallDecl } from '@api/contract'
import { newspapersApi } from '@api/newspapers'
import { statsApi } from '@api/stats'
import { BLOCKED_TEXT_MESSAGE } from '@rules/moderation'
import {
  itemCollections,
  newspaperArticles,
  newspaperEditions,
  newspaperPages,
  newspapers,
  pressCategories,
} from '../src/db/schema'
import { sweepUnreferencedUploads } from '../src/modules/common/uploadSweep'
import { DiskStorage } from '../src/services/storage'
import { dayKey } from '../src/modules/stats/days'
import {
  DAY,
  SECOND,
  newMobile,
  queryPath,
  restPath,
  startServer,
  type Reply,
  type TestServer,
} from './helpers'

const api = newspapersApi

interface Person {
  id: number
  token: string
}

type Input = Record<string, unknown>

interface Result {
  status: number
  code: number
  data: any // eslint-disable-line @typescript-eslint/no-explicit-any
  msg: string
}

const qs = (input: Input): string =>
  new URLSearchParams(
    Object.entries(input)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]): [string, string] => [k, String(v)]),
  ).toString()

let s: TestServer

async function call(
  decl: CallDecl,
  who: Person | null,
  input: Input = {},
  style: 'rest' | 'query' = decl.rest ? 'rest' : 'query',
): Promise<Result> {
  const opts = who ? { token: who.token } : {}
  const url = style === 'rest' ? restPath(decl) : queryPath(decl)
  const method = style === 'rest' ? decl.rest?.method : decl.query?.method
  let res: Reply
  if (method === 'GET') {
    const q = qs(input)
    res = await s.get(q ? `${url}${url.includes('?') ? '&' : '?'}${q}` : url, opts)
  } else {
    res = await s.post(url, input, opts)
  }
  const code = style === 'rest' ? res.body.code : res.body.ret
  return { status: res.status, code, data: res.body.data, msg: res.body.msg }
}

function ok(res: Result, label = ''): void {
  assert.equal(res.code, 200, `${label} ${JSON.stringify(res)}`)
}

function fails(res: Result, code: number, msg: string, label = ''): void {
  assert.deepEqual([res.code, res.msg], [code, msg], `${label} ${JSON.stringify(res)}`)
}

// ---- fixtures -------------------------------------------------------------------------------

type State = 'pending' | 'approved' | 'rejected'

interface EditionSpec {
  date: string
  state: State
  reason?: string
}

interface MadeEdition {
  id: number
  pages: number[]
  /** Articles in reading order: two on page 1, one on page 2. */
  articles: number[]
}

interface Made {
  id: number
  editions: MadeEdition[]
}

/** A newspaper with dated editions of two pages (two articles, then one). */
async function insertNewspaper(
  categoryId: number,
  name: string,
  editions: EditionSpec[],
  ownerId: number | null = null,
): Promise<Made> {
  const now = new Date(s.clock.now())
  const [paper] = await s.db
    .insert(newspapers)
    .values({ categoryId, name, intro: `${name}简介`, ownerId, createdAt: now, updatedAt: now })
    .returning()
  const made: Made = { id: paper.id, editions: [] }
  for (const spec of editions) {
    s.clock.advance(SECOND)
    const at = new Date(s.clock.now())
    const [edition] = await s.db
      .insert(newspaperEditions)
      .values({
        newspaperId: paper.id,
        date: spec.date,
        title: spec.date,
        cover: `/static/paper/${paper.id}-${spec.date}-1.png`,
        ownerId,
        reviewState: spec.state,
        reviewReason: spec.reason ?? '',
        reviewedAt: spec.state === 'pending' ? null : at,
        createdAt: at,
        updatedAt: at,
      })
      .returning()
    const pages = await s.db
      .insert(newspaperPages)
      .values([
        {
          editionId: edition.id,
          serial: 1,
          name: '第一版 要闻',
          image: `/static/p/${edition.id}-1.png`,
        },
        {
          editionId: edition.id,
          serial: 2,
          name: '第二版 副刊',
          image: `/static/p/${edition.id}-2.png`,
        },
      ])
      .returning({ id: newspaperPages.id })
    const articles = await s.db
      .insert(newspaperArticles)
      .values(
        [pages[0].id, pages[0].id, pages[1].id].map((pageId, k) => ({
          editionId: edition.id,
          pageId,
          serial: k + 1,
          title: `${spec.date} 文章${k + 1}`,
          author: '记者',
          paragraphs: ['导语。', '正文。'],
          images: [],
        })),
      )
      .returning({ id: newspaperArticles.id })
    made.editions.push({
      id: edition.id,
      pages: pages.map((p) => p.id),
      articles: articles.map((a) => a.id),
    })
  }
  return made
}

async function approve(editionId: number): Promise<void> {
  s.clock.advance(SECOND)
  await s.db
    .update(newspaperEditions)
    .set({ reviewState: 'approved', reviewReason: '', reviewedAt: new Date(s.clock.now()) })
    .where(eq(newspaperEditions.id, editionId))
}

async function person(): Promise<Person> {
  const login = await s.register(newMobile())
  return { id: login.user.user_id, token: login.access_token }
}

const storedFile = (url: string): string =>
  path.join(s.dir, 'uploads', url.replace('/uploads/', ''))

// ---- the suite ------------------------------------------------------------------------------

describe('newspapers', () => {
  let owner: Person
  let other: Person
  let reader: Person
  let category: number
  let otherCategory: number
  /** The house's paper: 04-01 approved, 04-02 pending, 04-03 approved, 04-04 rejected. */
  let house: Made
  let pendingOnly: Made

  before(async () => {
    s = await startServer()
    owner = await person()
    other = await person()
    reader = await person()
    const cats = await s.db
      .insert(pressCategories)
      .values([
        { name: '测试报纸分类', sort: 90 },
        { name: '另一报纸分类', sort: 91 },
      ])
      .returning()
    category = cats[0].id
    otherCategory = cats[1].id
    house = await insertNewspaper(category, '测试日报', [
      { date: '2024-04-01', state: 'approved' },
      { date: '2024-04-02', state: 'pending' },
      { date: '2024-04-03', state: 'approved' },
      { date: '2024-04-04', state: 'rejected', reason: '版面模糊' },
    ])
    pendingOnly = await insertNewspaper(
      category,
      '待审晚报',
      [{ date: '2024-05-01', state: 'pending' }],
      owner.id,
    )
  })
  after(() => s.close())

  test('categories count public newspapers only', async () => {
    const res = await call(api.categoryList, null)
    ok(res)
    assert.deepEqual(
      res.data.find((c: { id: number }) => c.id === category),
      { id: category, name: '测试报纸分类', count: 1 },
    )
  })

  test('the list: both styles, filters, keyword, paging, latest edition first', async () => {
    for (const style of ['rest', 'query'] as const) {
      const res = await call(api.newspaperList, null, { categoryId: category }, style)
      ok(res, style)
      assert.deepEqual(res.data.list, [
        {
          id: house.id,
          name: '测试日报',
          intro: '测试日报简介',
          cover: `/static/paper/${house.id}-2024-04-03-1.png`,
          categoryId: category,
          categoryName: '测试报纸分类',
          editionCount: 2,
          latestDate: '2024-04-03',
        },
      ])
    }
    const a = await insertNewspaper(otherCategory, '甲报', [
      { date: '2024-01-05', state: 'approved' },
    ])
    const b = await insertNewspaper(otherCategory, '乙报', [
      { date: '2024-03-05', state: 'approved' },
    ])
    const c = await insertNewspaper(otherCategory, '丙报', [
      { date: '2024-02-05', state: 'approved' },
    ])
    const page1 = await call(api.newspaperList, null, { categoryId: otherCategory, pageSize: 2 })
    assert.equal(page1.data.total, 3)
    assert.deepEqual(
      page1.data.list.map((n: { id: number }) => n.id),
      [b.id, c.id],
    )
    const page2 = await call(api.newspaperList, null, {
      categoryId: otherCategory,
      pageSize: 2,
      page: 2,
    })
    assert.deepEqual(
      page2.data.list.map((n: { id: number }) => n.id),
      [a.id],
    )
    const found = await call(api.newspaperList, null, { keyword: '丙报' }, 'query')
    assert.deepEqual(
      found.data.list.map((n: { id: number }) => n.id),
      [c.id],
    )
    assert.equal((await call(api.newspaperList, null, { keyword: '待审晚报' })).data.total, 0)
    fails(
      await call(api.newspaperList, null, { keyword: 'x'.repeat(51) }),
      400,
      '搜索词不能超过50字',
    )
    await s.db.delete(newspapers).where(eq(newspapers.categoryId, otherCategory))
  })

  test('detail: others see approved editions; the owner sees every state', async () => {
    const res = await call(api.newspaperDetail, null, { id: house.id })
    ok(res)
    assert.deepEqual(
      res.data.editions.map((e: { date: string; reviewState: string }) => [e.date, e.reviewState]),
      [
        ['2024-04-03', 'approved'],
        ['2024-04-01', 'approved'],
      ],
    )
    assert.deepEqual(
      [
        res.data.editions[0].pageCount,
        res.data.editions[0].articleCount,
        res.data.editions[0].read,
      ],
      [2, 3, 0],
    )
    assert.deepEqual([res.data.collected, res.data.place, res.data.mine], [false, null, false])
    fails(await call(api.newspaperDetail, other, { id: pendingOnly.id }), 404, '报纸不存在')
    fails(await call(api.newspaperDetail, null, { id: 999_999 }), 404, '报纸不存在')
    const mine = await call(api.newspaperDetail, owner, { id: pendingOnly.id })
    ok(mine)
    assert.deepEqual(
      [mine.data.mine, mine.data.editions[0].reviewState, mine.data.latestDate],
      [true, 'pending', '2024-05-01'],
    )
    for (const edition of [house.editions[1], house.editions[3], pendingOnly.editions[0]]) {
      fails(await call(api.catalogue, null, { editionId: edition.id }), 404, '该期报纸不存在')
      fails(await call(api.openReading, other, { editionId: edition.id }), 404, '该期报纸不存在')
      fails(await call(api.sign, other, { editionId: edition.id }), 404, '该期报纸不存在')
      fails(
        await call(api.turning, other, { editionId: edition.id, direction: 'next' }),
        404,
        '该期报纸不存在',
      )
    }
    ok(await call(api.catalogue, owner, { editionId: pendingOnly.editions[0].id }))
  })

  test('a guest reads an edition: catalogue by page, opening, neighbours', async () => {
    const edition = house.editions[0]
    const res = await call(api.catalogue, null, { editionId: edition.id })
    ok(res)
    assert.deepEqual(res.data.edition, {
      id: edition.id,
      newspaperId: house.id,
      newspaperName: '测试日报',
      date: '2024-04-01',
      title: '2024-04-01',
      cover: `/static/paper/${house.id}-2024-04-01-1.png`,
      reviewState: 'approved',
      reviewReason: '',
    })
    assert.deepEqual(
      res.data.pages.map((p: { id: number; name: string; articles: { id: number }[] }) => [
        p.id,
        p.name,
        p.articles.map((a) => a.id),
      ]),
      [
        [edition.pages[0], '第一版 要闻', edition.articles.slice(0, 2)],
        [edition.pages[1], '第二版 副刊', edition.articles.slice(2)],
      ],
    )
    const open = await call(api.openReading, null, { editionId: edition.id })
    ok(open)
    assert.deepEqual(open.data, {
      place: null,
      article: {
        id: edition.articles[0],
        editionId: edition.id,
        newspaperId: house.id,
        date: '2024-04-01',
        pageId: edition.pages[0],
        pageName: '第一版 要闻',
        serial: 1,
        title: '2024-04-01 文章1',
        author: '记者',
        paragraphs: ['导语。', '正文。'],
        images: [],
        prevId: null,
        nextId: edition.articles[1],
      },
    })
    // Across pages: the next of the second article is on page 2.
    const third = await call(api.openReading, null, {
      editionId: edition.id,
      articleId: edition.articles[1],
    })
    assert.equal(third.data.article.nextId, edition.articles[2])
    fails(
      await call(api.openReading, null, {
        editionId: edition.id,
        articleId: house.editions[2].articles[0],
      }),
      404,
      '文章不存在',
    )
  })

  test('turning goes to the adjacent visible edition by date', async () => {
    const [first, , third] = house.editions
    const next = await call(api.turning, null, { editionId: first.id, direction: 'next' })
    ok(next)
    assert.deepEqual(next.data, {
      id: third.id,
      newspaperId: house.id,
      date: '2024-04-03',
      title: '2024-04-03',
      cover: `/static/paper/${house.id}-2024-04-03-1.png`,
    })
    const back = await call(api.turning, null, { editionId: third.id, direction: 'prev' })
    assert.equal(back.data.id, first.id)
    fails(
      await call(api.turning, null, { editionId: first.id, direction: 'prev' }),
      404,
      '已经是最早一期',
    )
    fails(
      await call(api.turning, null, { editionId: third.id, direction: 'next' }),
      404,
      '已经是最新一期',
    )
  })

  test('reading places are saved, restored and signed', async () => {
    const [first, , third] = house.editions
    const guest = await call(api.saveReading, null, {
      editionId: first.id,
      articleId: first.articles[0],
      paragraph: 0,
    })
    assert.deepEqual([guest.status, guest.code], [401, 401])
    assert.equal((await call(api.myPlace, null, { newspaperId: house.id })).code, 401)
    fails(
      await call(api.saveReading, reader, {
        editionId: first.id,
        articleId: first.articles[2],
        paragraph: 2,
      }),
      400,
      '段落位置不正确',
    )
    fails(
      await call(api.saveReading, reader, {
        editionId: first.id,
        articleId: third.articles[0],
        paragraph: 0,
      }),
      404,
      '文章不存在',
    )
    const saved = await call(api.saveReading, reader, {
      editionId: first.id,
      articleId: first.articles[2],
      paragraph: 1,
    })
    ok(saved)
    assert.deepEqual(saved.data, {
      newspaperId: house.id,
      editionId: first.id,
      date: '2024-04-01',
      editionTitle: '2024-04-01',
      articleId: first.articles[2],
      articleTitle: '2024-04-01 文章3',
      pageId: first.pages[1],
      pageName: '第二版 副刊',
      paragraph: 1,
      updatedAt: Math.floor(s.clock.now() / 1000),
    })
    const open = await call(api.openReading, reader, { editionId: first.id })
    assert.deepEqual([open.data.article.id, open.data.place], [first.articles[2], saved.data])
    const sign = await call(api.sign, reader, { editionId: first.id })
    assert.deepEqual(sign.data, { readArticleIds: [first.articles[2]], read: 1, total: 3 })
    const catalogue = await call(api.catalogue, reader, { editionId: first.id })
    assert.deepEqual(
      catalogue.data.pages.flatMap((p: { articles: { read: boolean }[] }) =>
        p.articles.map((a) => a.read),
      ),
      [false, false, true],
    )
    s.clock.advance(10 * SECOND)
    ok(
      await call(api.saveReading, reader, {
        editionId: third.id,
        articleId: third.articles[0],
        paragraph: 0,
      }),
    )
    const place = await call(api.myPlace, reader, { newspaperId: house.id })
    assert.deepEqual([place.data.editionId, place.data.articleId], [third.id, third.articles[0]])
    assert.equal((await call(api.myPlace, other, { newspaperId: house.id })).data, null)
    fails(await call(api.myPlace, other, { newspaperId: pendingOnly.id }), 404, '报纸不存在')
    const detail = await call(api.newspaperDetail, reader, { id: house.id })
    assert.equal(detail.data.place.editionId, third.id)
    assert.deepEqual(
      detail.data.editions.map((e: { read: number }) => e.read),
      [1, 1],
    )
  })

  test('collecting: public newspapers only; listed newest first', async () => {
    fails(
      await call(api.setCollected, reader, { id: pendingOnly.id, collect: 1 }),
      404,
      '报纸不存在',
    )
    const res = await call(api.setCollected, reader, { id: house.id, collect: 1 })
    ok(res)
    assert.deepEqual([res.data, res.msg], [{ collected: true }, '已收藏'])
    ok(await call(api.setCollected, reader, { id: house.id, collect: 1 }))
    const list = await call(api.collectedList, reader)
    ok(list)
    assert.deepEqual(
      list.data.list.map((n: { id: number; name: string }) => [n.id, n.name]),
      [[house.id, '测试日报']],
    )
    assert.equal((await call(api.newspaperDetail, reader, { id: house.id })).data.collected, true)
    const off = await call(api.setCollected, reader, { id: house.id, collect: 0 })
    assert.deepEqual([off.data, off.msg], [{ collected: false }, '已取消收藏'])
    assert.equal((await call(api.collectedList, reader)).data.total, 0)
    assert.equal((await call(api.collectedList, null)).status, 401)
  })

  describe('uploads', () => {
    let images: string[]
    let created: { editionId: number; newspaperId: number }

    before(async () => {
      images = []
      for (let i = 0; i < 4; i++) images.push(await s.uploadImage(owner.token))
    })

    const pages = () => [
      {
        name: '第一版 要闻',
        image: images[0],
        articles: [
          { title: '头条', author: '本报记者', content: '第一段\n\n第二段', images: [images[2]] },
          { title: '短讯', content: '一句话' },
        ],
      },
      { name: '第二版', image: images[1] },
    ]

    test('a guest is sent to log in', async () => {
      for (const decl of [
        api.addEdition,
        api.updateEdition,
        api.deleteEdition,
        api.myList,
        api.myEdition,
      ]) {
        const res = await call(decl, null, { editionId: 1 })
        assert.deepEqual([res.status, res.code], [200, 302], decl.summary)
      }
    })

    test('add: a new newspaper edition waits for review', async () => {
      const res = await call(api.addEdition, owner, {
        name: '我的小报',
        categoryId: category,
        date: '2024-06-01',
        pages: pages(),
      })
      ok(res)
      assert.equal(res.msg, '已提交，等待审核')
      created = { editionId: res.data.editionId, newspaperId: res.data.newspaperId }
      assert.deepEqual(
        [
          res.data.newspaperName,
          res.data.date,
          res.data.title,
          res.data.cover,
          res.data.pageCount,
          res.data.articleCount,
          res.data.reviewState,
        ],
        ['我的小报', '2024-06-01', '2024-06-01', images[0], 2, 2, 'pending'],
      )
      const catalogue = await call(api.catalogue, owner, { editionId: created.editionId })
      assert.deepEqual(
        catalogue.data.pages.map((p: { name: string; image: string; articles: unknown[] }) => [
          p.name,
          p.image,
          p.articles.length,
        ]),
        [
          ['第一版 要闻', images[0], 2],
          ['第二版', images[1], 0],
        ],
      )
      fails(
        await call(api.catalogue, other, { editionId: created.editionId }),
        404,
        '该期报纸不存在',
      )
      const draft = await call(api.myEdition, owner, { editionId: created.editionId })
      ok(draft)
      assert.deepEqual(draft.data.pages[0].articles[0], {
        title: '头条',
        author: '本报记者',
        content: '第一段\n第二段',
        images: [images[2]],
      })
      const mine = await call(api.myList, owner)
      assert.equal(mine.data.list[0].editionId, created.editionId)
      // An edition of page images only opens without an article.
      const bare = await call(api.addEdition, owner, {
        newspaperId: created.newspaperId,
        date: '2024-06-02',
        title: '周末版',
        pages: [{ name: '第一版', image: images[3] }],
      })
      ok(bare)
      assert.equal(bare.data.title, '周末版')
      const open = await call(api.openReading, owner, { editionId: bare.data.editionId })
      assert.deepEqual(open.data, { place: null, article: null })
      // Approved: public, and the turning goes between the two.
      await approve(created.editionId)
      await approve(bare.data.editionId)
      const listed = await call(api.newspaperList, null, { keyword: '我的小报' })
      assert.deepEqual(
        [listed.data.total, listed.data.list[0].latestDate, listed.data.list[0].cover],
        [1, '2024-06-02', images[3]],
      )
      const next = await call(api.turning, null, {
        editionId: created.editionId,
        direction: 'next',
      })
      assert.equal(next.data.id, bare.data.editionId)
    })

    test('add: what is refused', async () => {
      const foreign = await s.uploadImage(other.token)
      const today = dayKey(s.clock.now())
      const tomorrow = dayKey(s.clock.now() + DAY)
      const base = { name: '新报', categoryId: category, date: '2024-07-01', pages: pages() }
      const cases: Array<[Input, number, string]> = [
        [{ ...base, date: undefined }, 400, '请选择正确的日期'],
        [{ ...base, date: '2024-02-30' }, 400, '请选择正确的日期'],
        [{ ...base, date: '2024/07/01' }, 400, '请选择正确的日期'],
        [{ ...base, date: tomorrow }, 400, '日期不能晚于今天'],
        [{ ...base, pages: [] }, 400, '请添加版面'],
        [{ ...base, pages: undefined }, 400, '请添加版面'],
        [
          { ...base, pages: Array(17).fill({ name: 'a', image: images[0] }) },
          400,
          '每期最多16个版面',
        ],
        [{ ...base, pages: [{ name: '', image: images[0] }] }, 400, '请输入版面名称'],
        [
          { ...base, pages: [{ name: '版'.repeat(21), image: images[0] }] },
          400,
          '版面名称不能超过20字',
        ],
        [{ ...base, pages: [{ name: 'a' }] }, 400, '请上传版面图片'],
        [
          { ...base, pages: [{ name: 'a', image: 'https://example.com/x.png' }] },
          400,
          '请上传版面图片',
        ],
        [{ ...base, pages: [{ name: 'a', image: foreign }] }, 400, '请上传版面图片'],
        [
          {
            ...base,
            pages: [
              {
                name: 'a',
                image: images[0],
                articles: [{ title: 'x', content: 'y', images: [foreign] }],
              },
            ],
          },
          400,
          '图片无效，请重新上传',
        ],
        [
          {
            ...base,
            pages: [
              {
                name: 'a',
                image: images[0],
                articles: Array(31).fill({ title: 'x', content: 'y' }),
              },
            ],
          },
          400,
          '每个版面最多30篇文章',
        ],
        [{ ...base, pages: ['版面'] }, 400, '版面格式不正确'],
        [{ ...base, title: '题'.repeat(41) }, 400, '标题不能超过40字'],
        [{ ...base, name: '代开发票日报' }, 400, BLOCKED_TEXT_MESSAGE],
        [{ ...base, categoryId: undefined }, 400, '请选择分类'],
        [{ ...base, newspaperId: house.id }, 403, '只能修改自己上传的内容'],
        [{ ...base, newspaperId: 999_999 }, 404, '报纸不存在'],
        [{ ...base, newspaperId: created.newspaperId, date: '2024-06-01' }, 400, '该日期已有一期'],
      ]
      const before = await s.db.select({ id: newspaperEditions.id }).from(newspaperEditions)
      for (const [input, code, msg] of cases) {
        fails(
          await call(api.addEdition, owner, input),
          code,
          msg,
          JSON.stringify(input).slice(0, 100),
        )
      }
      assert.equal(
        (await s.db.select({ id: newspaperEditions.id }).from(newspaperEditions)).length,
        before.length,
      )
      // Today is fine.
      const todays = await call(api.addEdition, owner, {
        newspaperId: created.newspaperId,
        date: today,
        pages: [{ name: '第一版', image: images[0] }],
      })
      ok(todays)
      ok(await call(api.deleteEdition, owner, { editionId: todays.data.editionId }))
    })

    test('update: only the owner; the date stays unique; it goes back to review', async () => {
      const input = {
        editionId: created.editionId,
        date: '2024-06-02',
        pages: [{ name: '新一版', image: images[0], articles: [{ title: '改', content: '改过' }] }],
      }
      fails(await call(api.updateEdition, other, input), 403, '只能修改自己上传的内容')
      fails(await call(api.updateEdition, owner, input), 400, '该日期已有一期')
      const res = await call(api.updateEdition, owner, {
        ...input,
        date: '2024-05-31',
        intro: '新简介',
      })
      ok(res)
      assert.deepEqual(
        [
          res.data.date,
          res.data.title,
          res.data.reviewState,
          res.data.pageCount,
          res.data.articleCount,
        ],
        ['2024-05-31', '2024-05-31', 'pending', 1, 1],
      )
      // images[1] (the old second page) and images[2] (an old article's image) are used nowhere.
      assert.equal(fs.existsSync(storedFile(images[1])), false)
      assert.equal(fs.existsSync(storedFile(images[2])), false)
      assert.ok(fs.existsSync(storedFile(images[0])))
      fails(
        await call(api.catalogue, other, { editionId: created.editionId }),
        404,
        '该期报纸不存在',
      )
      const [paper] = await s.db
        .select()
        .from(newspapers)
        .where(eq(newspapers.id, created.newspaperId))
      assert.equal(paper.intro, '新简介')
    })

    test('delete: only the owner; files go; the last edition takes the newspaper', async () => {
      const mine = (await call(api.myList, owner, { pageSize: 50 })).data.list.filter(
        (e: { newspaperId: number }) => e.newspaperId === created.newspaperId,
      )
      assert.equal(mine.length, 2)
      ok(await call(api.setCollected, reader, { id: created.newspaperId, collect: 1 }))
      for (const edition of mine) {
        fails(
          await call(api.deleteEdition, other, { editionId: edition.editionId }),
          403,
          '只能删除自己上传的内容',
        )
      }
      for (const edition of mine)
        ok(await call(api.deleteEdition, owner, { editionId: edition.editionId }))
      for (const image of [images[0], images[3]])
        assert.equal(fs.existsSync(storedFile(image)), false)
      assert.equal(
        (await s.db.select().from(newspapers).where(eq(newspapers.id, created.newspaperId))).length,
        0,
      )
      const rows = await s.db
        .select()
        .from(itemCollections)
        .where(
          and(eq(itemCollections.kind, 'paper'), eq(itemCollections.itemId, created.newspaperId)),
        )
      assert.equal(rows.length, 0)
      fails(
        await call(api.deleteEdition, owner, { editionId: mine[0].editionId }),
        404,
        '该期报纸不存在',
      )
    })
  })

  test('the hourly sweep keeps the images editions use and removes the unused', async () => {
    const keeper = await person()
    const [pageImage, articleImage, unused] = [
      await s.uploadImage(keeper.token),
      await s.uploadImage(keeper.token),
      await s.uploadImage(keeper.token),
    ]
    ok(
      await call(api.addEdition, keeper, {
        name: '留存报',
        categoryId: category,
        date: '2024-08-01',
        pages: [
          {
            name: '第一版',
            image: pageImage,
            articles: [{ title: '图文', content: '文字', images: [articleImage] }],
          },
        ],
      }),
    )
    s.clock.advance(25 * 60 * 60 * SECOND)
    const storage = new DiskStorage(path.join(s.dir, 'uploads'))
    await sweepUnreferencedUploads({ db: s.db, clock: s.clock, storage })
    for (const kept of [pageImage, articleImage]) assert.ok(fs.existsSync(storedFile(kept)), kept)
    assert.equal(fs.existsSync(storedFile(unused)), false)
  })

  test('reading time is credited to a public newspaper and listed with its source', async () => {
    const who = await person()
    const res = await s.post(
      restPath(statsApi.reportDuration),
      { newspaperId: house.id, seconds: 90 },
      { token: who.token },
    )
    assert.equal(res.body.code, 200, JSON.stringify(res.body))
    const info = (await s.get(queryPath(statsApi.readingTimeInfo), { token: who.token })).body.data
    assert.equal(info.todaySeconds, 90)
    const days = (await s.get(queryPath(statsApi.readingDays), { token: who.token })).body.data
    assert.deepEqual(days.list[0].books, [
      { booksId: house.id, booksName: '测试日报', seconds: 90, source: 'newspaper' },
    ])
    const refused = await s.post(
      restPath(statsApi.reportDuration),
      { newspaperId: pendingOnly.id, seconds: 10 },
      { token: who.token },
    )
    assert.deepEqual([refused.body.code, refused.body.msg], [404, '报纸不存在'])
  })
})
