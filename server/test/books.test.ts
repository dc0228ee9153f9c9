import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, eq } from 'drizzle-orm'
import { booksApi } from '@api/books'
import { readingProgress } from '../src/db/schema'
import { MINUTE, newMobile, queryPath, restPath, startServer, type TestServer } from './helpers'

const LIST = restPath(booksApi.bookList)
const LEGACY_LIST = queryPath(booksApi.bookList)
const DETAIL = restPath(booksApi.bookDetail)
const LEGACY_DETAIL = queryPath(booksApi.bookDetail)
const CHAPTERS = restPath(booksApi.chapterList)
const BY_SERIAL = restPath(booksApi.chapterBySerial)
const TURNING = restPath(booksApi.chapterTurning)
const OPEN = restPath(booksApi.openReading)
const PER_USER = restPath(booksApi.myProgress)
const SAVE = restPath(booksApi.saveProgress)
const LEGACY_SAVE = queryPath(booksApi.saveProgress)

/** The seed's order: recommended by rank, then the rest by id. */
const CATALOGUE_ORDER = [
  '论语',
  '弟子规',
  '唐诗三百首',
  '诗经',
  '古文观止',
  '三字经',
  '孟子',
  '大学',
  '中庸',
  '楚辞',
  '纳兰词',
  '千字文',
  '增广贤文',
  '幼学琼林',
]

const qs = (params: Record<string, string | number>): string =>
  new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString()

