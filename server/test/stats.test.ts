import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { after, before, describe, test } from 'node:test'
import fastifyStatic from '@fastify/static'
import { eq, inArray } from 'drizzle-orm'
import Fastify from 'fastify'
import { accountApi, type LoginResult } from '@api/account'
import { shopApi } from '@api/shop'
import { statsApi, type RankEntry } from '@api/stats'
import { seedReadingTime } from '../seed/readingTime'
import {
  bookCategories,
  books,
  posters,
  rankLikes,
  readingDurations,
  readingReportMarks,
  users,
} from '../src/db/schema'
import { POSTER_DIR, registerPosterImages } from '../src/modules/stats/posters'
import {
  DEMO_MOBILE,
  DEMO_PASSWORD,
  HOUR,
  MINUTE,
  newMobile,
  queryPath,
  restPath,
  SECOND,
  startServer,
  type TestServer,
} from './helpers'

const RANK = restPath(statsApi.rankList)
const MY_RANK = restPath(statsApi.myRank)
const LIKE = restPath(statsApi.likeRank)
const REPORT = restPath(statsApi.reportDuration)
const TIME_INFO = queryPath(statsApi.readingTimeInfo)
const TIME_LIST = queryPath(statsApi.readingDays)
const TOP_LIST = queryPath(statsApi.rankList)
const POSTER_LIST = queryPath(shopApi.posterList)

/** Wednesday 2030-04-10, 10:00 China time: the week began on 04-08, the month on 04-01. */
const BASE = Date.parse('2030-04-10T02:00:00Z')

let s: TestServer
/** Three listed test books and one unlisted. */
let bookIds: number[]
let unlistedId: number

before(async () => {
  s = await startServer()
  const now = new Date(s.clock.now())
  const [category] = await s.db
    .insert(bookCategories)
    .values({ name: '测试分类', sort: 99 })
    .returning()
  const rows = await s.db
    .insert(books)
    .values(
      ['测试书甲', '测试书乙', '测试书丙', '下架书'].map((name, i) => ({
        categoryId: category.id,
        name,
        listed: i < 3,
        createdAt: now,
      })),
    )
    .returning({ id: books.id })
  bookIds = rows.slice(0, 3).map((row) => row.id)
  unlistedId = rows[3].id
})
after(() => s.close())

const clearReading = async () => {
  await s.db.delete(readingDurations)
  await s.db.delete(rankLikes)
}

interface Reader {
  id: number
  token: string
  mobile: string
}

async function reader(): Promise<Reader> {
  const mobile = newMobile()
  const login: LoginResult = await s.register(mobile)
  return { id: login.user.user_id, token: login.access_token, mobile }
}

const report = (who: Reader, booksId: number, seconds: unknown) =>
  s.post(REPORT, { booksId, seconds }, { token: who.token })

async function addSeconds(userId: number, day: string, bookId: number, seconds: number) {
  await s.db.insert(readingDurations).values({ userId, day, itemId: bookId, bookId, seconds })
}

async function ranking(
  period: string,
  query = '',
  token?: string,
): Promise<{ list: RankEntry[]; total: number; page: number; pageSize: number }> {
  const res = await s.get(`${RANK}?period=${period}${query}`, { token })
  assert.equal(res.body.code, 200, JSON.stringify(res.body))
  return res.body.data
}

