import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { annotationsApi } from '@api/annotations'
import { booksApi } from '@api/books'
import { feedApi } from '@api/feed'
import { BLOCKED_TEXT_MESSAGE } from '@rules/moderation'
import { bookmarks, highlights } from '../src/db/schema'
import { MINUTE, newMobile, restPath, startServer, type Reply, type TestServer } from './helpers'

const CHAPTER_NOTES = restPath(annotationsApi.chapterNotes)
const BOOKMARKS = restPath(annotationsApi.bookmarkList)
const ADD_BOOKMARK = restPath(annotationsApi.createBookmark)
const DEL_BOOKMARK = restPath(annotationsApi.deleteBookmark)
const HIGHLIGHTS = restPath(annotationsApi.highlightList)
const COUNT = restPath(annotationsApi.highlightCount)
const ADD = restPath(annotationsApi.createHighlight)
const UPDATE = restPath(annotationsApi.updateHighlight)
const DEL = restPath(annotationsApi.deleteHighlight)
const SHARE = restPath(annotationsApi.shareHighlight)
const FEED = restPath(feedApi.postList)
const DELETE_POST = restPath(feedApi.deletePost)

const RANGE = '划线位置不正确'
const TOO_FAST = '操作太频繁，请稍后再试'

interface Person {
  id: number
  token: string
}

const qs = (params: Record<string, string | number>): string =>
  new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString()

function ok(res: Reply, label = ''): void {
  assert.equal(res.body.code, 200, `${label} ${JSON.stringify(res.body)}`)
}

function fails(res: Reply, code: number, msg: string, label = ''): void {
  assert.deepEqual([res.body.code, res.body.msg], [code, msg], label)
  assert.equal(res.status, code, label)
}

