/**
 * Review (issue 14): only operators list pending items and decide on them; a decision is made
 * once (two operators at once: one wins), a rejection carries its reason, and the owner is told.
 * Magazine issues, newspaper editions and contributed documents are inserted directly here.
 */
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { and, eq } from 'drizzle-orm'
import { reviewApi, ReviewText } from '@api/review'
import {
  documentCategories,
  documents,
  magazineCategories,
  magazineIssues,
  magazines,
  newspaperEditions,
  newspapers,
  notifications,
  pressCategories,
  users,
} from '../src/db/schema'
import { setOperator } from '../src/db/operators'
import { MINUTE, newMobile, restPath, startServer, type Reply, type TestServer } from './helpers'

const PENDING = restPath(reviewApi.pendingList)
const DECIDE = restPath(reviewApi.decide)

interface Person {
  id: number
  token: string
}

function ok(res: Reply, label = ''): void {
  assert.equal(res.body.code, 200, `${label} ${JSON.stringify(res.body)}`)
}

function fails(res: Reply, code: number, msg: string, label = ''): void {
  assert.deepEqual([res.body.code, res.body.msg], [code, msg], label)
  assert.equal(res.status, code, label)
}

describe('review', () => {
  let s: TestServer
  let reader: Person
  let operator: Person
  let operator2: Person
  let magazineId: number
  let newspaperId: number
  let docCategory: number
  let serial = 0

  async function person(nickname?: string): Promise<Person> {
    const res = await s.register(newMobile())
    const who = { id: res.user.user_id, token: res.access_token }
    if (nickname) await s.db.update(users).set({ nickname }).where(eq(users.id, who.id))
    return who
  }

  const now = () => new Date(s.clock.now())

  async function issue(title: string, cover = ''): Promise<number> {
    serial += 1
    const [row] = await s.db
      .insert(magazineIssues)
      .values({
        magazineId,
        serial,
        title,
        cover,
        ownerId: reader.id,
        createdAt: now(),
        updatedAt: now(),
      })
      .returning({ id: magazineIssues.id })
    return row.id
  }

  async function edition(date: string): Promise<number> {
    const [row] = await s.db
      .insert(newspaperEditions)
      .values({
        newspaperId,
        date,
        title: '',
        cover: '/uploads/edition.png',
        ownerId: reader.id,
        createdAt: now(),
        updatedAt: now(),
      })
      .returning({ id: newspaperEditions.id })
    return row.id
  }

  async function contribution(title: string, contributed = true): Promise<number> {
    const [row] = await s.db
      .insert(documents)
      .values({
        ownerId: reader.id,
        categoryId: docCategory,
        title,
        fileName: `doc-${randomBytes(16).toString('hex')}`,
        fileType: 'pdf',
        fileSize: 100,
        contributed,
        submittedAt: contributed ? now() : null,
        createdAt: now(),
        updatedAt: now(),
      })
      .returning({ id: documents.id })
    return row.id
  }

  const pending = (kind: string, token: string, extra = '') =>
    s.get(`${PENDING}?kind=${kind}${extra}`, { token })
  const decide = (token: string, body: Record<string, unknown>) => s.post(DECIDE, body, { token })

  before(async () => {
    s = await startServer()
    reader = await person('投稿的读者')
    operator = await person()
    operator2 = await person()
    assert.ok(await setOperator(s.db, operator.id))
    assert.ok(await setOperator(s.db, operator2.id))
    const [mc] = await s.db
      .insert(magazineCategories)
      .values({ name: '审核测试' })
      .returning({ id: magazineCategories.id })
    const [mag] = await s.db
      .insert(magazines)
      .values({
        categoryId: mc.id,
        name: '审核月刊',
        cover: '/uploads/magazine.png',
        ownerId: reader.id,
        createdAt: now(),
        updatedAt: now(),
      })
      .returning({ id: magazines.id })
    magazineId = mag.id
    const [pc] = await s.db
      .insert(pressCategories)
      .values({ name: '审核测试' })
      .returning({ id: pressCategories.id })
    const [paper] = await s.db
      .insert(newspapers)
      .values({
        categoryId: pc.id,
        name: '审核日报',
        ownerId: reader.id,
        createdAt: now(),
        updatedAt: now(),
      })
      .returning({ id: newspapers.id })
    newspaperId = paper.id
    const [dc] = await s.db
      .insert(documentCategories)
      .values({ name: '审核测试' })
      .returning({ id: documentCategories.id })
    docCategory = dc.id
  })
  after(() => s.close())

  test('readers, even the owner, neither list nor decide; guests must log in', async () => {
    const id = await issue('第1期')
    fails(await pending('magazine', reader.token), 403, ReviewText.notOperator)
    fails(
      await decide(reader.token, { kind: 'magazine', id, pass: 1 }),
      403,
      ReviewText.notOperator,
    )
    const stranger = await person()
    fails(
      await decide(stranger.token, { kind: 'magazine', id, pass: 1 }),
      403,
      ReviewText.notOperator,
    )
    assert.equal((await s.get(`${PENDING}?kind=magazine`)).status, 401)
    assert.equal((await s.post(DECIDE, { kind: 'magazine', id, pass: 1 })).status, 401)
    // Still pending.
    const [row] = await s.db.select().from(magazineIssues).where(eq(magazineIssues.id, id))
    assert.equal(row.reviewState, 'pending')
    // An operator whose role is taken back is a reader again.
    const former = await person()
    await setOperator(s.db, former.id)
    ok(await pending('magazine', former.token))
    await setOperator(s.db, former.id, true)
    fails(await pending('magazine', former.token), 403, ReviewText.notOperator)
  })

  test('a magazine issue: listed oldest first, rejected with a reason, decided once', async () => {
    s.clock.advance(MINUTE)
    const a = await issue('第2期', '/uploads/issue2.png')
    s.clock.advance(MINUTE)
    const b = await issue('第3期')
    const list = await pending('magazine', operator.token, '&pageSize=50')
    ok(list)
    const items = list.body.data.list as Array<Record<string, unknown>>
    const ids = items.map((i) => i.id)
    assert.ok(ids.indexOf(a) < ids.indexOf(b))
    assert.deepEqual(
      items.find((i) => i.id === a),
      {
        kind: 'magazine',
        id: a,
        title: '第2期',
        parentName: '审核月刊',
        cover: '/uploads/issue2.png',
        ownerId: reader.id,
        ownerNickname: '投稿的读者',
        submittedAt: Math.floor((s.clock.now() - MINUTE) / 1000),
      },
    )
    // An issue without a cover shows its magazine's.
    assert.equal(items.find((i) => i.id === b)?.cover, '/uploads/magazine.png')

    // A rejection needs its reason (1..200 characters).
    fails(
      await decide(operator.token, { kind: 'magazine', id: a, pass: 0 }),
      400,
      ReviewText.reasonMissing,
    )
    fails(
      await decide(operator.token, { kind: 'magazine', id: a, pass: 0, reason: '   ' }),
      400,
      ReviewText.reasonMissing,
    )
    fails(
      await decide(operator.token, { kind: 'magazine', id: a, pass: 0, reason: '长'.repeat(201) }),
      400,
      ReviewText.reasonTooLong,
    )
    const rejected = await decide(operator.token, {
      kind: 'magazine',
      id: a,
      pass: 0,
      reason: ' 封面不清晰 ',
    })
    ok(rejected)
    assert.deepEqual(rejected.body.data, {
      kind: 'magazine',
      id: a,
      reviewState: 'rejected',
      reviewReason: '封面不清晰',
    })
    assert.equal(rejected.body.msg, '已驳回')
    const [row] = await s.db.select().from(magazineIssues).where(eq(magazineIssues.id, a))
    assert.deepEqual(
      [row.reviewState, row.reviewReason, row.reviewedBy, row.reviewedAt?.getTime()],
      ['rejected', '封面不清晰', operator.id, s.clock.now()],
    )
    const notices = await s.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, reader.id), eq(notifications.kind, 'notice')))
    assert.ok(notices.some((n) => n.content === '你上传的《审核月刊 第2期》未通过审核：封面不清晰'))
    // Decided: out of the pending list; deciding again is refused.
    const after = await pending('magazine', operator.token, '&pageSize=50')
    assert.ok(!after.body.data.list.some((i: { id: number }) => i.id === a))
    fails(
      await decide(operator2.token, { kind: 'magazine', id: a, pass: 1 }),
      400,
      ReviewText.notPending,
    )
    fails(
      await decide(operator.token, { kind: 'magazine', id: 999_999, pass: 1 }),
      404,
      ReviewText.itemNotFound,
    )
  })

  test('a newspaper edition: named by its newspaper and date, approved', async () => {
    const id = await edition('2024-05-01')
    const list = await pending('newspaper', operator.token)
    ok(list)
    const item = list.body.data.list.find((i: { id: number }) => i.id === id)
    assert.deepEqual(
      [item.title, item.parentName, item.cover],
      ['审核日报 2024-05-01', '审核日报', '/uploads/edition.png'],
    )
    const approved = await decide(operator.token, {
      kind: 'newspaper',
      id,
      pass: 1,
      reason: '忽略',
    })
    ok(approved)
    assert.deepEqual(approved.body.data, {
      kind: 'newspaper',
      id,
      reviewState: 'approved',
      reviewReason: '',
    })
    const [row] = await s.db.select().from(newspaperEditions).where(eq(newspaperEditions.id, id))
    assert.equal(row.reviewState, 'approved')
    const notices = await s.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, reader.id))
    assert.ok(notices.some((n) => n.content === '你上传的《审核日报 2024-05-01》已通过审核'))
    fails(
      await decide(operator.token, { kind: 'newspaper', id, pass: 0, reason: '再审' }),
      400,
      ReviewText.notPending,
    )
  })

  test('documents: only contributions are reviewed, oldest submission first, in pages', async () => {
    const ids: number[] = []
    for (const title of ['文档一', '文档二', '文档三']) {
      s.clock.advance(MINUTE)
      ids.push(await contribution(title))
    }
    const privateDoc = await contribution('私人文档', false)
    const page1 = await pending('document', operator.token, '&pageSize=2')
    ok(page1)
    assert.equal(page1.body.data.total, 3)
    assert.deepEqual(
      page1.body.data.list.map((i: { id: number }) => i.id),
      ids.slice(0, 2),
    )
    assert.deepEqual(page1.body.data.list[0], {
      kind: 'document',
      id: ids[0],
      title: '文档一',
      parentName: '',
      cover: '',
      ownerId: reader.id,
      ownerNickname: '投稿的读者',
      submittedAt: Math.floor((s.clock.now() - 2 * MINUTE) / 1000),
    })
    const page2 = await pending('document', operator.token, '&page=2&pageSize=2')
    assert.deepEqual(
      page2.body.data.list.map((i: { id: number }) => i.id),
      [ids[2]],
    )
    // A document that is not contributed is nothing to review.
    fails(
      await decide(operator.token, { kind: 'document', id: privateDoc, pass: 1 }),
      404,
      ReviewText.itemNotFound,
    )
    ok(await decide(operator.token, { kind: 'document', id: ids[0], pass: 1 }))
    const left = await pending('document', operator.token)
    assert.deepEqual(
      left.body.data.list.map((i: { id: number }) => i.id),
      ids.slice(1),
    )
  })

  test('two operators deciding at once: one wins, the other is told it is decided', async () => {
    for (const kind of ['magazine', 'newspaper', 'document'] as const) {
      const id =
        kind === 'magazine'
          ? await issue('并发期')
          : kind === 'newspaper'
            ? await edition('2024-06-01')
            : await contribution('并发文档')
      const [a, b] = await Promise.all([
        decide(operator.token, { kind, id, pass: 1 }),
        decide(operator2.token, { kind, id, pass: 0, reason: '不通过' }),
      ])
      const codes = [a.body.code, b.body.code].sort()
      assert.deepEqual(codes, [200, 400], kind)
      const loser = a.body.code === 400 ? a : b
      assert.equal(loser.body.msg, ReviewText.notPending)
    }
  })

  test('input: the kind, the id and the flag are checked', async () => {
    fails(await pending('gift', operator.token), 400, ReviewText.kindInvalid)
    fails(await s.get(PENDING, { token: operator.token }), 400, ReviewText.kindInvalid)
    fails(
      await decide(operator.token, { kind: 'book', id: 1, pass: 1 }),
      400,
      ReviewText.kindInvalid,
    )
    fails(await decide(operator.token, { kind: 'document', pass: 1 }), 400, ReviewText.itemNotFound)
    const bad = await decide(operator.token, { kind: 'document', id: 1, pass: 2 })
    assert.equal(bad.status, 400)
  })
})