describe('home posters', () => {
  test('PosterList answers the active posters by sort, then id', async () => {
    const res = await s.get(POSTER_LIST)
    assert.equal(res.status, 200)
    assert.equal(res.body.ret, 200)
    const list = res.body.data
    assert.equal(list.length, 3)
    assert.deepEqual(Object.keys(list[0]).sort(), ['id', 'image', 'link', 'subtitle', 'title'])
    assert.match(list[0].title, /^开卷有益：/)
    assert.match(list[1].title, /^有声书：/)
    assert.equal(list[2].title, '阅读排行')
    assert.equal(list[2].link, '/pagesA/mine/rankTop')
    for (const poster of list) {
      const match = /^\/api\/posters\/([a-z-]+\.png)$/.exec(poster.image)
      assert.ok(match, poster.image)
      assert.ok(fs.existsSync(path.join(POSTER_DIR, match[1])))
      assert.ok(poster.subtitle.length > 0)
    }
    // The book posters open their book when the catalogue has it.
    const lunyu = await s.db
      .select()
      .from(books)
      .where(inArray(books.name, ['论语', '論語']))
    assert.equal(list[0].link, lunyu[0] ? `/pagesA/read/detail?id=${lunyu[0].id}` : '')

    const extra = await s.db
      .insert(posters)
      .values([
        { title: '置顶', image: '/api/posters/reading.png', sort: 0 },
        { title: '下线', active: false, sort: 0 },
        { title: '同序靠后', sort: 3 },
      ])
      .returning({ id: posters.id })
    try {
      const again = (await s.get(POSTER_LIST)).body.data
      assert.deepEqual(
        again.map((p: { title: string }) => p.title),
        ['置顶', list[0].title, list[1].title, '阅读排行', '同序靠后'],
      )
    } finally {
      await s.db.delete(posters).where(
        inArray(
          posters.id,
          extra.map((row) => row.id),
        ),
      )
    }
  })

  const checkImages = async (base: string) => {
    const png = await fetch(`${base}/api/posters/reading.png`)
    assert.equal(png.status, 200)
    assert.equal(png.headers.get('content-type'), 'image/png')
    const bytes = Buffer.from(await png.arrayBuffer())
    assert.deepEqual(bytes.subarray(1, 4).toString(), 'PNG')
    assert.equal(bytes.length, fs.statSync(path.join(POSTER_DIR, 'reading.png')).size)
    assert.ok(bytes.length < 30 * 1024)
    for (const name of [
      'nope.png',
      'READING.PNG',
      '.reading.png',
      'reading.png.bak',
      '..%2F..%2Fsrc%2Fapp.ts',
      '..%2Fposters.ts',
    ]) {
      const res = await fetch(`${base}/api/posters/${name}`)
      assert.equal(res.status, 404, name)
      const body = (await res.json()) as { code: number }
      assert.equal(body.code, 404, name)
    }
  }

  test('registerPosterImages serves the banner PNGs and nothing else', async () => {
    const app = Fastify({ logger: false })
    await app.register(fastifyStatic, { serve: false })
    registerPosterImages(app)
    await app.listen({ port: 0, host: '127.0.0.1' })
    try {
      await checkImages(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`)
    } finally {
      await app.close()
    }
  })

  test('the app serves the poster images', async () => {
    await checkImages(s.base)
  })

  test('every seeded image is a small PNG', () => {
    const files = fs.readdirSync(POSTER_DIR)
    assert.ok(files.length >= 3)
    for (const file of files) {
      assert.match(file, /^[a-z-]+\.png$/)
      assert.ok(fs.statSync(path.join(POSTER_DIR, file)).size < 30 * 1024, file)
    }
  })
})

describe('seeded reading time', () => {
  test('书友小林 ranks above 演示读者 in every period', async () => {
    await clearReading()
    await seedReadingTime(s.db, s.clock.now())
    for (const period of ['day', 'week', 'month', 'total']) {
      const names = (await ranking(period)).list.map((e) => e.nickname)
      assert.deepEqual(names.slice(0, 2), ['书友小林', '演示读者'], period)
    }
    const demo = await s.login(DEMO_MOBILE, DEMO_PASSWORD)
    const mine = await s.get(`${MY_RANK}?period=total`, { token: demo.access_token })
    assert.equal(mine.body.data.rank, 2)
    assert.equal(mine.body.data.seconds, 135 * 60)
    const info = await s.get(TIME_INFO, { token: demo.access_token })
    assert.equal(info.body.data.totalSeconds, 135 * 60)
    assert.equal(info.body.data.days, 7)
    assert.equal(info.body.data.todaySeconds, 18 * 60)
    const top = (await ranking('total', '', demo.access_token)).list
    assert.equal(top[0].likes, 1)
    assert.equal(top[0].liked, true)
    assert.equal(top[1].isMe, true)
    await clearReading()
  })
})

describe('login and call styles', () => {
  test('the personal calls need a login; the ranking and posters do not', async () => {
    for (const [url, body] of [
      [MY_RANK, undefined],
      [LIKE, { userId: 1, like: 1 }],
      [REPORT, { booksId: 1, seconds: 10 }],
    ] as const) {
      const res = body ? await s.post(url, body) : await s.get(url)
      assert.equal(res.status, 401, url)
      assert.equal(res.body.code, 401, url)
    }
    for (const url of [TIME_INFO, TIME_LIST]) {
      const res = await s.get(url)
      assert.equal(res.body.ret, 302, url)
    }
    const bogus = await s.get(TIME_INFO, { token: 'x'.repeat(43) })
    assert.equal(bogus.body.ret, 302)
    assert.equal((await s.get(RANK)).body.code, 200)
    assert.equal((await s.get(TOP_LIST)).body.ret, 200)
    assert.equal((await s.get(POSTER_LIST)).body.ret, 200)
  })

  test('wrong methods are refused', async () => {
    assert.equal((await s.post(TIME_INFO)).status, 405)
    assert.equal((await s.get(REPORT)).status, 404)
    assert.equal((await s.post(POSTER_LIST)).status, 405)
  })
})

describe('reporting reading time', () => {
  let r: Reader
  before(async () => {
    s.clock.t = BASE
    r = await reader()
  })

  test('one report is credited at most 300 s, later ones at most the uncredited time since', async () => {
    // First report: only capped; the mark ("credited until") is now.
    const first = await report(r, bookIds[0], 500)
    assert.equal(first.status, 200)
    assert.deepEqual(first.body, {
      code: 200,
      data: { credited: 300, todaySeconds: 300 },
      msg: 'ok',
    })
    // 10 s later: 10 s, whatever is claimed; the mark moves 10 s.
    s.clock.advance(10 * SECOND)
    assert.deepEqual((await report(r, bookIds[0], 100)).body.data, {
      credited: 10,
      todaySeconds: 310,
    })
    // At the same instant: no time is left to credit.
    assert.deepEqual((await report(r, bookIds[0], 50)).body.data, {
      credited: 0,
      todaySeconds: 310,
    })
    // 2 min later, 60 claimed: 60 (the mark moves 60 s, 60 s stay available).
    s.clock.advance(2 * MINUTE)
    assert.deepEqual((await report(r, bookIds[1], 60)).body.data, {
      credited: 60,
      todaySeconds: 370,
    })
    // An hour later: at most the last 300 s.
    s.clock.advance(HOUR)
    assert.deepEqual((await report(r, bookIds[0], 100_000)).body.data, {
      credited: 300,
      todaySeconds: 670,
    })
    s.clock.advance(MINUTE)
    const form = await s.post(
      REPORT,
      { booksId: String(bookIds[1]), seconds: '30' },
      { token: r.token, form: true },
    )
    assert.deepEqual(form.body.data, { credited: 30, todaySeconds: 700 })
    // A clock that went back credits nothing, and still answers 200.
    s.clock.advance(-MINUTE)
    const none = await report(r, bookIds[0], 30)
    assert.equal(none.status, 200)
    assert.deepEqual(none.body.data, { credited: 0, todaySeconds: 700 })
    s.clock.advance(2 * MINUTE)

    const rows = await s.db
      .select({ bookId: readingDurations.bookId, seconds: readingDurations.seconds })
      .from(readingDurations)
      .where(eq(readingDurations.userId, r.id))
      .orderBy(readingDurations.bookId)
    assert.deepEqual(rows, [
      { bookId: bookIds[0], seconds: 610 },
      { bookId: bookIds[1], seconds: 90 },
    ])
  })

  test('bad seconds are a 400, unknown or unlisted books a 404, and neither moves the mark', async () => {
    s.clock.advance(100 * SECOND)
    for (const seconds of [-5, 0, 'abc', 100_001, 1.5, '', null, '1e3', 1e7, ' ', '10s', true]) {
      const res = await report(r, bookIds[0], seconds)
      assert.equal(res.status, 400, String(seconds))
      assert.equal(res.body.msg, '阅读时长无效', String(seconds))
    }
    const noSeconds = await s.post(REPORT, { booksId: bookIds[0] }, { token: r.token })
    assert.equal(noSeconds.body.msg, '阅读时长无效')
    for (const booksId of [999_999, unlistedId]) {
      const res = await report(r, booksId, 60)
      assert.equal(res.status, 404)
      assert.equal(res.body.msg, '书籍不存在')
    }
    const badId = await report(r, 'abc' as unknown as number, 60)
    assert.equal(badId.status, 400)
    // The mark is still 30 s after the last good report, minutes ago: a mark moved to now would
    // credit nothing.
    const ok = await report(r, bookIds[2], 100)
    assert.equal(ok.body.data.credited, 100)
  })

  test('back-to-back reports at one instant credit nothing beyond the first', async () => {
    const burst = await reader()
    assert.equal((await report(burst, bookIds[0], 300)).body.data.credited, 300)
    for (let i = 0; i < 100; i++) {
      const res = await report(burst, bookIds[i % 3], 300)
      assert.deepEqual(res.body.data, { credited: 0, todaySeconds: 300 }, `report ${i}`)
    }
    // Sent all at once, too (the reader's row lock serialises them).
    const together = await Promise.all(
      Array.from({ length: 20 }, () => report(burst, bookIds[0], 300)),
    )
    assert.ok(together.every((res) => res.body.data?.credited === 0))
    const info = (await s.get(TIME_INFO, { token: burst.token })).body.data
    assert.equal(info.todaySeconds, 300)
  })

  test('reports 60 s apart claiming 60 s are credited 60 s each', async () => {
    const steady = await reader()
    for (let i = 1; i <= 10; i++) {
      assert.deepEqual((await report(steady, bookIds[1], 60)).body.data, {
        credited: 60,
        todaySeconds: 60 * i,
      })
      s.clock.advance(MINUTE)
    }
  })

  test('the total credited never exceeds the time since the first report + 300 s', async () => {
    const eager = await reader()
    const start = s.clock.now()
    let total = 0
    const step = async (claim: number): Promise<number> => {
      const { credited } = (await report(eager, bookIds[0], claim)).body.data
      total += credited
      assert.ok(total * 1000 <= s.clock.now() - start + 300 * SECOND, `${total}`)
      return credited
    }
    assert.equal(await step(300), 300)
    // 300 claimed 10 s later: only those 10 s.
    s.clock.advance(10 * SECOND)
    assert.equal(await step(300), 10)
    // Claims far beyond the time, every 3 s for a while.
    for (let i = 0; i < 20; i++) {
      s.clock.advance(3 * SECOND)
      assert.ok((await step(300)) <= 3)
    }
    assert.equal(total, 300 + 10 + 60)
    // After a long pause, still at most 300 s.
    s.clock.advance(HOUR)
    assert.equal(await step(100_000), 300)
  })

  test("a reader's day holds at most 86,400 s", async () => {
    // Wednesday 23:50 in China.
    s.clock.t = Date.parse('2030-04-10T15:50:00Z')
    const heavy = await reader()
    await addSeconds(heavy.id, '2030-04-10', bookIds[0], 86_300)
    assert.deepEqual((await report(heavy, bookIds[1], 300)).body.data, {
      credited: 100,
      todaySeconds: 86_400,
    })
    s.clock.advance(5 * MINUTE)
    assert.deepEqual((await report(heavy, bookIds[1], 300)).body.data, {
      credited: 0,
      todaySeconds: 86_400,
    })
    const rows = await s.db
      .select({ bookId: readingDurations.bookId, seconds: readingDurations.seconds })
      .from(readingDurations)
      .where(eq(readingDurations.userId, heavy.id))
      .orderBy(readingDurations.bookId)
    assert.deepEqual(rows, [
      { bookId: bookIds[0], seconds: 86_300 },
      { bookId: bookIds[1], seconds: 100 },
    ])
    // The next day (China time) starts afresh: Thursday 00:05.
    s.clock.t = Date.parse('2030-04-10T16:05:00Z')
    assert.deepEqual((await report(heavy, bookIds[1], 300)).body.data, {
      credited: 300,
      todaySeconds: 300,
    })
  })

  test('reports of different readers do not share a mark', async () => {
    const other = await reader()
    const res = await report(other, bookIds[0], 200)
    assert.equal(res.body.data.credited, 200)
    const marks = await s.db
      .select()
      .from(readingReportMarks)
      .where(inArray(readingReportMarks.userId, [r.id, other.id]))
    assert.equal(marks.length, 2)
  })
})

describe('days, weeks and months in China time', () => {
  test('the day, the week and the month roll over at China midnight (16:00 UTC)', async () => {
    // Sunday 2030-03-31, 23:50 in China.
    s.clock.t = Date.parse('2030-03-31T15:50:00Z')
    const r = await reader()
    assert.equal((await report(r, bookIds[0], 200)).body.data.todaySeconds, 200)
    s.clock.t = Date.parse('2030-03-31T15:59:59.999Z')
    assert.deepEqual((await report(r, bookIds[1], 10)).body.data, {
      credited: 10,
      todaySeconds: 210,
    })
    const sunday = (await s.get(TIME_INFO, { token: r.token })).body.data
    assert.deepEqual(sunday, { todaySeconds: 210, weekSeconds: 210, totalSeconds: 210, days: 1 })

    // Monday 2030-04-01, 00:00 in China: a new day, week and month. A report counts on the day it
    // is made (the last 290 s of Sunday were not credited yet; 5 are claimed).
    s.clock.t = Date.parse('2030-03-31T16:00:00Z')
    assert.deepEqual((await report(r, bookIds[0], 5)).body.data, {
      credited: 5,
      todaySeconds: 5,
    })
    s.clock.advance(10 * MINUTE)
    assert.deepEqual((await report(r, bookIds[0], 300)).body.data, {
      credited: 300,
      todaySeconds: 305,
    })
    const monday = await s.get(TIME_INFO, { token: r.token })
    assert.equal(monday.body.ret, 200)
    assert.deepEqual(monday.body.data, {
      todaySeconds: 305,
      weekSeconds: 305,
      totalSeconds: 515,
      days: 2,
    })
    const list = (await s.get(TIME_LIST, { token: r.token })).body.data
    assert.equal(list.total, 2)
    assert.deepEqual(
      list.list.map((d: { day: string; seconds: number }) => [d.day, d.seconds]),
      [
        ['2030-04-01', 305],
        ['2030-03-31', 210],
      ],
    )
    for (const [period, seconds] of [
      ['day', 305],
      ['week', 305],
      ['month', 305],
      ['total', 515],
    ] as const) {
      const mine = await s.get(`${MY_RANK}?period=${period}`, { token: r.token })
      assert.equal(mine.body.data.seconds, seconds, period)
      assert.ok(mine.body.data.rank >= 1, period)
    }
    // Sunday evening again (fake clock): Monday's time is not yet in Sunday's week.
    s.clock.t = Date.parse('2030-03-31T12:00:00Z')
    const back = (await s.get(TIME_INFO, { token: r.token })).body.data
    assert.equal(back.todaySeconds, 210)
    assert.equal(back.weekSeconds, 210)
  })

  test('the reading-time list is one row per day, newest first, paged by day', async () => {
    s.clock.t = BASE
    const r = await reader()
    await addSeconds(r.id, '2030-04-10', bookIds[0], 100)
    await addSeconds(r.id, '2030-04-10', bookIds[1], 500)
    await addSeconds(r.id, '2030-04-09', bookIds[0], 0)
    await addSeconds(r.id, '2030-04-08', bookIds[2], 50)
    await addSeconds(r.id, '2030-03-30', bookIds[0], 70)

    const info = await s.get(TIME_INFO, { token: r.token })
    assert.deepEqual(info.body.data, {
      todaySeconds: 600,
      weekSeconds: 650,
      totalSeconds: 720,
      days: 3,
    })
    const page1 = await s.get(`${TIME_LIST}&page=1&pageSize=2`, { token: r.token })
    assert.equal(page1.body.ret, 200)
    assert.deepEqual(page1.body.data, {
      list: [
        {
          day: '2030-04-10',
          seconds: 600,
          books: [
            { booksId: bookIds[1], booksName: '测试书乙', seconds: 500, source: 'book' },
            { booksId: bookIds[0], booksName: '测试书甲', seconds: 100, source: 'book' },
          ],
        },
        {
          day: '2030-04-08',
          seconds: 50,
          books: [{ booksId: bookIds[2], booksName: '测试书丙', seconds: 50, source: 'book' }],
        },
      ],
      total: 3,
      page: 1,
      pageSize: 2,
    })
    const page2 = (await s.get(`${TIME_LIST}&page=2&pageSize=2`, { token: r.token })).body.data
    assert.deepEqual(
      page2.list.map((d: { day: string }) => d.day),
      ['2030-03-30'],
    )
    const page3 = (await s.get(`${TIME_LIST}&page=3&pageSize=2`, { token: r.token })).body.data
    assert.deepEqual([page3.list, page3.total], [[], 3])
    const defaults = (await s.get(TIME_LIST, { token: r.token })).body.data
    assert.deepEqual([defaults.page, defaults.pageSize, defaults.list.length], [1, 10, 3])
    for (const query of ['&page=x', '&pageSize=1.5', '&page=1e2']) {
      const bad = await s.get(TIME_LIST + query, { token: r.token })
      assert.equal(bad.status, 400, query)
      assert.match(bad.body.msg, /^参数 page(Size)? 格式错误$/)
    }
    // Numbers out of range are brought into range.
    const zero = (await s.get(`${TIME_LIST}&page=0&pageSize=-1`, { token: r.token })).body.data
    assert.deepEqual([zero.page, zero.pageSize, zero.list.length], [1, 1, 1])
    const capped = (await s.get(`${TIME_LIST}&pageSize=500`, { token: r.token })).body.data
    assert.deepEqual([capped.pageSize, capped.list.length], [50, 3])

    const fresh = await reader()
    assert.deepEqual((await s.get(TIME_INFO, { token: fresh.token })).body.data, {
      todaySeconds: 0,
      weekSeconds: 0,
      totalSeconds: 0,
      days: 0,
    })
    const empty = (await s.get(TIME_LIST, { token: fresh.token })).body.data
    assert.deepEqual([empty.list, empty.total], [[], 0])
  })
})

describe('the reading ranking', () => {
  let a: Reader
  let b: Reader
  let c: Reader
  let d: number
  let e: number
  let f: number

  before(async () => {
    await clearReading()
    s.clock.t = BASE
    a = await reader()
    b = await reader()
    c = await reader()
    const at = new Date(BASE)
    const [dRow, eRow, fRow] = await s.db
      .insert(users)
      .values(
        ['读者丁', '读者戊', '读者己'].map((nickname) => ({
          nickname,
          createdAt: at,
          updatedAt: at,
        })),
      )
      .returning({ id: users.id })
    ;[d, e, f] = [dRow.id, eRow.id, fRow.id]
    // Today is 2030-04-10; the week began on 04-08, the month on 04-01.
    await addSeconds(a.id, '2030-04-10', bookIds[0], 600)
    await addSeconds(a.id, '2030-04-08', bookIds[0], 300)
    await addSeconds(a.id, '2030-04-02', bookIds[1], 1000)
    await addSeconds(a.id, '2030-03-20', bookIds[1], 5000)
    await addSeconds(b.id, '2030-04-10', bookIds[1], 400)
    await addSeconds(b.id, '2030-04-10', bookIds[2], 200)
    await addSeconds(b.id, '2030-03-01', bookIds[2], 100)
    await addSeconds(c.id, '2030-04-09', bookIds[0], 900)
    await addSeconds(d, '2030-04-10', bookIds[0], 1200)
    await addSeconds(e, '2030-04-05', bookIds[0], 2000)
    await addSeconds(f, '2030-03-15', bookIds[0], 9000)
    // A row of a later day is not counted yet.
    await addSeconds(f, '2030-04-11', bookIds[0], 9000)
  })

  const order = (list: RankEntry[]) =>
    list.map((entry) => [entry.rank, entry.userId, entry.seconds])

  test('each period ranks by seconds, ties by user id; readers without time are left out', async () => {
    assert.deepEqual(order((await ranking('day')).list), [
      [1, d, 1200],
      [2, a.id, 600],
      [3, b.id, 600],
    ])
    assert.deepEqual(order((await ranking('week')).list), [
      [1, d, 1200],
      [2, a.id, 900],
      [3, c.id, 900],
      [4, b.id, 600],
    ])
    assert.deepEqual(order((await ranking('month')).list), [
      [1, e, 2000],
      [2, a.id, 1900],
      [3, d, 1200],
      [4, c.id, 900],
      [5, b.id, 600],
    ])
    assert.deepEqual(order((await ranking('total')).list), [
      [1, f, 9000],
      [2, a.id, 6900],
      [3, e, 2000],
      [4, d, 1200],
      [5, c.id, 900],
      [6, b.id, 700],
    ])
    const week = await ranking('week')
    assert.deepEqual([week.total, week.page, week.pageSize], [4, 1, 10])
    const entry = week.list[0]
    assert.deepEqual(entry, {
      rank: 1,
      userId: d,
      nickname: '读者丁',
      avatar: '',
      seconds: 1200,
      likes: 0,
      liked: false,
      isMe: false,
    })
  })

  test('the default period is the week; a bad period or page is a 400', async () => {
    const plain = await s.get(RANK)
    assert.deepEqual(plain.body.data, await ranking('week'))
    const bad = await s.get(`${RANK}?period=year`)
    assert.deepEqual([bad.status, bad.body.code, bad.body.msg], [400, 400, '排行周期无效'])
    const badMine = await s.get(`${MY_RANK}?period=year`, { token: a.token })
    assert.equal(badMine.body.msg, '排行周期无效')
    const badQuery = await s.get(`${TOP_LIST}&period=DAY`)
    assert.deepEqual([badQuery.status, badQuery.body.ret], [400, 400])
    assert.equal((await s.get(`${RANK}?page=first`)).status, 400)
  })

  test('pages continue the rank numbers', async () => {
    const pages = []
    for (const page of [1, 2, 3]) pages.push(await ranking('total', `&page=${page}&pageSize=4`))
    assert.deepEqual(order(pages[0].list), [
      [1, f, 9000],
      [2, a.id, 6900],
      [3, e, 2000],
      [4, d, 1200],
    ])
    assert.deepEqual(order(pages[1].list), [
      [5, c.id, 900],
      [6, b.id, 700],
    ])
    assert.deepEqual(pages[2].list, [])
    assert.deepEqual(
      pages.map((p) => [p.total, p.page, p.pageSize]),
      [
        [6, 1, 4],
        [6, 2, 4],
        [6, 3, 4],
      ],
    )
    const week2 = await ranking('week', '&page=2&pageSize=3')
    assert.deepEqual(order(week2.list), [[4, b.id, 600]])
  })

  test('isMe marks the caller; the query-style list answers the same', async () => {
    const asA = await ranking('week', '', a.token)
    assert.deepEqual(
      asA.list.map((x) => x.isMe),
      [false, true, false, false],
    )
    const query = await s.get(`${TOP_LIST}&period=week`, { token: a.token })
    assert.equal(query.body.ret, 200)
    assert.deepEqual(query.body.data, asA)
    const guest = await s.get(`${TOP_LIST}&period=total&page=2&pageSize=4`)
    assert.deepEqual(guest.body.data, await ranking('total', '&page=2&pageSize=4'))
  })

  test('my rank: the position in the period, 0 without time in it', async () => {
    const mine = async (who: Reader, period: string) =>
      (await s.get(`${MY_RANK}?period=${period}`, { token: who.token })).body.data
    const aWeek = await mine(a, 'week')
    assert.equal(aWeek.rank, 2)
    assert.equal(aWeek.userId, a.id)
    assert.equal(aWeek.seconds, 900)
    assert.equal(aWeek.isMe, true)
    assert.equal(aWeek.liked, false)
    assert.equal(aWeek.nickname, `书友${a.mobile.slice(-4)}`)
    assert.equal((await mine(c, 'week')).rank, 3) // tied with a, larger id
    assert.equal((await mine(b, 'day')).rank, 3)
    assert.equal((await mine(a, 'total')).rank, 2)
    assert.equal((await mine(b, 'total')).rank, 6)
    const cDay = await mine(c, 'day')
    assert.deepEqual([cDay.rank, cDay.seconds, cDay.isMe], [0, 0, true])
    const dflt = await s.get(MY_RANK, { token: c.token })
    assert.equal(dflt.body.data.rank, 3)
    const nobody = await reader()
    assert.deepEqual(
      [(await mine(nobody, 'total')).rank, (await mine(nobody, 'total')).seconds],
      [0, 0],
    )
  })

  test('likes: idempotent, undone, counted per reader, flagged per caller', async () => {
    const like = (who: Reader, userId: unknown, flag: unknown) =>
      s.post(LIKE, { userId, like: flag }, { token: who.token })
    assert.deepEqual((await like(a, d, 1)).body, {
      code: 200,
      data: { liked: true, likes: 1 },
      msg: 'ok',
    })
    assert.deepEqual((await like(a, d, 1)).body.data, { liked: true, likes: 1 })
    assert.deepEqual((await like(b, d, 1)).body.data, { liked: true, likes: 2 })
    assert.deepEqual((await like(b, a.id, '1')).body.data, { liked: true, likes: 1 })

    const top = async (token?: string) => (await ranking('day', '', token)).list
    const asA = await top(a.token)
    assert.deepEqual(
      asA.map((x) => [x.userId, x.likes, x.liked]),
      [
        [d, 2, true],
        [a.id, 1, false],
        [b.id, 0, false],
      ],
    )
    const asC = await top(c.token)
    assert.deepEqual(
      asC.map((x) => [x.likes, x.liked]),
      [
        [2, false],
        [1, false],
        [0, false],
      ],
    )
    const asGuest = await top()
    assert.ok(asGuest.every((x) => !x.liked && !x.isMe))
    const aMine = await s.get(`${MY_RANK}?period=day`, { token: a.token })
    assert.equal(aMine.body.data.likes, 1)

    assert.deepEqual((await like(a, d, 0)).body.data, { liked: false, likes: 1 })
    assert.deepEqual((await like(a, d, 0)).body.data, { liked: false, likes: 1 })
    assert.equal((await top(a.token))[0].liked, false)
    assert.equal((await top(b.token))[0].liked, true)
    // A reader without time in the period may be liked too.
    assert.deepEqual((await like(a, c.id, 1)).body.data, { liked: true, likes: 1 })

    const self = await like(a, a.id, 1)
    assert.deepEqual([self.status, self.body.msg], [400, '不能给自己点赞'])
    const unknown = await like(a, 999_999, 1)
    assert.deepEqual([unknown.status, unknown.body.msg], [404, '用户不存在'])
    for (const flag of [2, 'yes', '', null]) {
      const bad = await like(a, d, flag)
      assert.equal(bad.status, 400, String(flag))
    }
    assert.equal((await like(a, 'abc', 1)).status, 400)
  })

  test('a deleted account leaves the ranking and cannot be liked', async () => {
    const g = await reader()
    await addSeconds(g.id, '2030-04-10', bookIds[0], 5000)
    assert.equal((await ranking('day')).list[0].userId, g.id)
    assert.equal((await s.post(LIKE, { userId: g.id, like: 1 }, { token: a.token })).status, 200)

    const code = await s.smsCode(g.mobile, 'delete_account', g.token)
    const gone = await s.post(restPath(accountApi.deleteAccount), { code }, { token: g.token })
    assert.equal(gone.body.code, 200)

    const day = await ranking('day')
    assert.ok(day.list.every((x) => x.userId !== g.id))
    assert.equal(day.total, 3)
    assert.equal(day.list[0].userId, d)
    const like = await s.post(LIKE, { userId: g.id, like: 1 }, { token: a.token })
    assert.deepEqual([like.status, like.body.msg], [404, '用户不存在'])
    const bRank = await s.get(`${MY_RANK}?period=day`, { token: b.token })
    assert.equal(bRank.body.data.rank, 3)
  })

  test('reported time moves a reader up', async () => {
    s.clock.t = BASE + 10 * MINUTE
    const res = await report(b, bookIds[0], 300)
    assert.deepEqual(res.body.data, { credited: 300, todaySeconds: 900 })
    assert.deepEqual(order((await ranking('day')).list), [
      [1, d, 1200],
      [2, b.id, 900],
      [3, a.id, 600],
    ])
    assert.equal((await s.get(`${MY_RANK}?period=day`, { token: b.token })).body.data.rank, 2)
  })
})
