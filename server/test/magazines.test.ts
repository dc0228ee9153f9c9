/**
 * Magazines (issue 14) over HTTP: the public catalogue for guests, review states (pending and
 * rejected issues exist only for their owner), reading places and read marks (sign), turning across
 * issues, collections, a reader's uploads with their rules, and reading time credited to magazines.
 * Fixtures are inserted directly; an operator's approval is a direct update of review_state.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { and, eq } from 'drizzle-orm'
import type { CallDecl } from '@api/contract'
import { magazinesApi } from '@api/magazines'
import { statsApi } from '@api/stats'
import { BLOCKED_TEXT_MESSAGE } from '@rules/moderation'
import {
  itemCollections,
  magazineArticles,
  magazineCategories,
  magazineIssues,
  magazines,
  uploads,
} from '../src/db/schema'
import { sweepUnreferencedUploads } from '../src/modules/common/uploadSweep'
import { DiskStorage } from '../src/services/storage'
import {
  SECOND,
  newMobile,
  queryPath,
  restPath,
  startServer,
  type Reply,
  type TestServer,
} from './helpers'

const api = magazinesApi

interface Person {
  id: number
  token: string
  mobile: string
}

type Style = 'rest' | 'query'
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

/** Calls a declared call in one of its styles (its first by default) as `who` (null: a guest). */
async function call(
  decl: CallDecl,
  who: Person | null,
  input: Input = {},
  style: Style = decl.rest ? 'rest' : 'query',
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

interface IssueSpec {
  title: string
  state: State
  reason?: string
  /** Articles, each with three paragraphs. */
  articles?: number
}

interface Made {
  id: number
  issues: { id: number; articles: number[] }[]
}

/** A magazine with its issues (serials 1..n), as the house's (owner null) or a reader's. */
async function insertMagazine(
  categoryId: number,
  name: string,
  issues: IssueSpec[],
  ownerId: number | null = null,
): Promise<Made> {
  const now = new Date(s.clock.now())
  const [magazine] = await s.db
    .insert(magazines)
    .values({ categoryId, name, intro: `${name}的简介`, ownerId, createdAt: now, updatedAt: now })
    .returning()
  const made: Made = { id: magazine.id, issues: [] }
  for (const [i, spec] of issues.entries()) {
    s.clock.advance(SECOND)
    const at = new Date(s.clock.now())
    const [issue] = await s.db
      .insert(magazineIssues)
      .values({
        magazineId: magazine.id,
        serial: i + 1,
        title: spec.title,
        cover: `/static/covers/${magazine.id}-${i + 1}.png`,
        ownerId,
        reviewState: spec.state,
        reviewReason: spec.reason ?? '',
        reviewedAt: spec.state === 'pending' ? null : at,
        createdAt: at,
        updatedAt: at,
      })
      .returning()
    const rows = await s.db
      .insert(magazineArticles)
      .values(
        Array.from({ length: spec.articles ?? 2 }, (_, k) => ({
          issueId: issue.id,
          serial: k + 1,
          title: `${spec.title} 第${k + 1}篇`,
          author: '作者',
          paragraphs: ['第一段。', '第二段。', '第三段。'],
          images: [],
        })),
      )
      .returning({ id: magazineArticles.id })
    made.issues.push({ id: issue.id, articles: rows.map((r) => r.id) })
  }
  return made
}

async function approve(issueId: number): Promise<void> {
  s.clock.advance(SECOND)
  await s.db
    .update(magazineIssues)
    .set({ reviewState: 'approved', reviewReason: '', reviewedAt: new Date(s.clock.now()) })
    .where(eq(magazineIssues.id, issueId))
}

async function reject(issueId: number, reason: string): Promise<void> {
  await s.db
    .update(magazineIssues)
    .set({ reviewState: 'rejected', reviewReason: reason, reviewedAt: new Date(s.clock.now()) })
    .where(eq(magazineIssues.id, issueId))
}

async function person(): Promise<Person> {
  const mobile = newMobile()
  const login = await s.register(mobile)
  return { id: login.user.user_id, token: login.access_token, mobile }
}

const storedFile = (url: string): string =>
  path.join(s.dir, 'uploads', url.replace('/uploads/', ''))

// ---- the suite ------------------------------------------------------------------------------

describe('magazines', () => {
  let owner: Person
  let other: Person
  let reader: Person
  let category: number
  let emptyCategory: number
  /** The house's magazine: issues 1 approved, 2 pending, 3 approved, 4 rejected. */
  let house: Made
  /** A reader's magazine with only a pending issue. */
  let pendingOnly: Made

  before(async () => {
    s = await startServer()
    owner = await person()
    other = await person()
    reader = await person()
    const cats = await s.db
      .insert(magazineCategories)
      .values([
        { name: '测试杂志分类', sort: 90 },
        { name: '空的杂志分类', sort: 91 },
      ])
      .returning()
    category = cats[0].id
    emptyCategory = cats[1].id
    house = await insertMagazine(category, '测试月刊', [
      { title: '第1期', state: 'approved', articles: 3 },
      { title: '第2期', state: 'pending' },
      { title: '第3期', state: 'approved' },
      { title: '第4期', state: 'rejected', reason: '图片不清晰' },
    ])
    pendingOnly = await insertMagazine(
      category,
      '待审杂志',
      [{ title: '创刊号', state: 'pending' }],
      owner.id,
    )
  })
  after(() => s.close())

  test('categories count public magazines only (query style)', async () => {
    const res = await call(api.categoryList, null)
    ok(res)
    const mine = res.data.find((c: { id: number }) => c.id === category)
    assert.deepEqual(mine, { id: category, name: '测试杂志分类', count: 1 })
    const empty = res.data.find((c: { id: number }) => c.id === emptyCategory)
    assert.equal(empty.count, 0)
  })

  test('the list: public magazines, both styles, filters, keyword, paging, newest published first', async () => {
    for (const style of ['rest', 'query'] as const) {
      const res = await call(api.magazineList, null, { categoryId: category }, style)
      ok(res, style)
      assert.equal(res.data.total, 1, style)
      assert.deepEqual(res.data.list[0], {
        id: house.id,
        name: '测试月刊',
        intro: '测试月刊的简介',
        cover: `/static/covers/${house.id}-3.png`,
        categoryId: category,
        categoryName: '测试杂志分类',
        issueCount: 2,
        latestIssueTitle: '第3期',
      })
    }
    // Two more public magazines: the latest published comes first.
    const a = await insertMagazine(emptyCategory, '甲刊', [{ title: '一', state: 'approved' }])
    const b = await insertMagazine(emptyCategory, '乙刊', [{ title: '一', state: 'approved' }])
    const c = await insertMagazine(emptyCategory, '丙刊', [{ title: '一', state: 'approved' }])
    await approve(a.issues[0].id)
    const page1 = await call(api.magazineList, null, { categoryId: emptyCategory, pageSize: 2 })
    ok(page1)
    assert.equal(page1.data.total, 3)
    assert.deepEqual(
      page1.data.list.map((m: { id: number }) => m.id),
      [a.id, c.id],
    )
    const page2 = await call(api.magazineList, null, {
      categoryId: emptyCategory,
      pageSize: 2,
      page: 2,
    })
    assert.deepEqual(
      page2.data.list.map((m: { id: number }) => m.id),
      [b.id],
    )
    const found = await call(api.magazineList, null, { keyword: ' 乙刊 ' }, 'query')
    assert.deepEqual(
      found.data.list.map((m: { id: number }) => m.id),
      [b.id],
    )
    const none = await call(api.magazineList, null, { keyword: '待审' })
    assert.equal(none.data.total, 0, 'a pending-only magazine is not listed')
    const percent = await call(api.magazineList, null, { keyword: '%' })
    assert.equal(percent.data.total, 0)
    fails(
      await call(api.magazineList, null, { keyword: '长'.repeat(51) }),
      400,
      '搜索词不能超过50字',
    )
    const clamped = await call(api.magazineList, null, { pageSize: 500 })
    assert.equal(clamped.data.pageSize, 50)
    // Back to an empty category for the other tests.
    await s.db.delete(magazines).where(eq(magazines.categoryId, emptyCategory))
  })

  test('detail: guests and others see approved issues; the owner sees every state', async () => {
    for (const style of ['rest', 'query'] as const) {
      const res = await call(api.magazineDetail, null, { id: house.id }, style)
      ok(res, style)
      assert.deepEqual(
        res.data.issues.map((i: { serial: number; reviewState: string }) => [
          i.serial,
          i.reviewState,
        ]),
        [
          [3, 'approved'],
          [1, 'approved'],
        ],
      )
      assert.equal(res.data.issues[1].articleCount, 3)
      assert.equal(res.data.issues[1].read, 0)
      assert.deepEqual(
        [res.data.collected, res.data.place, res.data.mine, res.data.issueCount],
        [false, null, false, 2],
      )
    }
    fails(await call(api.magazineDetail, null, { id: pendingOnly.id }), 404, '杂志不存在')
    fails(await call(api.magazineDetail, other, { id: pendingOnly.id }), 404, '杂志不存在')
    fails(await call(api.magazineDetail, null, { id: 999_999 }), 404, '杂志不存在')
    fails(await call(api.magazineDetail, null, { id: 'x' }), 400, '杂志不存在')
    const mine = await call(api.magazineDetail, owner, { id: pendingOnly.id })
    ok(mine)
    assert.equal(mine.data.mine, true)
    assert.equal(mine.data.issues[0].reviewState, 'pending')
    assert.equal(mine.data.latestIssueTitle, '创刊号')
    assert.equal(mine.data.cover, `/static/covers/${pendingOnly.id}-1.png`)

    // Pending and rejected issues do not exist for others.
    for (const issue of [house.issues[1], house.issues[3], pendingOnly.issues[0]]) {
      fails(await call(api.contents, null, { issueId: issue.id }), 404, '该期杂志不存在')
      fails(await call(api.contents, other, { issueId: issue.id }), 404, '该期杂志不存在')
      fails(await call(api.openReading, other, { issueId: issue.id }), 404, '该期杂志不存在')
      fails(await call(api.sign, other, { issueId: issue.id }), 404, '该期杂志不存在')
    }
    const own = await call(api.contents, owner, { issueId: pendingOnly.issues[0].id })
    ok(own)
    assert.equal(own.data.issue.reviewState, 'pending')
  })

  test('a guest reads an approved issue: contents, opening, neighbours', async () => {
    const issue = house.issues[0]
    const contents = await call(api.contents, null, { issueId: issue.id })
    ok(contents)
    assert.deepEqual(contents.data.issue, {
      id: issue.id,
      magazineId: house.id,
      magazineName: '测试月刊',
      serial: 1,
      title: '第1期',
      cover: `/static/covers/${house.id}-1.png`,
      reviewState: 'approved',
      reviewReason: '',
    })
    assert.deepEqual(
      contents.data.articles.map((a: { id: number; read: boolean; image: string }) => [
        a.id,
        a.read,
        a.image,
      ]),
      issue.articles.map((id) => [id, false, '']),
    )
    const open = await call(api.openReading, null, { issueId: issue.id })
    ok(open)
    assert.equal(open.data.place, null)
    assert.deepEqual(open.data.article, {
      id: issue.articles[0],
      issueId: issue.id,
      magazineId: house.id,
      issueTitle: '第1期',
      serial: 1,
      title: '第1期 第1篇',
      author: '作者',
      paragraphs: ['第一段。', '第二段。', '第三段。'],
      images: [],
      prevId: null,
      nextId: issue.articles[1],
    })
    const second = await call(api.openReading, null, {
      issueId: issue.id,
      articleId: issue.articles[1],
    })
    assert.deepEqual(
      [second.data.article.prevId, second.data.article.nextId],
      [issue.articles[0], issue.articles[2]],
    )
    // An article of another issue is not in this one.
    fails(
      await call(api.openReading, null, {
        issueId: issue.id,
        articleId: house.issues[2].articles[0],
      }),
      404,
      '文章不存在',
    )
  })

  test('turning crosses into the adjacent visible issue, and stops at the ends', async () => {
    const [first, , third] = house.issues
    const next = await call(api.turning, null, { articleId: first.articles[0], direction: 'next' })
    ok(next)
    assert.equal(next.data.id, first.articles[1])
    // The end of issue 1 goes to issue 3 (issue 2 is pending).
    const across = await call(api.turning, null, {
      articleId: first.articles[2],
      direction: 'next',
    })
    ok(across)
    assert.deepEqual([across.data.issueId, across.data.id], [third.id, third.articles[0]])
    const back = await call(api.turning, reader, {
      articleId: third.articles[0],
      direction: 'prev',
    })
    assert.deepEqual([back.data.issueId, back.data.id], [first.id, first.articles[2]])
    fails(
      await call(api.turning, null, { articleId: first.articles[0], direction: 'prev' }),
      404,
      '已经是第一篇',
    )
    fails(
      await call(api.turning, null, { articleId: third.articles[1], direction: 'next' }),
      404,
      '已经是最后一篇',
    )
    fails(
      await call(api.turning, null, { articleId: first.articles[0], direction: 'up' }),
      400,
      '翻页方向不正确',
    )
    // A pending issue's article does not exist for others.
    fails(
      await call(api.turning, null, { articleId: house.issues[1].articles[0], direction: 'next' }),
      404,
      '文章不存在',
    )
  })

  test('reading places are saved, restored and signed', async () => {
    const [first, , third] = house.issues
    // A guest cannot save, see a place or sign.
    const guest = await call(api.saveReading, null, {
      issueId: first.id,
      articleId: first.articles[1],
      paragraph: 1,
    })
    assert.deepEqual([guest.status, guest.code], [401, 401])
    assert.equal((await call(api.myPlace, null, { magazineId: house.id })).code, 401)
    assert.equal((await call(api.sign, null, { issueId: first.id })).code, 401)

    fails(
      await call(api.saveReading, reader, {
        issueId: first.id,
        articleId: first.articles[1],
        paragraph: 3,
      }),
      400,
      '段落位置不正确',
    )
    fails(
      await call(api.saveReading, reader, {
        issueId: first.id,
        articleId: first.articles[1],
        paragraph: -1,
      }),
      400,
      '段落位置不正确',
    )
    fails(
      await call(api.saveReading, reader, {
        issueId: first.id,
        articleId: third.articles[0],
        paragraph: 0,
      }),
      404,
      '文章不存在',
    )
    fails(
      await call(api.saveReading, reader, {
        issueId: house.issues[1].id,
        articleId: house.issues[1].articles[0],
        paragraph: 0,
      }),
      404,
      '该期杂志不存在',
    )

    const saved = await call(api.saveReading, reader, {
      issueId: first.id,
      articleId: first.articles[1],
      paragraph: 2,
    })
    ok(saved)
    assert.deepEqual(saved.data, {
      magazineId: house.id,
      issueId: first.id,
      issueTitle: '第1期',
      articleId: first.articles[1],
      articleTitle: '第1期 第2篇',
      paragraph: 2,
      updatedAt: Math.floor(s.clock.now() / 1000),
    })
    // Opening the issue again (on any device) restores the article.
    const open = await call(api.openReading, reader, { issueId: first.id })
    assert.equal(open.data.article.id, first.articles[1])
    assert.deepEqual(open.data.place, saved.data)
    // Another reader starts at the first article.
    const fresh = await call(api.openReading, other, { issueId: first.id })
    assert.deepEqual([fresh.data.place, fresh.data.article.id], [null, first.articles[0]])

    // Moving on: the place moves, the earlier article stays signed.
    s.clock.advance(10 * SECOND)
    ok(
      await call(api.saveReading, reader, {
        issueId: first.id,
        articleId: first.articles[2],
        paragraph: 0,
      }),
    )
    const sign = await call(api.sign, reader, { issueId: first.id })
    ok(sign)
    assert.deepEqual(sign.data, {
      readArticleIds: [first.articles[1], first.articles[2]],
      read: 2,
      total: 3,
    })
    const contents = await call(api.contents, reader, { issueId: first.id })
    assert.deepEqual(
      contents.data.articles.map((a: { read: boolean }) => a.read),
      [false, true, true],
    )
    // The place in another issue is the magazine's most recent one.
    s.clock.advance(10 * SECOND)
    ok(
      await call(api.saveReading, reader, {
        issueId: third.id,
        articleId: third.articles[0],
        paragraph: 1,
      }),
    )
    const place = await call(api.myPlace, reader, { magazineId: house.id })
    ok(place)
    assert.deepEqual(
      [place.data.issueId, place.data.articleId, place.data.paragraph],
      [third.id, third.articles[0], 1],
    )
    assert.equal((await call(api.myPlace, other, { magazineId: house.id })).data, null)
    fails(await call(api.myPlace, other, { magazineId: pendingOnly.id }), 404, '杂志不存在')
    const detail = await call(api.magazineDetail, reader, { id: house.id })
    assert.equal(detail.data.place.issueId, third.id)
    assert.deepEqual(
      detail.data.issues.map((i: { read: number; articleCount: number }) => [
        i.read,
        i.articleCount,
      ]),
      [
        [1, 2],
        [2, 3],
      ],
    )
  })

  test('collecting: public magazines only, idempotent, listed newest first', async () => {
    const second = await insertMagazine(category, '第二本', [{ title: '一', state: 'approved' }])
    fails(
      await call(api.setCollected, reader, { id: pendingOnly.id, collect: 1 }),
      404,
      '杂志不存在',
    )
    const guest = await call(api.setCollected, null, { id: house.id, collect: 1 })
    assert.equal(guest.status, 401)
    const first = await call(api.setCollected, reader, { id: house.id, collect: 1 })
    ok(first)
    assert.deepEqual([first.data, first.msg], [{ collected: true }, '已收藏'])
    ok(await call(api.setCollected, reader, { id: house.id, collect: 1 }))
    s.clock.advance(SECOND)
    ok(await call(api.setCollected, reader, { id: second.id, collect: 1 }))
    const rows = await s.db
      .select()
      .from(itemCollections)
      .where(and(eq(itemCollections.userId, reader.id), eq(itemCollections.kind, 'maga')))
    assert.equal(rows.length, 2)
    const list = await call(api.collectedList, reader, { pageSize: 1 })
    ok(list)
    assert.equal(list.data.total, 2)
    assert.equal(list.data.list[0].id, second.id)
    assert.equal(list.data.list[0].collectedAt, Math.floor(s.clock.now() / 1000))
    assert.equal(list.data.list[0].name, '第二本')
    const detail = await call(api.magazineDetail, reader, { id: house.id })
    assert.equal(detail.data.collected, true)
    const off = await call(api.setCollected, reader, { id: second.id, collect: 0 })
    assert.deepEqual([off.data, off.msg], [{ collected: false }, '已取消收藏'])
    const left = await call(api.collectedList, reader)
    assert.deepEqual(
      left.data.list.map((m: { id: number }) => m.id),
      [house.id],
    )
    // A magazine that stops being public leaves the list (the row stays).
    await s.db
      .update(magazineIssues)
      .set({ reviewState: 'pending' })
      .where(eq(magazineIssues.magazineId, house.id))
    assert.equal((await call(api.collectedList, reader)).data.total, 0)
    for (const issue of [house.issues[0], house.issues[2]]) await approve(issue.id)
    assert.equal((await call(api.collectedList, reader)).data.total, 1)
    await s.db.delete(magazines).where(eq(magazines.id, second.id))
  })

  describe('uploads', () => {
    let cover: string
    let images: string[]
    let created: { issueId: number; magazineId: number }

    before(async () => {
      cover = await s.uploadImage(owner.token)
      images = [await s.uploadImage(owner.token), await s.uploadImage(owner.token)]
    })

    const articles = () => [
      {
        title: ' 开卷语 ',
        author: '编辑部',
        content: '第一段\n\n  第二段  \r\n第三段\n',
        images: [images[0]],
      },
      { title: '第二篇', content: '只有一段' },
    ]

    test('a guest is sent to log in; the calls need a login', async () => {
      for (const decl of [
        api.addIssue,
        api.updateIssue,
        api.deleteIssue,
        api.myList,
        api.myIssue,
      ]) {
        const res = await call(decl, null, { issueId: 1 })
        assert.deepEqual([res.status, res.code], [200, 302], decl.summary)
      }
      for (const decl of [api.collectedList, api.myPlace, api.sign]) {
        const res = await call(decl, null, { issueId: 1, magazineId: 1 })
        assert.deepEqual([res.status, res.code], [401, 401], decl.summary)
      }
    })

    test('add: a new magazine with text articles waits for review, seen only by its owner', async () => {
      const res = await call(api.addIssue, owner, {
        name: ' 我的杂志 ',
        categoryId: category,
        intro: '自己做的杂志',
        title: '创刊号',
        cover,
        articles: articles(),
      })
      ok(res)
      assert.equal(res.msg, '已提交，等待审核')
      created = { issueId: res.data.issueId, magazineId: res.data.magazineId }
      assert.deepEqual(
        {
          ...res.data,
          issueId: 0,
          magazineId: 0,
          createdAt: 0,
          updatedAt: 0,
        },
        {
          issueId: 0,
          magazineId: 0,
          magazineName: '我的杂志',
          serial: 1,
          title: '创刊号',
          cover,
          articleCount: 2,
          reviewState: 'pending',
          reviewReason: '',
          createdAt: 0,
          updatedAt: 0,
        },
      )
      const stored = await s.db
        .select()
        .from(magazineArticles)
        .where(eq(magazineArticles.issueId, created.issueId))
        .orderBy(magazineArticles.serial)
      assert.deepEqual(
        stored.map((a) => [a.title, a.author, a.paragraphs, a.images]),
        [
          ['开卷语', '编辑部', ['第一段', '第二段', '第三段'], [images[0]]],
          ['第二篇', '', ['只有一段'], []],
        ],
      )
      // Others: not listed, no detail; the owner: in my list and the detail, with its state.
      fails(await call(api.magazineDetail, other, { id: created.magazineId }), 404, '杂志不存在')
      const mine = await call(api.myList, owner)
      ok(mine)
      assert.equal(mine.data.list[0].issueId, created.issueId)
      const draft = await call(api.myIssue, owner, { issueId: created.issueId })
      ok(draft)
      assert.equal(draft.data.mode, 'articles')
      assert.deepEqual(draft.data.articles[0], {
        title: '开卷语',
        author: '编辑部',
        content: '第一段\n第二段\n第三段',
        images: [images[0]],
      })
      assert.equal(draft.data.categoryId, category)
      assert.equal(draft.data.intro, '自己做的杂志')
      fails(
        await call(api.myIssue, other, { issueId: created.issueId }),
        403,
        '只能修改自己上传的内容',
      )

      // Rejected: the owner sees the reason; approved: public.
      await reject(created.issueId, '封面不清晰')
      const rejected = await call(api.myList, owner)
      assert.deepEqual(
        [rejected.data.list[0].reviewState, rejected.data.list[0].reviewReason],
        ['rejected', '封面不清晰'],
      )
      await approve(created.issueId)
      const listed = await call(api.magazineList, null, { keyword: '我的杂志' })
      assert.equal(listed.data.total, 1)
      assert.equal(listed.data.list[0].cover, cover)
      const detail = await call(api.magazineDetail, other, { id: created.magazineId })
      ok(detail)
      assert.equal(detail.data.mine, false)
    })

    test('add: an issue of page images, to a magazine of mine', async () => {
      const pages = [await s.uploadImage(owner.token), await s.uploadImage(owner.token)]
      const res = await call(api.addIssue, owner, {
        magazineId: created.magazineId,
        title: '第2期',
        cover,
        pages,
      })
      ok(res)
      assert.deepEqual([res.data.serial, res.data.articleCount], [2, 2])
      const contents = await call(api.contents, owner, { issueId: res.data.issueId })
      assert.deepEqual(
        contents.data.articles.map((a: { title: string; image: string }) => [a.title, a.image]),
        [
          ['第1页', pages[0]],
          ['第2页', pages[1]],
        ],
      )
      const open = await call(api.openReading, owner, { issueId: res.data.issueId })
      assert.deepEqual([open.data.article.paragraphs, open.data.article.images], [[], [pages[0]]])
      // A page has no text: only paragraph 0 is a place in it.
      ok(
        await call(api.saveReading, owner, {
          issueId: res.data.issueId,
          articleId: open.data.article.id,
          paragraph: 0,
        }),
      )
      fails(
        await call(api.saveReading, owner, {
          issueId: res.data.issueId,
          articleId: open.data.article.id,
          paragraph: 1,
        }),
        400,
        '段落位置不正确',
      )
      const draft = await call(api.myIssue, owner, { issueId: res.data.issueId })
      assert.deepEqual(
        [draft.data.mode, draft.data.pages, draft.data.articles],
        ['pages', pages, []],
      )
      // Others see only the approved first issue.
      const detail = await call(api.magazineDetail, other, { id: created.magazineId })
      assert.equal(detail.data.issues.length, 1)
      const own = await call(api.magazineDetail, owner, { id: created.magazineId })
      assert.deepEqual(
        own.data.issues.map((i: { serial: number; reviewState: string }) => [
          i.serial,
          i.reviewState,
        ]),
        [
          [2, 'pending'],
          [1, 'approved'],
        ],
      )
    })

    test('add: what is refused', async () => {
      const foreign = await s.uploadImage(other.token)
      const base = {
        name: '新杂志',
        categoryId: category,
        title: '一',
        cover,
        articles: articles(),
      }
      const cases: Array<[Input, number, string]> = [
        [{ ...base, cover: undefined }, 400, '请上传封面图片'],
        [{ ...base, cover: '' }, 400, '请上传封面图片'],
        [{ ...base, cover: 'https://example.com/a.png' }, 400, '请上传封面图片'],
        [{ ...base, cover: '/uploads/../../etc/passwd' }, 400, '请上传封面图片'],
        [{ ...base, cover: foreign }, 400, '请上传封面图片'],
        [
          { ...base, articles: [{ title: 'x', content: 'y', images: [foreign] }] },
          400,
          '图片无效，请重新上传',
        ],
        [
          {
            ...base,
            articles: [{ title: 'x', content: 'y', images: ['http://evil.example/1.png'] }],
          },
          400,
          '图片无效，请重新上传',
        ],
        [{ ...base, articles: undefined }, 400, '请添加文章或页面图片'],
        [{ ...base, pages: [cover] }, 400, '文章和页面图片只能选择一种'],
        [{ ...base, articles: undefined, pages: Array(101).fill(cover) }, 400, '每期最多100页'],
        [
          { ...base, articles: Array(51).fill({ title: 'a', content: 'b' }) },
          400,
          '每期最多50篇文章',
        ],
        [{ ...base, articles: [{ title: '', content: 'b' }] }, 400, '请输入文章标题'],
        [{ ...base, articles: [{ title: 'a', content: ' \n \n' }] }, 400, '请输入文章内容'],
        [
          { ...base, articles: [{ title: 'a', content: '字'.repeat(20_001) }] },
          400,
          '文章内容不能超过20000字',
        ],
        [
          { ...base, articles: [{ title: '题'.repeat(61), content: 'b' }] },
          400,
          '文章标题不能超过60字',
        ],
        [
          { ...base, articles: [{ title: 'a', content: 'b', images: Array(10).fill(cover) }] },
          400,
          '每篇文章最多9张图片',
        ],
        [{ ...base, articles: ['文章'] }, 400, '文章格式不正确'],
        [{ ...base, title: ' ' }, 400, '请输入本期标题'],
        [{ ...base, title: '期'.repeat(41) }, 400, '本期标题不能超过40字'],
        [{ ...base, name: '我' }, 400, '名称为2-30个字'],
        [{ ...base, name: undefined }, 400, '请输入名称'],
        [{ ...base, categoryId: undefined }, 400, '请选择分类'],
        [{ ...base, categoryId: 999_999 }, 400, '分类不存在'],
        [{ ...base, intro: '介'.repeat(501) }, 400, '简介不能超过500字'],
        [{ ...base, name: '六合彩杂志' }, 400, BLOCKED_TEXT_MESSAGE],
        [
          { ...base, articles: [{ title: 'a', content: '欢迎来到赌博网站' }] },
          400,
          BLOCKED_TEXT_MESSAGE,
        ],
        [{ ...base, magazineId: pendingOnly.id + 100_000 }, 404, '杂志不存在'],
        [{ ...base, magazineId: house.id }, 403, '只能修改自己上传的内容'],
      ]
      const before = await s.db.select({ id: magazineIssues.id }).from(magazineIssues)
      for (const [input, code, msg] of cases) {
        fails(
          await call(api.addIssue, owner, input),
          code,
          msg,
          JSON.stringify(input).slice(0, 120),
        )
      }
      // Someone else's magazine.
      fails(
        await call(api.addIssue, other, {
          ...base,
          magazineId: created.magazineId,
          cover: foreign,
        }),
        403,
        '只能修改自己上传的内容',
      )
      const afterRows = await s.db.select({ id: magazineIssues.id }).from(magazineIssues)
      assert.equal(afterRows.length, before.length, 'nothing was stored')
    })

    test('update: only the owner; it goes back to review and drops unused images', async () => {
      const newCover = await s.uploadImage(owner.token)
      const input = {
        issueId: created.issueId,
        title: '创刊号（修订）',
        cover: newCover,
        intro: '改过的简介',
        articles: [{ title: '新文章', content: '新的一段', images: [images[1]] }],
      }
      fails(await call(api.updateIssue, other, input), 403, '只能修改自己上传的内容')
      fails(
        await call(api.updateIssue, owner, { ...input, issueId: 999_999 }),
        404,
        '该期杂志不存在',
      )
      // A place and a sign in it go with its articles.
      const open = await call(api.openReading, reader, { issueId: created.issueId })
      ok(
        await call(api.saveReading, reader, {
          issueId: created.issueId,
          articleId: open.data.article.id,
          paragraph: 0,
        }),
      )
      assert.ok(fs.existsSync(storedFile(cover)))
      assert.ok(fs.existsSync(storedFile(images[0])))
      const res = await call(api.updateIssue, owner, input)
      ok(res)
      assert.equal(res.msg, '已修改，等待审核')
      assert.deepEqual(
        [
          res.data.title,
          res.data.cover,
          res.data.reviewState,
          res.data.reviewReason,
          res.data.articleCount,
        ],
        ['创刊号（修订）', newCover, 'pending', '', 1],
      )
      // The old first image is used nowhere now: gone with its row. The old cover is still the
      // cover of issue 2.
      assert.equal(fs.existsSync(storedFile(images[0])), false)
      const rows = await s.db
        .select()
        .from(uploads)
        .where(eq(uploads.name, images[0].replace('/uploads/', '')))
      assert.equal(rows.length, 0)
      assert.ok(fs.existsSync(storedFile(cover)))
      // Back in review: the magazine is no longer public (issue 2 is pending too).
      fails(await call(api.magazineDetail, other, { id: created.magazineId }), 404, '杂志不存在')
      const place = await call(api.myPlace, reader, { magazineId: created.magazineId })
      fails(place, 404, '杂志不存在')
      const [magazine] = await s.db
        .select()
        .from(magazines)
        .where(eq(magazines.id, created.magazineId))
      assert.equal(magazine.intro, '改过的简介')
    })

    test('delete: only the owner; the files go; the last issue takes the magazine and its collections', async () => {
      const mine = await call(api.myList, owner, { pageSize: 50 })
      const ofMagazine = mine.data.list.filter(
        (i: { magazineId: number }) => i.magazineId === created.magazineId,
      )
      assert.equal(ofMagazine.length, 2)
      const [second, first] = ofMagazine
      const secondPages = (await call(api.myIssue, owner, { issueId: second.issueId })).data.pages
      fails(
        await call(api.deleteIssue, other, { issueId: first.issueId }),
        403,
        '只能删除自己上传的内容',
      )
      const guest = await call(api.deleteIssue, null, { issueId: first.issueId })
      assert.equal(guest.code, 302)

      // Collected while public.
      await approve(second.issueId)
      ok(await call(api.setCollected, reader, { id: created.magazineId, collect: 1 }))

      const res = await call(api.deleteIssue, owner, { issueId: second.issueId })
      ok(res)
      assert.equal(res.msg, '已删除')
      // Its pages and its cover (the first issue has another one since its edit) are used nowhere.
      for (const file of [...secondPages, cover]) {
        assert.equal(fs.existsSync(storedFile(file)), false, file)
      }
      assert.ok(fs.existsSync(storedFile(first.cover)))
      fails(await call(api.contents, owner, { issueId: second.issueId }), 404, '该期杂志不存在')
      fails(await call(api.deleteIssue, owner, { issueId: second.issueId }), 404, '该期杂志不存在')

      const firstFiles = [first.cover, images[1]]
      ok(await call(api.deleteIssue, owner, { issueId: first.issueId }))
      for (const file of firstFiles) assert.equal(fs.existsSync(storedFile(file)), false, file)
      const left = await s.db.select().from(magazines).where(eq(magazines.id, created.magazineId))
      assert.equal(left.length, 0)
      const collections = await s.db
        .select()
        .from(itemCollections)
        .where(
          and(eq(itemCollections.kind, 'maga'), eq(itemCollections.itemId, created.magazineId)),
        )
      assert.equal(collections.length, 0)
    })

    test('the hourly sweep keeps the images issues use and removes the unused', async () => {
      const keeper = await person()
      const [issueCover, page, article, unused] = [
        await s.uploadImage(keeper.token),
        await s.uploadImage(keeper.token),
        await s.uploadImage(keeper.token),
        await s.uploadImage(keeper.token),
      ]
      ok(
        await call(api.addIssue, keeper, {
          name: '留存杂志',
          categoryId: category,
          title: '一',
          cover: issueCover,
          articles: [{ title: '图文', content: '文字', images: [article] }],
        }),
      )
      const pages = await call(api.addIssue, keeper, {
        name: '留存画刊',
        categoryId: category,
        title: '一',
        cover: issueCover,
        pages: [page],
      })
      ok(pages)
      s.clock.advance(25 * 60 * 60 * SECOND)
      const storage = new DiskStorage(path.join(s.dir, 'uploads'))
      await sweepUnreferencedUploads({ db: s.db, clock: s.clock, storage })
      for (const kept of [issueCover, page, article])
        assert.ok(fs.existsSync(storedFile(kept)), kept)
      assert.equal(fs.existsSync(storedFile(unused)), false)
    })

    test('at most 10 issues a day per reader', async () => {
      const busy = await person()
      const image = await s.uploadImage(busy.token)
      const first = await call(api.addIssue, busy, {
        name: '勤快杂志',
        categoryId: category,
        title: '第1期',
        cover: image,
        pages: [image],
      })
      ok(first)
      for (let i = 2; i <= 10; i++) {
        ok(
          await call(api.addIssue, busy, {
            magazineId: first.data.magazineId,
            title: `第${i}期`,
            cover: image,
            pages: [image],
          }),
        )
      }
      const over = await call(api.addIssue, busy, {
        magazineId: first.data.magazineId,
        title: '第11期',
        cover: image,
        pages: [image],
      })
      fails(over, 429, '每天最多上传10期，请明天再试')
      // A day later (the access token has expired by then: log in again).
      s.clock.advance(24 * 60 * 60 * SECOND)
      const again = await s.login(busy.mobile)
      ok(
        await call(
          api.addIssue,
          { ...busy, token: again.access_token },
          {
            magazineId: first.data.magazineId,
            title: '第11期',
            cover: image,
            pages: [image],
          },
        ),
      )
    })
  })

  test('reading time is credited to a public magazine and listed with its source', async () => {
    const REPORT = restPath(statsApi.reportDuration)
    const INFO = queryPath(statsApi.readingTimeInfo)
    const DAYS = queryPath(statsApi.readingDays)
    const who = await person()
    const start = (await s.get(INFO, { token: who.token })).body.data
    const res = await s.post(REPORT, { magazineId: house.id, seconds: 120 }, { token: who.token })
    assert.equal(res.body.code, 200, JSON.stringify(res.body))
    assert.equal(res.body.data.credited, 120)
    const info = (await s.get(INFO, { token: who.token })).body.data
    assert.equal(info.todaySeconds, start.todaySeconds + 120)
    assert.equal(info.totalSeconds, start.totalSeconds + 120)
    const days = (await s.get(DAYS, { token: who.token })).body.data
    assert.deepEqual(days.list[0].books, [
      { booksId: house.id, booksName: '测试月刊', seconds: 120, source: 'magazine' },
    ])
    const refused: Array<[Input, number, string]> = [
      [{ seconds: 10 }, 400, '请提供阅读内容'],
      [{ magazineId: house.id, booksId: 1, seconds: 10 }, 400, '请提供阅读内容'],
      [{ magazineId: pendingOnly.id, seconds: 10 }, 404, '杂志不存在'],
      [{ magazineId: 999_999, seconds: 10 }, 404, '杂志不存在'],
    ]
    for (const [body, code, msg] of refused) {
      const r = await s.post(REPORT, body, { token: who.token })
      assert.deepEqual([r.body.code, r.body.msg], [code, msg], JSON.stringify(body))
    }
  })
})
