import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { after, before, describe, test } from 'node:test'
import fastifyStatic from '@fastify/static'
import Fastify from 'fastify'
import { and, count, eq } from 'drizzle-orm'
import { BLOCKED_TEXT_MESSAGE } from '@rules/moderation'
import { booksApi } from '@api/books'
import { feedApi } from '@api/feed'
import { bookCollections, posts } from '../src/db/schema'
import { AUDIO_DIR, readAudioManifest, registerBookAudio } from '../src/modules/books/audio'
import {
  MINUTE,
  newMobile,
  queryPath,
  restPath,
  startServer,
  type Reply,
  type TestServer,
} from './helpers'

const SAVE_REFLECTION = restPath(booksApi.saveReflection)
const REFLECTIONS = restPath(booksApi.reflectionList)
const REFLECTION = restPath(booksApi.reflectionDetail)
const DELETE_REFLECTION = restPath(booksApi.deleteReflection)
const COLLECT = restPath(booksApi.setCollected)
const BOOKCASE = restPath(booksApi.bookcase)
const COLLECTION_CATEGORIES = restPath(booksApi.collectionCategories)
const COLLECTION = restPath(booksApi.collectedBooks)
const SAVE_PROGRESS = restPath(booksApi.saveProgress)
const POSTS = restPath(feedApi.postList)