describe('books: catalogue, chapters and reading progress', () => {
  let s: TestServer
  const id: Record<string, number> = {}
  before(async () => {
    s = await startServer()
    const all = await s.get(`${LIST}?pageSize=50`)
    for (const book of all.body.data.list) id[book.booksName] = book.id
  })
  after(() => s.close())

  const names = (list: Array<{ booksName: string }>) => list.map((b) => b.booksName)

  test('categories in display order with their book counts', async () => {
    const res = await s.get(restPath(booksApi.categoryList))
    assert.equal(res.body.code, 200)
    assert.deepEqual(
      res.body.data.map((c: { name: string; bookCount: number }) => [c.name, c.bookCount]),
      [
        ['儒家经典', 4],
        ['诗词歌赋', 4],
        ['古文', 1],
        ['蒙学', 5],
      ],
    )
  })

  test('the list: recommended first by rank, then by id; pages are stable and disjoint', async () => {
    const first = await s.get(LIST)
    assert.equal(first.body.code, 200)
    assert.equal(first.body.data.total, 14)
    assert.equal(first.body.data.page, 1)
    assert.equal(first.body.data.pageSize, 10)
    assert.deepEqual(names(first.body.data.list), CATALOGUE_ORDER.slice(0, 10))
    const second = await s.get(`${LIST}?page=2`)
    assert.deepEqual(names(second.body.data.list), CATALOGUE_ORDER.slice(10))
    assert.equal(second.body.data.total, 14)
    assert.deepEqual((await s.get(LIST)).body.data, first.body.data)
    const small = await s.get(`${LIST}?${qs({ page: 3, pageSize: 3 })}`)
    assert.deepEqual(names(small.body.data.list), CATALOGUE_ORDER.slice(6, 9))
    const beyond = await s.get(`${LIST}?page=9`)
    assert.deepEqual([beyond.body.data.list, beyond.body.data.total], [[], 14])

    const book = first.body.data.list[0]
    assert.equal(book.booksAuthor, '孔子弟子及再传弟子')
    assert.equal(book.booksCoverSheet, '')
    assert.equal(book.classificationName, '儒家经典')
    assert.equal(book.chapterCount, 20)
    assert.ok(book.wordCount > 10000)
    assert.equal(book.recommended, true)
    assert.equal(book.hasAudio, false)
    assert.ok(book.booksBrief.length > 5)
    const audio = first.body.data.list.filter((b: { hasAudio: boolean }) => b.hasAudio)
    assert.deepEqual(names(audio), ['弟子规'])
  })

  test('the legacy BookList answers the same page in the query style', async () => {
    const rest = await s.get(`${LIST}?${qs({ page: 2, pageSize: 5 })}`)
    const legacy = await s.get(`${LEGACY_LIST}&${qs({ page: 2, pageSize: 5 })}`)
    assert.equal(legacy.body.ret, 200)
    assert.deepEqual(legacy.body.data, rest.body.data)
    assert.equal((await s.post(LEGACY_LIST)).status, 405)
  })

  test('paging: page size clamped to 1..50, page to 1.., non-numbers refused', async () => {
    const huge = await s.get(`${LIST}?pageSize=9999`)
    assert.equal(huge.body.data.pageSize, 50)
    assert.equal(huge.body.data.list.length, 14)
    const zero = await s.get(`${LIST}?${qs({ page: 0, pageSize: 0 })}`)
    assert.deepEqual([zero.body.data.page, zero.body.data.pageSize], [1, 1])
    assert.deepEqual(names(zero.body.data.list), ['论语'])
    for (const bad of ['page=abc', 'pageSize=1.5', 'page=1e3', 'recommend=2']) {
      const res = await s.get(`${LIST}?${bad}`)
      assert.equal(res.status, 400, bad)
      assert.equal(res.body.code, 400, bad)
    }
  })

  test('keyword search by title and by author; category filter; recommended only', async () => {
    const byTitle = await s.get(`${LIST}?keyword=${encodeURIComponent('诗')}`)
    assert.deepEqual(names(byTitle.body.data.list), ['唐诗三百首', '诗经'])
    const byAuthor = await s.get(`${LIST}?keyword=${encodeURIComponent(' 屈原 ')}`)
    assert.deepEqual(names(byAuthor.body.data.list), ['楚辞'])
    const either = await s.get(`${LIST}?keyword=${encodeURIComponent('孟子')}`)
    assert.deepEqual(names(either.body.data.list), ['孟子'])
    const wildcard = await s.get(`${LIST}?keyword=%25`)
    assert.deepEqual([wildcard.body.data.list, wildcard.body.data.total], [[], 0])
    const legacy = await s.get(`${LEGACY_LIST}&keyword=${encodeURIComponent('李毓秀')}`)
    assert.deepEqual(names(legacy.body.data.list), ['弟子规'])
    const long = await s.get(`${LIST}?keyword=${'书'.repeat(51)}`)
    assert.equal(long.status, 400)

    const categories = (await s.get(restPath(booksApi.categoryList))).body.data
    const mengxue = categories.find((c: { name: string }) => c.name === '蒙学')
    const inCategory = await s.get(`${LIST}?classificationId=${mengxue.id}`)
    assert.deepEqual(names(inCategory.body.data.list), [
      '弟子规',
      '三字经',
      '千字文',
      '增广贤文',
      '幼学琼林',
    ])
    assert.equal(inCategory.body.data.total, mengxue.bookCount)
    const both = await s.get(
      `${LIST}?${qs({ classificationId: mengxue.id, keyword: '千字', recommend: 0 })}`,
    )
    assert.deepEqual(names(both.body.data.list), ['千字文'])
    const badCategory = await s.get(`${LIST}?classificationId=abc`)
    assert.deepEqual([badCategory.status, badCategory.body.msg], [400, '分类不存在'])
    const emptyCategory = await s.get(`${LIST}?classificationId=9999`)
    assert.equal(emptyCategory.body.data.total, 0)

    const recommended = await s.get(`${LIST}?recommend=1`)
    assert.deepEqual(names(recommended.body.data.list), CATALOGUE_ORDER.slice(0, 6))
    assert.ok(recommended.body.data.list.every((b: { recommended: boolean }) => b.recommended))
  })

  test('detail in both styles; 404 for an unknown book, 400 for a malformed id', async () => {
    const rest = await s.get(`${DETAIL}?id=${id['弟子规']}`)
    assert.equal(rest.body.code, 200)
    const book = rest.body.data
    assert.equal(book.booksName, '弟子规')
    assert.equal(book.booksAuthor, '李毓秀')
    assert.equal(book.hasAudio, true)
    assert.equal(book.chapterCount, 8)
    assert.match(book.booksIntro, /李毓秀/)
    assert.deepEqual([book.collected, book.progress, book.readerCount], [false, null, 0])
    const legacy = await s.post(LEGACY_DETAIL, { id: id['弟子规'] }, { form: true })
    assert.equal(legacy.body.ret, 200)
    assert.deepEqual(legacy.body.data, book)

    const missing = await s.get(`${DETAIL}?id=99999`)
    assert.deepEqual([missing.status, missing.body.msg], [404, '书籍不存在'])
    const legacyMissing = await s.post(LEGACY_DETAIL, { id: 99999 })
    assert.deepEqual([legacyMissing.status, legacyMissing.body.ret], [404, 404])
    for (const bad of ['abc', '0', '-1', '']) {
      const res = await s.get(`${DETAIL}?id=${bad}`)
      assert.deepEqual([res.status, res.body.msg], [400, '书籍不存在'], bad)
    }
  })

  test('chapters: paged by serial; a long book spans pages', async () => {
    const nalan = id['纳兰词']
    const first = await s.get(`${CHAPTERS}?booksId=${nalan}`)
    assert.equal(first.body.code, 200)
    assert.equal(first.body.data.total, 258)
    assert.equal(first.body.data.pageSize, 100)
    assert.equal(first.body.data.list.length, 100)
    assert.deepEqual(
      first.body.data.list.map((c: { serial: number }) => c.serial),
      Array.from({ length: 100 }, (_, i) => i + 1),
    )
    const last = await s.get(`${CHAPTERS}?${qs({ booksId: nalan, page: 3 })}`)
    assert.equal(last.body.data.list.length, 58)
    assert.equal(last.body.data.list[57].serial, 258)
    const capped = await s.get(`${CHAPTERS}?${qs({ booksId: nalan, pageSize: 9999 })}`)
    assert.deepEqual([capped.body.data.pageSize, capped.body.data.list.length], [500, 258])

    const dizigui = await s.get(`${CHAPTERS}?booksId=${id['弟子规']}`)
    const chapters = dizigui.body.data.list
    assert.deepEqual(
      chapters.map((c: { title: string }) => c.title),
      ['總敘', '入則孝', '出則弟', '謹', '信', '泛愛眾', '親仁', '余力學文'],
    )
    assert.ok(chapters.every((c: { audioSeconds: number }) => c.audioSeconds > 0))
    assert.ok(chapters.every((c: { wordCount: number }) => c.wordCount > 0))
    const lunyu = await s.get(`${CHAPTERS}?booksId=${id['论语']}`)
    assert.equal(lunyu.body.data.list[0].title, '学而篇')
    assert.equal(lunyu.body.data.list[0].audioSeconds, 0)
    assert.equal((await s.get(`${CHAPTERS}?booksId=99999`)).status, 404)
    assert.equal((await s.get(CHAPTERS)).status, 400)
  })

  test('a chapter by serial, with its text, neighbours and audio', async () => {
    const lunyu = id['论语']
    const first = await s.get(`${BY_SERIAL}?${qs({ booksId: lunyu, serial: 1 })}`)
    assert.equal(first.body.code, 200)
    const chapter = first.body.data
    assert.equal(chapter.title, '学而篇')
    assert.equal(chapter.booksName, '论语')
    assert.equal(chapter.booksId, lunyu)
    assert.equal(chapter.chapterCount, 20)
    assert.match(chapter.paragraphs[0], /^子曰：“学而时习之，不亦说乎？/)
    assert.equal(
      chapter.wordCount,
      chapter.paragraphs.reduce((n: number, p: string) => n + [...p].length, 0),
    )
    assert.deepEqual([chapter.prevSerial, chapter.nextSerial, chapter.audioUrl], [null, 2, ''])
    const lastChapter = await s.get(`${BY_SERIAL}?${qs({ booksId: lunyu, serial: 20 })}`)
    assert.deepEqual(
      [lastChapter.body.data.prevSerial, lastChapter.body.data.nextSerial],
      [19, null],
    )
    assert.equal(lastChapter.body.data.title, '尧曰篇')

    const dizigui = await s.get(`${BY_SERIAL}?${qs({ booksId: id['弟子规'], serial: 2 })}`)
    assert.equal(dizigui.body.data.audioUrl, '/api/books/audio/dizigui-02.mp3')
    assert.ok(dizigui.body.data.audioSeconds > 0)
    // The texts keep their own characters (弟子規 is traditional in the source).
    assert.equal(dizigui.body.data.title, '入則孝')
    assert.match(dizigui.body.data.paragraphs[0], /^父母呼 應勿緩/)

    const missing = await s.get(`${BY_SERIAL}?${qs({ booksId: lunyu, serial: 21 })}`)
    assert.deepEqual([missing.status, missing.body.msg], [404, '章节不存在'])
    const bad = await s.get(`${BY_SERIAL}?${qs({ booksId: lunyu, serial: 'x' })}`)
    assert.deepEqual([bad.status, bad.body.msg], [400, '章节不存在'])
    const noBook = await s.get(`${BY_SERIAL}?${qs({ booksId: 99999, serial: 1 })}`)
    assert.deepEqual([noBook.status, noBook.body.msg], [404, '书籍不存在'])
  })

  test('turning: next and previous, and both ends', async () => {
    const lunyu = id['论语']
    const turn = (serial: number | string, direction: string) =>
      s.get(`${TURNING}?${qs({ booksId: lunyu, serial, direction })}`)
    const next = await turn(1, 'next')
    assert.deepEqual(
      [next.body.code, next.body.data.serial, next.body.data.title],
      [200, 2, '为政篇'],
    )
    const prev = await turn(2, 'prev')
    assert.deepEqual([prev.body.data.serial, prev.body.data.title], [1, '学而篇'])
    const atStart = await turn(1, 'prev')
    assert.deepEqual([atStart.status, atStart.body.msg], [404, '已经是第一章'])
    const atEnd = await turn(20, 'next')
    assert.deepEqual([atEnd.status, atEnd.body.msg], [404, '已经是最后一章'])
    const fromLast = await turn(20, 'prev')
    assert.equal(fromLast.body.data.serial, 19)
    const beyond = await turn(25, 'prev')
    assert.deepEqual([beyond.status, beyond.body.msg], [404, '章节不存在'])
    const sideways = await turn(3, 'up')
    assert.deepEqual([sideways.status, sideways.body.msg], [400, '翻页方向不正确'])
    // A one-chapter book has no neighbours at all.
    const daxue = await s.get(
      `${TURNING}?${qs({ booksId: id['大学'], serial: 1, direction: 'next' })}`,
    )
    assert.equal(daxue.body.msg, '已经是最后一章')
  })

  test('open reading: chapter 1 for a guest, the saved place after saving, on any device', async () => {
    const lunyu = id['论语']
    const guest = await s.get(`${OPEN}?booksId=${lunyu}`)
    assert.equal(guest.body.code, 200)
    assert.equal(guest.body.data.progress, null)
    assert.equal(guest.body.data.chapter.serial, 1)

    const mobile = newMobile()
    const { access_token: token } = await s.register(mobile)
    const before = await s.get(`${OPEN}?booksId=${lunyu}`, { token })
    assert.deepEqual([before.body.data.progress, before.body.data.chapter.serial], [null, 1])
    assert.equal((await s.get(`${PER_USER}?booksId=${lunyu}`, { token })).body.data, null)

    const chapter3 = (await s.get(`${BY_SERIAL}?${qs({ booksId: lunyu, serial: 3 })}`)).body.data
    s.clock.advance(MINUTE)
    const saved = await s.post(SAVE, { booksId: lunyu, serial: 3, paragraph: 2 }, { token })
    assert.equal(saved.body.code, 200)
    const permyriad = Math.round(((2 + 3 / chapter3.paragraphs.length) / 20) * 10000)
    const expected = {
      booksId: lunyu,
      serial: 3,
      chapterTitle: chapter3.title,
      paragraph: 2,
      audioSeconds: 0,
      percent: Math.round(permyriad / 10) / 10,
      updatedAt: Math.floor(s.clock.now() / 1000),
    }
    assert.deepEqual(saved.body.data, expected)

    const open = await s.get(`${OPEN}?booksId=${lunyu}`, { token })
    assert.deepEqual(open.body.data.progress, expected)
    assert.equal(open.body.data.chapter.serial, 3)
    assert.deepEqual(open.body.data.chapter.paragraphs, chapter3.paragraphs)

    // Another device: a second login of the same account finds the same place.
    const other = await s.login(mobile)
    assert.notEqual(other.access_token, token)
    const elsewhere = await s.get(`${OPEN}?booksId=${lunyu}`, { token: other.access_token })
    assert.deepEqual(elsewhere.body.data.progress, expected)
    const perUser = await s.get(`${PER_USER}?booksId=${lunyu}`, { token: other.access_token })
    assert.deepEqual(perUser.body.data, expected)
    const detail = await s.get(`${DETAIL}?id=${lunyu}`, { token: other.access_token })
    assert.deepEqual(detail.body.data.progress, expected)
    assert.equal(detail.body.data.collected, false)
    // A bad token on a public call is a guest.
    const bogus = await s.get(`${OPEN}?booksId=${lunyu}`, { token: 'not-a-token' })
    assert.deepEqual([bogus.body.code, bogus.body.data.progress], [200, null])
  })

  test('saving again moves the one place per reader and book; readerCount counts readers', async () => {
    const book = id['中庸']
    const a = await s.register(newMobile())
    const b = await s.register(newMobile())
    await s.post(SAVE, { booksId: book, serial: 1, paragraph: 0 }, { token: a.access_token })
    s.clock.advance(MINUTE)
    const moved = await s.post(
      LEGACY_SAVE,
      { booksId: book, serial: 1, paragraph: 38 },
      { token: a.access_token, form: true },
    )
    assert.equal(moved.body.ret, 200)
    assert.deepEqual([moved.body.data.paragraph, moved.body.data.percent], [38, 100])
    assert.equal(moved.body.data.updatedAt, Math.floor(s.clock.now() / 1000))
    const rows = await s.db
      .select()
      .from(readingProgress)
      .where(and(eq(readingProgress.userId, a.user.user_id), eq(readingProgress.bookId, book)))
    assert.equal(rows.length, 1)
    assert.equal(rows[0].permyriad, 10000)
    assert.equal((await s.get(`${DETAIL}?id=${book}`)).body.data.readerCount, 1)
    // The legacy call also takes the token as access_token in the body.
    const legacy = await s.post(
      LEGACY_SAVE,
      { booksId: book, serial: 1, paragraph: 0, access_token: b.access_token },
      { form: true },
    )
    assert.equal(legacy.body.ret, 200)
    assert.equal(legacy.body.data.percent, Math.round(10000 / 39 / 10) / 10)
    assert.equal((await s.get(`${DETAIL}?id=${book}`)).body.data.readerCount, 2)
  })

  test('progress input is checked: chapter, paragraph and listening position', async () => {
    const { access_token: token } = await s.register(newMobile())
    const lunyu = id['论语']
    const paragraphs = (await s.get(`${BY_SERIAL}?${qs({ booksId: lunyu, serial: 1 })}`)).body.data
      .paragraphs.length
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ booksId: lunyu, serial: 21, paragraph: 0 }, 404, '章节不存在'],
      [{ booksId: lunyu, serial: 0, paragraph: 0 }, 400, '章节不存在'],
      [{ booksId: lunyu, serial: 'one', paragraph: 0 }, 400, '章节不存在'],
      [{ booksId: lunyu, serial: 1, paragraph: paragraphs }, 400, '段落位置不正确'],
      [{ booksId: lunyu, serial: 1, paragraph: -1 }, 400, '段落位置不正确'],
      [{ booksId: lunyu, serial: 1, paragraph: 'x' }, 400, '段落位置不正确'],
      [{ booksId: lunyu, serial: 1 }, 400, '请提供阅读位置'],
      [{ booksId: lunyu, serial: 1, paragraph: '', audioSeconds: ' ' }, 400, '请提供阅读位置'],
      [{ booksId: lunyu, serial: 1, paragraph: null }, 400, '请提供阅读位置'],
      [{ booksId: lunyu, serial: 1, audioSeconds: -3 }, 400, '音频位置不正确'],
      [
        { booksId: lunyu, serial: 1, paragraph: paragraphs, audioSeconds: 3 },
        400,
        '段落位置不正确',
      ],
      [{ booksId: lunyu, serial: 1, paragraph: 0, audioSeconds: -3 }, 400, '音频位置不正确'],
      [{ booksId: lunyu, serial: 1, paragraph: 0, audioSeconds: 'x' }, 400, '音频位置不正确'],
      [{ booksId: lunyu, serial: 1, paragraph: 0, audioSeconds: '1e400' }, 400, '音频位置不正确'],
      [{ booksId: 99999, serial: 1, paragraph: 0 }, 404, '书籍不存在'],
      [{ serial: 1, paragraph: 0 }, 400, '书籍不存在'],
    ]
    for (const [body, status, msg] of cases) {
      const res = await s.post(SAVE, body, { token })
      assert.deepEqual([res.status, res.body.msg], [status, msg], JSON.stringify(body))
    }
    assert.equal((await s.get(`${PER_USER}?booksId=${lunyu}`, { token })).body.data, null)

    const lastParagraph = await s.post(
      SAVE,
      { booksId: lunyu, serial: 1, paragraph: paragraphs - 1, audioSeconds: 30 },
      { token },
    )
    // 论语 has no audio: any listening position is the (empty) audio's end.
    assert.deepEqual(
      [lastParagraph.body.data.audioSeconds, lastParagraph.body.data.percent],
      [0, 5],
    )

    const dizigui = id['弟子规']
    const chapter = (await s.get(`${BY_SERIAL}?${qs({ booksId: dizigui, serial: 2 })}`)).body.data
    const within = await s.post(
      SAVE,
      { booksId: dizigui, serial: 2, paragraph: 1, audioSeconds: 12.7 },
      { token },
    )
    assert.equal(within.body.data.audioSeconds, 12)
    const tiny = await s.post(
      SAVE,
      { booksId: dizigui, serial: 2, paragraph: 1, audioSeconds: 1e-7 },
      { token, form: true },
    )
    assert.equal(tiny.body.data.audioSeconds, 0)
    const past = await s.post(
      SAVE,
      { booksId: dizigui, serial: 2, paragraph: 1, audioSeconds: 99999 },
      { token },
    )
    assert.equal(past.body.data.audioSeconds, chapter.audioSeconds)
  })

  test("reading and listening keep each other's place in the same chapter", async () => {
    const dizigui = id['弟子规']
    const chapter = async (serial: number) =>
      (await s.get(`${BY_SERIAL}?${qs({ booksId: dizigui, serial })}`)).body.data
    const [two, three] = [await chapter(2), await chapter(3)]
    assert.ok(two.paragraphs.length > 7 && two.audioSeconds > 30 && three.audioSeconds > 12)
    const percent = (serial: number, paragraph: number, paragraphs: number): number => {
      const permyriad = Math.round(((serial - 1 + (paragraph + 1) / paragraphs) / 8) * 10000)
      return Math.round(permyriad / 10) / 10
    }

    // The same steps through the REST call (JSON) and the legacy one (form), each for a new reader.
    for (const [url, form] of [
      [SAVE, false],
      [LEGACY_SAVE, true],
    ] as const) {
      const { access_token: token } = await s.register(newMobile())
      const save = async (fields: Record<string, unknown>) => {
        const res = await s.post(url, { booksId: dizigui, ...fields }, { token, form })
        assert.equal(
          res.status,
          200,
          `${url} ${JSON.stringify(fields)} ${JSON.stringify(res.body)}`,
        )
        const p = res.body.data
        return [p.serial, p.paragraph, p.audioSeconds, p.percent]
      }
      const stored = async () => {
        const p = (await s.get(`${PER_USER}?booksId=${dizigui}`, { token })).body.data
        return [p.serial, p.paragraph, p.audioSeconds, p.percent]
      }
      const n2 = two.paragraphs.length
      // Reading: paragraph 5; no audio position yet.
      assert.deepEqual(await save({ serial: 2, paragraph: 5 }), [2, 5, 0, percent(2, 5, n2)])
      // Listening in the same chapter keeps the paragraph (and the percentage).
      assert.deepEqual(await save({ serial: 2, audioSeconds: 30 }), [2, 5, 30, percent(2, 5, n2)])
      // Reading on keeps the audio position.
      assert.deepEqual(await save({ serial: 2, paragraph: 7 }), [2, 7, 30, percent(2, 7, n2)])
      assert.deepEqual(await stored(), [2, 7, 30, percent(2, 7, n2)])
      // Past the audio's end is its end; the paragraph stays.
      assert.deepEqual(await save({ serial: 2, audioSeconds: 99_999 }), [
        2,
        7,
        two.audioSeconds,
        percent(2, 7, n2),
      ])
      // Both at once set both.
      assert.deepEqual(await save({ serial: 2, paragraph: 6, audioSeconds: 31.9 }), [
        2,
        6,
        31,
        percent(2, 6, n2),
      ])
      // Another chapter: what is not sent starts at 0.
      const n3 = three.paragraphs.length
      assert.deepEqual(await save({ serial: 3, audioSeconds: 12 }), [3, 0, 12, percent(3, 0, n3)])
      assert.deepEqual(await save({ serial: 3, paragraph: 2 }), [3, 2, 12, percent(3, 2, n3)])
      assert.deepEqual(await save({ serial: 2, paragraph: 1 }), [2, 1, 0, percent(2, 1, n2)])
      // Neither field: 400, and the saved place is untouched.
      for (const fields of [{ serial: 2 }, { serial: 2, paragraph: '', audioSeconds: '' }]) {
        const res = await s.post(url, { booksId: dizigui, ...fields }, { token, form })
        assert.equal(res.body.msg, '请提供阅读位置', url)
        assert.equal(form ? res.body.ret : res.status, 400, url)
      }
      // A bad field with a good one is refused as a whole.
      for (const [fields, msg] of [
        [{ serial: 2, paragraph: 3, audioSeconds: -1 }, '音频位置不正确'],
        [{ serial: 2, paragraph: n2, audioSeconds: 5 }, '段落位置不正确'],
      ] as const) {
        assert.equal(
          (await s.post(url, { booksId: dizigui, ...fields }, { token, form })).body.msg,
          msg,
        )
      }
      assert.deepEqual(await stored(), [2, 1, 0, percent(2, 1, n2)])
    }
  })

  test('login required: 302 in the query style, 401 in REST', async () => {
    const body = { booksId: id['论语'], serial: 1, paragraph: 0 }
    const legacy = await s.post(LEGACY_SAVE, body)
    assert.deepEqual([legacy.status, legacy.body.ret, legacy.body.msg], [200, 302, '请先登录'])
    const rest = await s.post(SAVE, body)
    assert.deepEqual([rest.status, rest.body.code], [401, 401])
    const perUser = await s.get(`${PER_USER}?booksId=${id['论语']}`)
    assert.deepEqual([perUser.status, perUser.body.code], [401, 401])
    const bogus = await s.post(SAVE, body, { token: 'nope' })
    assert.equal(bogus.status, 401)
  })
  test('junk in any field is a 4xx envelope, never a 500', async () => {
    const { access_token: token } = await s.register(newMobile())
    const fields = [
      'id',
      'booksId',
      'serial',
      'paragraph',
      'audioSeconds',
      'direction',
      'page',
      'pageSize',
      'keyword',
      'classificationId',
      'recommend',
      'mine',
      'content',
      'collect',
    ]
    const calls: Array<['GET' | 'POST' | 'DELETE', string]> = [
      ['GET', LIST],
      ['GET', LEGACY_LIST],
      ['GET', DETAIL],
      ['POST', LEGACY_DETAIL],
      ['GET', CHAPTERS],
      ['GET', BY_SERIAL],
      ['GET', TURNING],
      ['GET', OPEN],
      ['GET', PER_USER],
      ['POST', SAVE],
      ['POST', LEGACY_SAVE],
      ['GET', restPath(booksApi.reflectionList)],
      ['GET', restPath(booksApi.reflectionDetail)],
      ['POST', restPath(booksApi.saveReflection)],
      ['DELETE', restPath(booksApi.deleteReflection)],
      ['POST', restPath(booksApi.setCollected)],
      ['GET', restPath(booksApi.bookcase)],
      ['GET', restPath(booksApi.collectedBooks)],
    ]
    const junk: unknown[] = [['1', '2'], { a: 1 }, 'x'.repeat(3000), '9'.repeat(15), '1.5', ' ']
    for (const value of junk) {
      const body = Object.fromEntries(fields.map((f) => [f, value]))
      const query = new URLSearchParams(
        fields.map((f): [string, string] => [f, typeof value === 'string' ? value : '1']),
      ).toString()
      for (const [method, url] of calls) {
        const sep = url.includes('?') ? '&' : '?'
        const res =
          method === 'POST'
            ? await s.post(url, body, { token })
            : method === 'GET'
              ? await s.get(`${url}${sep}${query}`, { token })
              : await fetch(`${s.base}${url}?${query}`, {
                  method: 'DELETE',
                  headers: { authorization: `Bearer ${token}` },
                }).then(async (r) => ({ status: r.status, body: await r.json() }))
        const label = `${method} ${url} ${JSON.stringify(value).slice(0, 20)}`
        assert.ok(res.status < 500, `${label}: ${res.status} ${JSON.stringify(res.body)}`)
        assert.equal(typeof res.body, 'object', label)
      }
    }
  })
})