describe('annotations: bookmarks, highlights and notes', () => {
  let s: TestServer
  let me: Person
  let other: Person
  /** 论语 and 孟子, with the paragraphs of their first two chapters. */
  const book: Record<string, number> = {}
  const text: Record<string, string[][]> = {}

  before(async () => {
    s = await startServer()
    const all = await s.get(`${restPath(booksApi.bookList)}?pageSize=50`)
    for (const b of all.body.data.list) book[b.booksName] = b.id
    for (const name of ['论语', '孟子']) {
      text[name] = []
      for (const serial of [1, 2]) {
        const ch = await s.get(
          `${restPath(booksApi.chapterBySerial)}?${qs({ booksId: book[name], serial })}`,
        )
        text[name][serial] = ch.body.data.paragraphs
      }
    }
    me = await person()
    other = await person()
  })
  after(() => s.close())

  async function person(): Promise<Person> {
    const login = await s.register(newMobile())
    return { id: login.user.user_id, token: login.access_token }
  }

  const get = (who: Person | null, url: string, query: Record<string, string | number> = {}) => {
    const q = qs(query)
    return s.get(q ? `${url}?${q}` : url, who ? { token: who.token } : {})
  }
  const post = (who: Person | null, url: string, body: Record<string, unknown>) =>
    s.post(url, body, who ? { token: who.token } : {})
  const del = (who: Person | null, url: string, id: number) =>
    s.del(`${url}?id=${id}`, who ? { token: who.token } : {})

  const mark = (who: Person, booksId: number, serial: number, paragraph: number) =>
    post(who, ADD_BOOKMARK, { booksId, serial, paragraph })

  const highlight = (who: Person, body: Record<string, unknown>) =>
    post(who, ADD, { booksId: book['论语'], serial: 1, paragraph: 0, colour: 'yellow', ...body })

  test('a guest gets 401 from every call', async () => {
    for (const [key, decl] of Object.entries(annotationsApi)) {
      assert.equal(decl.auth, true, key)
      const url = restPath(decl)
      const res =
        decl.rest?.method === 'GET'
          ? await get(null, url, { booksId: book['论语'], serial: 1 })
          : decl.rest?.method === 'DELETE'
            ? await del(null, url, 1)
            : await post(null, url, { id: 1 })
      assert.equal(res.status, 401, `${key} ${JSON.stringify(res.body)}`)
    }
  })

  test('bookmarks: made at a paragraph that exists, one per place, listed in text order', async () => {
    const lunyu = book['论语']
    const first = await mark(me, lunyu, 1, 0)
    ok(first)
    assert.equal(first.body.msg, '已添加书签')
    const paragraph = text['论语'][1][0]
    assert.equal(first.body.data.excerpt, [...paragraph.trim()].slice(0, 40).join(''))
    assert.deepEqual(
      [first.body.data.booksId, first.body.data.serial, first.body.data.paragraph],
      [lunyu, 1, 0],
    )
    assert.ok(first.body.data.chapterTitle.length > 0)

    // The same place again answers the same bookmark, no duplicate.
    const again = await mark(me, lunyu, 1, 0)
    ok(again)
    assert.equal(again.body.data.id, first.body.data.id)
    const rows = await s.db.select().from(bookmarks).where(eq(bookmarks.userId, me.id))
    assert.equal(rows.length, 1)

    ok(await mark(me, lunyu, 2, 0))
    ok(await mark(me, lunyu, 1, 2))
    ok(await mark(me, book['孟子'], 1, 1))
    const list = await get(me, BOOKMARKS, { booksId: lunyu })
    ok(list)
    assert.deepEqual(
      list.body.data.map((b: { serial: number; paragraph: number }) => [b.serial, b.paragraph]),
      [
        [1, 0],
        [1, 2],
        [2, 0],
      ],
    )
    // The reader's chapter view holds the chapter's own.
    const notes = await get(me, CHAPTER_NOTES, { booksId: lunyu, serial: 1 })
    ok(notes)
    assert.deepEqual(
      notes.body.data.bookmarks.map((b: { paragraph: number }) => b.paragraph),
      [0, 2],
    )
    // Nobody else sees them.
    assert.deepEqual((await get(other, BOOKMARKS, { booksId: lunyu })).body.data, [])
    assert.deepEqual(
      (await get(other, CHAPTER_NOTES, { booksId: lunyu, serial: 1 })).body.data.bookmarks,
      [],
    )
  })

  test('bookmarks at places that do not exist are refused', async () => {
    const lunyu = book['论语']
    fails(await mark(me, lunyu, 9999, 0), 400, '章节不存在')
    fails(await mark(me, lunyu, 1, text['论语'][1].length), 400, '段落位置不正确')
    fails(await mark(me, lunyu, 1, -1), 400, '段落位置不正确')
    fails(await mark(me, 999_999, 1, 0), 404, '书籍不存在')
    fails(await get(me, BOOKMARKS, { booksId: 999_999 }), 404, '书籍不存在')
  })

  test('only the owner deletes a bookmark; anyone else gets 404 and it stays', async () => {
    const made = await mark(me, book['论语'], 2, 1)
    ok(made)
    const id = made.body.data.id
    fails(await del(other, DEL_BOOKMARK, id), 404, '书签不存在')
    assert.equal((await s.db.select().from(bookmarks).where(eq(bookmarks.id, id))).length, 1)
    const gone = await del(me, DEL_BOOKMARK, id)
    ok(gone)
    assert.equal(gone.body.msg, '已删除书签')
    assert.equal((await s.db.select().from(bookmarks).where(eq(bookmarks.id, id))).length, 0)
    fails(await del(me, DEL_BOOKMARK, id), 404, '书签不存在')
  })

  test("a highlight's quote is the server's text; the same range again is the same highlight", async () => {
    const paragraph = text['论语'][1][0]
    const made = await highlight(me, {
      start: 2,
      end: 8,
      colour: 'green',
      note: '  学习的快乐  ',
      quote: '客户端伪造的文字',
    })
    ok(made)
    const h = made.body.data
    assert.equal(h.quote, paragraph.slice(2, 8))
    assert.equal(h.note, '学习的快乐')
    assert.equal(h.colour, 'green')
    assert.equal(h.booksName, '论语')
    assert.equal(typeof h.booksCoverSheet, 'string')
    assert.ok(h.chapterTitle.length > 0)
    assert.equal(h.postId, null)

    const again = await highlight(me, { start: 2, end: 8, colour: 'blue' })
    ok(again)
    assert.equal(again.body.data.id, h.id)
    assert.equal(again.body.data.colour, 'blue')
    assert.equal(again.body.data.note, '学习的快乐', 'no note given: the note stays')
    const rows = await s.db.select().from(highlights).where(eq(highlights.id, h.id))
    assert.equal(rows.length, 1)
    assert.equal(rows[0].quote, paragraph.slice(2, 8))

    // Overlapping ranges are highlights of their own.
    const overlap = await highlight(me, { start: 4, end: 10 })
    ok(overlap)
    assert.notEqual(overlap.body.data.id, h.id)
    // The whole paragraph is a range too.
    ok(await highlight(me, { start: 0, end: paragraph.length }))
  })

  test('ranges, places and colours are checked', async () => {
    const paragraph = text['论语'][1][0]
    fails(await highlight(me, { start: 5, end: 5 }), 400, RANGE, 'start = end')
    fails(await highlight(me, { start: 6, end: 5 }), 400, RANGE, 'start > end')
    fails(await highlight(me, { start: 0, end: paragraph.length + 1 }), 400, RANGE, 'past the end')
    fails(await highlight(me, { start: -1, end: 3 }), 400, RANGE, 'negative')
    fails(await highlight(me, { start: 0.5, end: 3 }), 400, RANGE, 'not an integer')
    fails(await highlight(me, { start: 1, end: 3, colour: 'red' }), 400, '颜色不正确')
    fails(await highlight(me, { start: 1, end: 3, colour: '' }), 400, '颜色不正确')
    fails(await highlight(me, { serial: 9999, start: 0, end: 1 }), 400, '章节不存在')
    fails(
      await highlight(me, { paragraph: text['论语'][1].length, start: 0, end: 1 }),
      400,
      '段落位置不正确',
    )
    fails(await highlight(me, { booksId: 999_999, start: 0, end: 1 }), 404, '书籍不存在')
  })

  test('notes: at most 1000 characters after trimming, no blocked words', async () => {
    fails(
      await highlight(me, { start: 0, end: 2, note: '好'.repeat(1001) }),
      400,
      '想法不能超过1000字',
    )
    const full = await highlight(me, { start: 0, end: 2, note: ` ${'好'.repeat(1000)} ` })
    ok(full)
    assert.equal([...full.body.data.note].length, 1000)
    fails(
      await highlight(me, { start: 0, end: 3, note: '这里有六合彩' }),
      400,
      BLOCKED_TEXT_MESSAGE,
    )
    fails(
      await post(me, UPDATE, { id: full.body.data.id, note: '这里有六合彩' }),
      400,
      BLOCKED_TEXT_MESSAGE,
    )
    fails(
      await post(me, UPDATE, { id: full.body.data.id, note: '好'.repeat(1001) }),
      400,
      '想法不能超过1000字',
    )
    const [row] = await s.db.select().from(highlights).where(eq(highlights.id, full.body.data.id))
    assert.equal([...row.note].length, 1000)
  })

  test('a note written as markup is kept as the text it is', async () => {
    const writer = await person()
    const note = '<img src=x onerror=alert(1)><b>好</b> "\'{}'
    const made = await highlight(writer, { start: 3, end: 5, note })
    ok(made)
    assert.equal(made.body.data.note, note)
    const list = await get(writer, HIGHLIGHTS, { booksId: book['论语'] })
    assert.ok(list.body.data.list.some((h: { note: string }) => h.note === note))
  })

  test('updates change the colour and the note; an empty note clears it', async () => {
    const made = await highlight(me, { serial: 2, paragraph: 0, start: 0, end: 4 })
    ok(made)
    const id = made.body.data.id
    s.clock.advance(1000)
    const coloured = await post(me, UPDATE, { id, colour: 'pink' })
    ok(coloured)
    assert.equal(coloured.body.data.colour, 'pink')
    assert.ok(coloured.body.data.updatedAt > made.body.data.updatedAt)
    const noted = await post(me, UPDATE, { id, note: '想一想' })
    ok(noted)
    assert.deepEqual([noted.body.data.colour, noted.body.data.note], ['pink', '想一想'])
    const cleared = await post(me, UPDATE, { id, note: '' })
    ok(cleared)
    assert.equal(cleared.body.data.note, '')
    fails(await post(me, UPDATE, { id, colour: 'black' }), 400, '颜色不正确')
  })

  test('only the owner reads, updates, deletes or shares a highlight', async () => {
    const made = await highlight(me, { start: 10, end: 12, note: '我的想法' })
    ok(made)
    const id = made.body.data.id
    const before = await s.db.select().from(highlights).where(eq(highlights.id, id))

    fails(await post(other, UPDATE, { id, colour: 'pink', note: '改掉' }), 404, '划线不存在')
    fails(await del(other, DEL, id), 404, '划线不存在')
    fails(await post(other, SHARE, { id }), 404, '划线不存在')
    const theirs = await get(other, HIGHLIGHTS)
    ok(theirs)
    assert.equal(theirs.body.data.total, 0)
    assert.deepEqual(
      (await get(other, CHAPTER_NOTES, { booksId: book['论语'], serial: 1 })).body.data.highlights,
      [],
    )
    assert.deepEqual((await get(other, COUNT)).body.data, { highlights: 0, notes: 0 })
    assert.deepEqual(await s.db.select().from(highlights).where(eq(highlights.id, id)), before)

    const gone = await del(me, DEL, id)
    ok(gone)
    assert.equal((await s.db.select().from(highlights).where(eq(highlights.id, id))).length, 0)
    fails(await del(me, DEL, id), 404, '划线不存在')
    fails(await post(me, UPDATE, { id, colour: 'pink' }), 404, '划线不存在')
  })

  test('lists: one book in text order, across books most recent first, paged; and counts', async () => {
    const reader = await person()
    const lunyu = book['论语']
    const mengzi = book['孟子']
    const made: number[] = []
    const add = async (body: Record<string, unknown>) => {
      s.clock.advance(1000)
      const res = await highlight(reader, body)
      ok(res)
      made.push(res.body.data.id)
      return res.body.data
    }
    await add({ serial: 2, paragraph: 0, start: 0, end: 2 })
    await add({ serial: 1, paragraph: 1, start: 3, end: 5, note: '一' })
    await add({ booksId: mengzi, serial: 1, paragraph: 0, start: 0, end: 2, note: '二' })
    await add({ serial: 1, paragraph: 1, start: 0, end: 2 })
    await add({ serial: 1, paragraph: 0, start: 1, end: 2 })

    const one = await get(reader, HIGHLIGHTS, { booksId: lunyu })
    ok(one)
    assert.equal(one.body.data.total, 4)
    assert.deepEqual(
      one.body.data.list.map((h: { serial: number; paragraph: number; start: number }) => [
        h.serial,
        h.paragraph,
        h.start,
      ]),
      [
        [1, 0, 1],
        [1, 1, 0],
        [1, 1, 3],
        [2, 0, 0],
      ],
    )

    const page1 = await get(reader, HIGHLIGHTS, { page: 1, pageSize: 2 })
    const page2 = await get(reader, HIGHLIGHTS, { page: 2, pageSize: 2 })
    const page3 = await get(reader, HIGHLIGHTS, { page: 3, pageSize: 2 })
    for (const page of [page1, page2, page3]) {
      ok(page)
      assert.equal(page.body.data.total, 5)
    }
    const ids = [page1, page2, page3].flatMap((p) =>
      p.body.data.list.map((h: { id: number }) => h.id),
    )
    assert.deepEqual(ids, [...made].reverse())
    const mengziRow = page2.body.data.list.find((h: { booksId: number }) => h.booksId === mengzi)
    assert.equal(mengziRow.booksName, '孟子')
    assert.ok(mengziRow.chapterTitle.length > 0)

    // An edit makes a highlight the most recent.
    s.clock.advance(1000)
    ok(await post(reader, UPDATE, { id: made[0], note: '补一句' }))
    const recent = await get(reader, HIGHLIGHTS, { pageSize: 1 })
    assert.equal(recent.body.data.list[0].id, made[0])

    assert.deepEqual((await get(reader, COUNT)).body.data, { highlights: 5, notes: 3 })
    const chapter = await get(reader, CHAPTER_NOTES, { booksId: lunyu, serial: 1 })
    assert.equal(chapter.body.data.highlights.length, 3)
    fails(await get(reader, HIGHLIGHTS, { booksId: 999_999 }), 404, '书籍不存在')
  })

  test('sharing a note posts it to the feed once, quoting the passage', async () => {
    const reader = await person()
    const paragraph = text['论语'][1][1]
    const made = await highlight(reader, {
      paragraph: 1,
      start: 0,
      end: 6,
      note: '读到这里很有感触',
    })
    ok(made)
    const id = made.body.data.id
    const shared = await post(reader, SHARE, { id, content: '推荐大家读一读' })
    ok(shared)
    assert.equal(shared.body.msg, '已分享到读后感')
    const content: string = shared.body.data.content
    assert.ok(content.startsWith(`「${paragraph.slice(0, 6)}」`), content)
    assert.ok(content.includes('读到这里很有感触'))
    assert.ok(content.includes('推荐大家读一读'))
    assert.ok(content.includes('《论语》'))
    assert.equal(shared.body.data.author.userId, reader.id)

    const feed = await get(other, FEED)
    ok(feed)
    const inFeed = feed.body.data.list.filter((p: { id: number }) => p.id === shared.body.data.id)
    assert.equal(inFeed.length, 1)
    assert.equal(inFeed[0].content, content)

    const again = await post(reader, SHARE, { id })
    ok(again)
    assert.equal(again.body.data.id, shared.body.data.id)
    const [row] = await s.db.select().from(highlights).where(eq(highlights.id, id))
    assert.equal(row.postId, shared.body.data.id)
    const listed = await get(reader, HIGHLIGHTS, { booksId: book['论语'] })
    assert.equal(
      listed.body.data.list.find((h: { id: number }) => h.id === id).postId,
      shared.body.data.id,
    )
    const mine = await get(reader, FEED, { userId: reader.id })
    assert.equal(mine.body.data.total, 1)

    // The post deleted, sharing makes a new one.
    ok(await s.del(`${DELETE_POST}?id=${shared.body.data.id}`, { token: reader.token }))
    const anew = await post(reader, SHARE, { id })
    ok(anew)
    assert.notEqual(anew.body.data.id, shared.body.data.id)
  })

  test('a share with blocked words or too many words is refused and records nothing', async () => {
    const reader = await person()
    const made = await highlight(reader, { start: 0, end: 3 })
    ok(made)
    const id = made.body.data.id
    fails(await post(reader, SHARE, { id, content: '来玩六合彩' }), 400, BLOCKED_TEXT_MESSAGE)
    fails(
      await post(reader, SHARE, { id, content: '好'.repeat(501) }),
      400,
      '分享的话不能超过500字',
    )
    const [row] = await s.db.select().from(highlights).where(eq(highlights.id, id))
    assert.equal(row.postId, null)
    assert.equal((await get(reader, FEED, { userId: reader.id })).body.data.total, 0)
    // Without extra words the quote alone is shared.
    const plain = await post(reader, SHARE, { id })
    ok(plain)
    assert.match(plain.body.data.content, /^「.+」\n\n——《论语》/)
  })

  test('highlight writes are rate-limited per reader', async () => {
    const reader = await person()
    const paragraph = text['论语'][1][0]
    assert.ok(paragraph.length > 30, 'thirty ranges of their own')
    for (let i = 0; i < 30; i++) {
      ok(await highlight(reader, { start: i, end: paragraph.length }), `#${i}`)
    }
    fails(await highlight(reader, { start: 0, end: 1 }), 429, TOO_FAST)
    s.clock.advance(MINUTE + 1000)
    ok(await highlight(reader, { start: 0, end: 1 }))
  })
})