describe('books: reflections, collections, bookcase and audio', () => {
  let s: TestServer
  const id: Record<string, number> = {}
  before(async () => {
    s = await startServer()
    const all = await s.get(`${restPath(booksApi.bookList)}?pageSize=50`)
    for (const book of all.body.data.list) id[book.booksName] = book.id
  })
  after(() => s.close())

  const del = (url: string, token?: string): Promise<Reply> => s.del(url, { token })

  const ids = (list: Array<{ id: number }>) => list.map((r) => r.id)

  describe('reflections (书评)', () => {
    test('write, list by book and as mine, detail, and delete only by the author', async () => {
      const author = await s.register(newMobile())
      const other = await s.register(newMobile())
      const book = id['论语']

      const first = await s.post(
        SAVE_REFLECTION,
        { booksId: book, content: '  学而时习之，温故而知新。  ' },
        { token: author.access_token },
      )
      assert.deepEqual([first.body.code, first.body.msg], [200, '书评已发表'])
      const mine = first.body.data
      assert.equal(mine.content, '学而时习之，温故而知新。')
      assert.deepEqual(
        [mine.booksId, mine.booksName, mine.booksCoverSheet, mine.userId, mine.nickname, mine.mine],
        [book, '论语', '', author.user.user_id, author.user.nickname, true],
      )
      assert.equal(mine.createdAt, Math.floor(s.clock.now() / 1000))
      s.clock.advance(MINUTE)
      const second = await s.post(
        SAVE_REFLECTION,
        { booksId: book, content: '三人行，必有我师焉。' },
        { token: other.access_token, form: true },
      )
      const elsewhere = await s.post(
        SAVE_REFLECTION,
        { booksId: id['孟子'], content: '仁者无敌。' },
        { token: author.access_token },
      )

      // A book's list, public, newest first.
      const list = await s.get(`${REFLECTIONS}?booksId=${book}`)
      assert.equal(list.body.code, 200)
      assert.deepEqual(ids(list.body.data.list), [second.body.data.id, mine.id])
      assert.equal(list.body.data.total, 2)
      assert.ok(list.body.data.list.every((r: { mine: boolean }) => !r.mine))
      const paged = await s.get(`${REFLECTIONS}?booksId=${book}&page=2&pageSize=1`)
      assert.deepEqual(ids(paged.body.data.list), [mine.id])
      const seen = await s.get(`${REFLECTIONS}?booksId=${book}`, { token: author.access_token })
      assert.deepEqual(
        seen.body.data.list.map((r: { mine: boolean }) => r.mine),
        [false, true],
      )

      // Mine: every book, login required.
      const own = await s.get(`${REFLECTIONS}?mine=1`, { token: author.access_token })
      assert.deepEqual(ids(own.body.data.list), [elsewhere.body.data.id, mine.id])
      const ownOnBook = await s.get(`${REFLECTIONS}?mine=1&booksId=${book}`, {
        token: author.access_token,
      })
      assert.deepEqual(ids(ownOnBook.body.data.list), [mine.id])
      const guestMine = await s.get(`${REFLECTIONS}?mine=1`)
      assert.deepEqual([guestMine.status, guestMine.body.code], [401, 401])
      const neither = await s.get(REFLECTIONS)
      assert.deepEqual([neither.status, neither.body.msg], [400, '请选择书籍'])
      assert.equal((await s.get(`${REFLECTIONS}?booksId=99999`)).status, 404)

      // Detail, public; `mine` for the author.
      const guestDetail = await s.get(`${REFLECTION}?id=${mine.id}`)
      assert.deepEqual({ ...guestDetail.body.data, mine: true }, mine)
      assert.equal(guestDetail.body.data.mine, false)
      const authorDetail = await s.get(`${REFLECTION}?id=${mine.id}`, {
        token: author.access_token,
      })
      assert.deepEqual(authorDetail.body.data, mine)

      // Delete: guests 401, others 403, the author succeeds; then it is gone.
      const guestDelete = await del(`${DELETE_REFLECTION}?id=${mine.id}`)
      assert.deepEqual([guestDelete.status, guestDelete.body.code], [401, 401])
      const notYours = await del(`${DELETE_REFLECTION}?id=${mine.id}`, other.access_token)
      assert.deepEqual([notYours.status, notYours.body.msg], [403, '只能删除自己的书评'])
      const deleted = await del(`${DELETE_REFLECTION}?id=${mine.id}`, author.access_token)
      assert.deepEqual([deleted.status, deleted.body.code, deleted.body.msg], [200, 200, '已删除'])
      const gone = await s.get(`${REFLECTION}?id=${mine.id}`)
      assert.deepEqual([gone.status, gone.body.msg], [404, '书评不存在'])
      const after = await s.get(`${REFLECTIONS}?booksId=${book}`)
      assert.deepEqual(ids(after.body.data.list), [second.body.data.id])
      assert.equal(after.body.data.total, 1)
      const ownAfter = await s.get(`${REFLECTIONS}?mine=1`, { token: author.access_token })
      assert.deepEqual(ids(ownAfter.body.data.list), [elsewhere.body.data.id])
      const again = await del(`${DELETE_REFLECTION}?id=${mine.id}`, author.access_token)
      assert.equal(again.status, 404)
      const badId = await del(`${DELETE_REFLECTION}?id=abc`, author.access_token)
      assert.deepEqual([badId.status, badId.body.msg], [400, '书评不存在'])
    })

    test('content: trimmed, 1..1000 characters, no blocked words, stored verbatim as text', async () => {
      const { access_token: token } = await s.register(newMobile())
      const book = id['诗经']
      const cases: Array<[unknown, string]> = [
        ['', '请输入书评'],
        ['   \n  ', '请输入书评'],
        ['读'.repeat(1001), '书评不能超过1000字'],
        ['这本书里竟然有六合彩', BLOCKED_TEXT_MESSAGE],
        ['加我 办理 假证', BLOCKED_TEXT_MESSAGE],
      ]
      for (const [content, msg] of cases) {
        const res = await s.post(SAVE_REFLECTION, { booksId: book, content }, { token })
        assert.deepEqual([res.status, res.body.msg], [400, msg], String(content).slice(0, 20))
      }
      const noBook = await s.post(SAVE_REFLECTION, { content: '好书' }, { token })
      assert.deepEqual([noBook.status, noBook.body.msg], [400, '书籍不存在'])
      const unknown = await s.post(SAVE_REFLECTION, { booksId: 99999, content: '好书' }, { token })
      assert.deepEqual([unknown.status, unknown.body.msg], [404, '书籍不存在'])
      const guest = await s.post(SAVE_REFLECTION, { booksId: book, content: '好书' })
      assert.deepEqual([guest.status, guest.body.code], [401, 401])

      // Exactly the limit, counted in characters (an astral character is one).
      const longest = '𠀀'.repeat(10) + '读'.repeat(990)
      const full = await s.post(SAVE_REFLECTION, { booksId: book, content: longest }, { token })
      assert.equal(full.body.code, 200)
      assert.equal(full.body.data.content, longest)

      const html = '<script>alert(1)</script><b onclick="x()">关关雎鸠</b> &amp; <img src=x>'
      const saved = await s.post(SAVE_REFLECTION, { booksId: book, content: html }, { token })
      assert.equal(saved.body.code, 200)
      assert.equal(saved.body.data.content, html)
      const read = await s.get(`${REFLECTION}?id=${saved.body.data.id}`)
      assert.equal(read.body.data.content, html)
    })

    test('a reader posts at most 5 reflections a minute', async () => {
      const { access_token: token } = await s.register(newMobile())
      const post = (n: number) =>
        s.post(SAVE_REFLECTION, { booksId: id['大学'], content: `第${n}篇` }, { token })
      for (let n = 1; n <= 5; n += 1) assert.equal((await post(n)).status, 200)
      const flood = await post(6)
      assert.deepEqual([flood.status, flood.body.msg], [429, '发表太频繁，请稍后再试'])
      s.clock.advance(MINUTE + 1000)
      assert.equal((await post(7)).status, 200)
    })

    test('toFeed=1 posts it to the feed too; a post the feed refuses keeps neither', async () => {
      const reader = await s.register(newMobile())
      const token = reader.access_token
      const mine = `${POSTS}?userId=${reader.user.user_id}`
      const contents = (res: Reply) => res.body.data.list.map((p: { content: string }) => p.content)
      const myReflections = async () =>
        (await s.get(`${REFLECTIONS}?mine=1`, { token })).body.data.list.map(
          (r: { content: string }) => r.content,
        )

      // Without the flag (or with 0) only the reflection; the guest's feed is read (and kept).
      const only = await s.post(
        SAVE_REFLECTION,
        { booksId: id['论语'], content: '只是书评' },
        { token },
      )
      assert.deepEqual([only.body.code, only.body.msg], [200, '书评已发表'])
      const off = await s.post(
        SAVE_REFLECTION,
        { booksId: id['论语'], content: '也只是书评', toFeed: 0 },
        { token },
      )
      assert.equal(off.body.code, 200)
      assert.deepEqual(contents(await s.get(mine)), [])

      // With it, the reflection and a post of the book's title and the text (the feed's reads
      // kept for guests are dropped: the guest sees it at once).
      const both = await s.post(
        SAVE_REFLECTION,
        { booksId: id['论语'], content: '  学而不思则罔。  ', toFeed: '1' },
        { token, form: true },
      )
      assert.deepEqual([both.body.code, both.body.msg], [200, '书评已发表，并已发到读后感'])
      assert.equal(both.body.data.content, '学而不思则罔。')
      const feed = await s.get(mine)
      assert.deepEqual(contents(feed), ['《论语》\n学而不思则罔。'])
      assert.deepEqual(feed.body.data.list[0].author.userId, reader.user.user_id)
      assert.deepEqual(feed.body.data.list[0].images, [])
      assert.deepEqual(await myReflections(), ['学而不思则罔。', '也只是书评', '只是书评'])

      const badFlag = await s.post(
        SAVE_REFLECTION,
        { booksId: id['论语'], content: '好书', toFeed: 2 },
        { token },
      )
      assert.equal(badFlag.status, 400)

      // The feed's own rate: past it the call is refused and no reflection is kept either.
      const now = new Date(s.clock.now())
      await s.db.insert(posts).values(
        Array.from({ length: 9 }, (_, n) => ({
          userId: reader.user.user_id,
          content: `第${n}篇`,
          createdAt: now,
        })),
      )
      s.clock.advance(MINUTE + 1000)
      const refused = await s.post(
        SAVE_REFLECTION,
        { booksId: id['孟子'], content: '仁者爱人。', toFeed: 1 },
        { token },
      )
      assert.deepEqual([refused.status, refused.body.msg], [429, '发表太频繁，请稍后再试'])
      assert.equal((await myReflections()).length, 3)
      assert.equal((await s.get(mine)).body.data.total, 10)
      // Without the flag the reflection alone is still welcome.
      const alone = await s.post(
        SAVE_REFLECTION,
        { booksId: id['孟子'], content: '仁者爱人。' },
        { token },
      )
      assert.equal(alone.status, 200)
    })
  })

  describe('collections and the bookcase', () => {
    test('collect is idempotent; uncollect; detail shows it; bad input refused', async () => {
      const reader = await s.register(newMobile())
      const token = reader.access_token
      const book = id['楚辞']
      for (let i = 0; i < 2; i += 1) {
        const res = await s.post(COLLECT, { booksId: book, collect: 1 }, { token })
        assert.deepEqual(
          [res.body.code, res.body.data, res.body.msg],
          [200, { collected: true }, '已收藏'],
        )
      }
      const [{ n }] = await s.db
        .select({ n: count() })
        .from(bookCollections)
        .where(
          and(eq(bookCollections.userId, reader.user.user_id), eq(bookCollections.bookId, book)),
        )
      assert.equal(n, 1)
      const detail = await s.get(`${restPath(booksApi.bookDetail)}?id=${book}`, { token })
      assert.equal(detail.body.data.collected, true)
      const legacy = await s.post(queryPath(booksApi.bookDetail), { id: book }, { token })
      assert.equal(legacy.body.data.collected, true)
      const guestDetail = await s.get(`${restPath(booksApi.bookDetail)}?id=${book}`)
      assert.equal(guestDetail.body.data.collected, false)
      assert.equal((await s.get(COLLECTION, { token })).body.data.total, 1)

      for (let i = 0; i < 2; i += 1) {
        const res = await s.post(COLLECT, { booksId: book, collect: 0 }, { token, form: true })
        assert.deepEqual([res.body.data, res.body.msg], [{ collected: false }, '已取消收藏'])
      }
      assert.equal((await s.get(COLLECTION, { token })).body.data.total, 0)
      const after = await s.get(`${restPath(booksApi.bookDetail)}?id=${book}`, { token })
      assert.equal(after.body.data.collected, false)

      const badFlag = await s.post(COLLECT, { booksId: book, collect: 2 }, { token })
      assert.deepEqual([badFlag.status, badFlag.body.msg], [400, '参数 collect 格式错误'])
      const missing = await s.post(COLLECT, { booksId: 99999, collect: 1 }, { token })
      assert.deepEqual([missing.status, missing.body.msg], [404, '书籍不存在'])
      const guest = await s.post(COLLECT, { booksId: book, collect: 1 })
      assert.deepEqual([guest.status, guest.body.code], [401, 401])
    })

    test('collected books newest first, by category, with category counts', async () => {
      const { access_token: token } = await s.register(newMobile())
      for (const name of ['论语', '弟子规', '孟子']) {
        s.clock.advance(MINUTE)
        await s.post(COLLECT, { booksId: id[name], collect: 1 }, { token })
      }
      const list = await s.get(COLLECTION, { token })
      assert.equal(list.body.code, 200)
      assert.deepEqual(
        list.body.data.list.map((b: { booksName: string }) => b.booksName),
        ['孟子', '弟子规', '论语'],
      )
      assert.equal(list.body.data.total, 3)
      assert.equal(list.body.data.list[0].collectedAt, Math.floor(s.clock.now() / 1000))
      assert.equal(list.body.data.list[1].hasAudio, true)

      const categories = await s.get(COLLECTION_CATEGORIES, { token })
      assert.equal(categories.body.code, 200)
      assert.deepEqual(
        categories.body.data.map((c: { classificationName: string; count: number }) => [
          c.classificationName,
          c.count,
        ]),
        [
          ['儒家经典', 2],
          ['蒙学', 1],
        ],
      )
      const ruId = categories.body.data[0].classificationId
      const ru = await s.get(`${COLLECTION}?classificationId=${ruId}`, { token })
      assert.deepEqual(
        ru.body.data.list.map((b: { booksName: string }) => b.booksName),
        ['孟子', '论语'],
      )
      const page2 = await s.get(`${COLLECTION}?page=2&pageSize=2`, { token })
      assert.deepEqual(
        page2.body.data.list.map((b: { booksName: string }) => b.booksName),
        ['论语'],
      )

      for (const url of [COLLECTION, COLLECTION_CATEGORIES, BOOKCASE]) {
        const guest = await s.get(url)
        assert.deepEqual([guest.status, guest.body.code], [401, 401], url)
      }
    })

    test('the bookcase: books with a saved place, most recently read first', async () => {
      const { access_token: token } = await s.register(newMobile())
      const empty = await s.get(BOOKCASE, { token })
      assert.deepEqual([empty.body.data.list, empty.body.data.total], [[], 0])
      const read = async (name: string, serial: number) => {
        s.clock.advance(MINUTE)
        const res = await s.post(
          SAVE_PROGRESS,
          { booksId: id[name], serial, paragraph: 0 },
          { token },
        )
        assert.equal(res.body.code, 200)
      }
      await read('古文观止', 5)
      await read('唐诗三百首', 2)
      await read('大学', 1)
      await read('古文观止', 6)
      const shelf = await s.get(BOOKCASE, { token })
      assert.equal(shelf.body.code, 200)
      assert.equal(shelf.body.data.total, 3)
      const items = shelf.body.data.list
      assert.deepEqual(
        items.map((b: { booksName: string }) => b.booksName),
        ['古文观止', '大学', '唐诗三百首'],
      )
      assert.deepEqual(
        [items[0].progress.serial, items[0].progress.booksId, items[0].chapterCount],
        [6, id['古文观止'], 222],
      )
      assert.equal(items[0].progress.updatedAt, Math.floor(s.clock.now() / 1000))
      assert.ok(items[0].progress.updatedAt > items[1].progress.updatedAt)
      assert.ok(items[0].progress.chapterTitle.length > 0)
      const second = await s.get(`${BOOKCASE}?page=2&pageSize=2`, { token })
      assert.deepEqual(
        second.body.data.list.map((b: { booksName: string }) => b.booksName),
        ['唐诗三百首'],
      )
    })
  })

  describe('chapter audio', () => {
    /** registerBookAudio on a bare app with @fastify/static, as app.ts has it. */
    async function audioServer() {
      const fastify = Fastify({ logger: false })
      fastify.register(fastifyStatic, { serve: false })
      registerBookAudio(fastify)
      await fastify.listen({ port: 0, host: '127.0.0.1' })
      const base = `http://127.0.0.1:${(fastify.server.address() as AddressInfo).port}`
      return { base, close: () => fastify.close() }
    }

    test('the repository holds the manifest and MP3 of every chapter of 弟子规', () => {
      const audio = readAudioManifest()
      assert.deepEqual(
        [...audio.keys()].sort((a, b) => a - b),
        [1, 2, 3, 4, 5, 6, 7, 8],
      )
      for (const { file } of audio.values()) {
        assert.ok(fs.statSync(path.join(AUDIO_DIR, file)).size > 0, file)
      }
    })

    test('serves a chapter MP3 with Range support; refuses other names', async () => {
      const server = await audioServer()
      try {
        const url = `${server.base}/api/books/audio/dizigui-01.mp3`
        const size = fs.statSync(path.join(AUDIO_DIR, 'dizigui-01.mp3')).size
        const whole = await fetch(url)
        assert.equal(whole.status, 200)
        assert.equal(whole.headers.get('content-type'), 'audio/mpeg')
        assert.equal(whole.headers.get('accept-ranges'), 'bytes')
        assert.match(whole.headers.get('cache-control') ?? '', /max-age=86400/)
        assert.equal((await whole.arrayBuffer()).byteLength, size)

        const part = await fetch(url, { headers: { range: 'bytes=100-199' } })
        assert.equal(part.status, 206)
        assert.equal(part.headers.get('content-range'), `bytes 100-199/${size}`)
        assert.equal((await part.arrayBuffer()).byteLength, 100)
        const tail = await fetch(url, { headers: { range: 'bytes=-10' } })
        assert.equal(tail.status, 206)
        assert.equal((await tail.arrayBuffer()).byteLength, 10)

        for (const name of ['nothing.mp3', 'DIZIGUI-01.mp3', 'manifest.json', '..%2Fbooks.ts']) {
          const res = await fetch(`${server.base}/api/books/audio/${name}`)
          assert.equal(res.status, 404, name)
          assert.deepEqual(await res.json(), { code: 404, data: null, msg: '音频不存在' })
        }
      } finally {
        await server.close()
      }
    })

    test('the app serves every chapter audioUrl of 弟子规', async () => {
      const chapters = await s.get(`${restPath(booksApi.chapterList)}?booksId=${id['弟子规']}`)
      assert.equal(chapters.body.data.list.length, 8)
      for (const chapter of chapters.body.data.list) {
        const detail = await s.get(
          `${restPath(booksApi.chapterBySerial)}?booksId=${id['弟子规']}&serial=${chapter.serial}`,
        )
        assert.match(detail.body.data.audioUrl, /^\/api\/books\/audio\/dizigui-0\d\.mp3$/)
        const res = await fetch(s.base + detail.body.data.audioUrl, {
          headers: { range: 'bytes=0-1' },
        })
        assert.equal(res.status, 206, detail.body.data.audioUrl)
        await res.arrayBuffer()
      }
    })
  })
})
