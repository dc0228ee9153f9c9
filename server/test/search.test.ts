/**
 * The search (issue 13) over the seeded classics: simplified queries into traditional texts and
 * back, titles and authors, one character, nothing found; the marks, the windows, paging, both
 * call styles, the input rules; and the folding and the index underneath.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { count, eq } from 'drizzle-orm'
import { booksApi } from '@api/books'
import {
  KEYWORD_MISSING,
  KEYWORD_TOO_LONG,
  searchApi,
  type Passage,
  type SearchRes,
} from '@api/search'
import { keywordError } from '@rules/search'
import { books, bookSearchRows } from '../src/db/schema'
import {
  ELLIPSIS,
  excerpt,
  findSpans,
  fold,
  foldMapped,
  gramsOf,
  QUERY_GRAMS_MAX,
  queryGrams,
  WINDOW,
} from '../src/modules/search/fold'
import { ensureSearchIndex, rebuildSearchIndex } from '../src/modules/search/indexer'
import { queryPath, restPath, startServer, type TestServer } from './helpers'

const SEARCH = restPath(searchApi.search)
const LEGACY_SEARCH = queryPath(searchApi.search)
const BY_SERIAL = restPath(booksApi.chapterBySerial)

const chars = (text: string): string[] => Array.from(text)
const cut = (text: string, start: number, end: number): string =>
  chars(text).slice(start, end).join('')

/** What a query should find: the first passage in that book (and chapter, and paragraph). */
interface Case {
  q: string
  why: string
  book: string
  chapter: string
  paragraph?: number
  /** The hit is the chapter's title. */
  title?: boolean
  /** How many passages in all, where it is worth pinning. */
  total?: number
}

const CASES: Case[] = [
  // A chapter's title (an essay of 古文观止), simplified into traditional.
  {
    q: '岳阳楼记',
    why: 'a chapter title',
    book: '古文观止',
    chapter: '岳陽樓記',
    paragraph: 0,
    title: true,
  },
  // Simplified queries into traditional texts.
  {
    q: '李白',
    why: 'author line of a poem',
    book: '唐诗三百首',
    chapter: '五言絕句',
    paragraph: 30,
  },
  {
    q: '静夜思',
    why: 'poem title',
    book: '唐诗三百首',
    chapter: '五言絕句',
    paragraph: 30,
    total: 1,
  },
  {
    q: '床前明月光',
    why: 'a line',
    book: '唐诗三百首',
    chapter: '五言絕句',
    paragraph: 31,
    total: 1,
  },
  {
    q: '疑是地上霜',
    why: 'second half of the line',
    book: '唐诗三百首',
    chapter: '五言絕句',
    paragraph: 31,
  },
  {
    q: '孟子见梁惠王',
    why: '孟子, traditional',
    book: '孟子',
    chapter: '梁惠王上',
    paragraph: 0,
    total: 2,
  },
  { q: '大学之道', why: '大学, traditional', book: '大学', chapter: '大學', paragraph: 0 },
  { q: '天命之谓性', why: '中庸, traditional', book: '中庸', chapter: '中庸', paragraph: 0 },
  { q: '人之初', why: '三字经', book: '三字经', chapter: '三字經', paragraph: 0, total: 1 },
  { q: '天地玄黄', why: '千字文', book: '千字文', chapter: '千字文', paragraph: 0, total: 1 },
  { q: '一寸光阴一寸金', why: '增广贤文', book: '增广贤文', chapter: '上集', paragraph: 151 },
  { q: '混沌初开', why: '幼学琼林', book: '幼学琼林', chapter: '卷一·天文', paragraph: 0 },
  {
    q: '郑伯克段于鄢',
    why: "古文观止, 於 folds to 于: the essay's title comes before its text",
    book: '古文观止',
    chapter: '鄭伯克段於鄢',
    paragraph: 0,
    title: true,
  },
  {
    q: '先天下之忧而忧',
    why: 'inside a long paragraph',
    book: '古文观止',
    chapter: '岳陽樓記',
    paragraph: 4,
    total: 1,
  },
  {
    q: '弟子规 圣人训',
    why: 'a space between words',
    book: '弟子规',
    chapter: '總敘',
    paragraph: 0,
  },
  // Traditional queries into simplified texts.
  {
    q: '學而時習之',
    why: '论语, simplified',
    book: '论语',
    chapter: '学而篇',
    paragraph: 0,
    total: 1,
  },
  {
    q: '關關雎鳩',
    why: '诗经, simplified',
    book: '诗经',
    chapter: '国风·周南',
    paragraph: 1,
    total: 1,
  },
  {
    q: '人生若只如初見',
    why: '纳兰词, simplified',
    book: '纳兰词',
    chapter: '木兰花令·拟古决绝词',
    paragraph: 0,
  },
  {
    q: '帝高陽之苗裔兮',
    why: '楚辞, simplified',
    book: '楚辞',
    chapter: '离骚',
    paragraph: 0,
    total: 1,
  },
  // Traditional into traditional, a single character, mixed-case Latin.
  {
    q: '靜夜思',
    why: 'traditional as stored',
    book: '唐诗三百首',
    chapter: '五言絕句',
    paragraph: 30,
    total: 1,
  },
  { q: '鹤', why: 'one character', book: '唐诗三百首', chapter: '五言絕句', paragraph: 82 },
  {
    q: 'BĒI',
    why: 'upper case into the pinyin (bēi)',
    book: '古文观止',
    chapter: '放鶴亭記',
    paragraph: 1,
    total: 1,
  },
  {
    q: '纳兰性德',
    why: 'an author in a text too',
    book: '纳兰词',
    chapter: '浣溪沙·郊游联句',
    paragraph: 1,
  },
]

describe('search', () => {
  let s: TestServer
  const bookId: Record<string, number> = {}
  before(async () => {
    s = await startServer({}, undefined, { searchIndex: true })
    const all = await s.get(`${restPath(booksApi.bookList)}?pageSize=50`)
    for (const book of all.body.data.list) bookId[book.booksName] = book.id
  })
  after(() => s.close())

  const find = async (q: string, extra = ''): Promise<SearchRes> => {
    const res = await s.get(`${SEARCH}?keyword=${encodeURIComponent(q)}${extra}`)
    assert.equal(res.status, 200, `${q}: ${JSON.stringify(res.body)}`)
    assert.equal(res.body.code, 200)
    return res.body.data
  }
  const names = (list: Array<{ booksName: string }>) => list.map((b) => b.booksName)

  /** Every mark covers exactly the query's characters (folded), and every occurrence is marked. */
  function assertMarks(p: Passage, q: string): void {
    assert.ok(p.marks.length > 0, `${q}: no mark in ${p.text}`)
    let last = -1
    for (const m of p.marks) {
      assert.ok(
        m.start > last && m.end > m.start && m.end <= chars(p.text).length,
        `${q}: ${JSON.stringify(p.marks)}`,
      )
      assert.equal(
        fold(cut(p.text, m.start, m.end)),
        fold(q),
        `${q}: marked ${cut(p.text, m.start, m.end)}`,
      )
      last = m.end - 1
    }
    // No occurrence left unmarked (the text's own ellipses cannot hold a query).
    const unmarked = p.marks.reduceRight(
      (text, m) =>
        chars(text).slice(0, m.start).join('') + '\u3000' + chars(text).slice(m.end).join(''),
      p.text,
    )
    assert.ok(!fold(unmarked).includes(fold(q)), `${q}: an occurrence is not marked in ${p.text}`)
  }

  test('a table of queries finds the book, chapter and paragraph, with the matches marked', async () => {
    assert.ok(CASES.length >= 20)
    for (const c of CASES) {
      const res = await find(c.q, '&pageSize=50')
      const hit = res.passages.list.find((p) => p.booksName === c.book)
      assert.ok(hit, `${c.q} (${c.why}): nothing in ${c.book}: ${names(res.passages.list)}`)
      assert.equal(hit.chapterTitle, c.chapter, `${c.q} (${c.why})`)
      if (c.paragraph !== undefined) assert.equal(hit.paragraph, c.paragraph, `${c.q} (${c.why})`)
      assert.equal(hit.title, c.title ?? false, `${c.q} (${c.why}): a title hit or not`)
      if (c.total !== undefined) assert.equal(res.passages.total, c.total, `${c.q} (${c.why})`)
      assert.equal(hit.booksId, bookId[c.book])
      for (const p of res.passages.list) assertMarks(p, c.q)
    }
  })

  test('李白 and 静夜思 find 唐诗三百首 with the chapter and the line; the reader opens there', async () => {
    const poem = (await find('静夜思')).passages.list
    assert.equal(poem.length, 1)
    assert.deepEqual(
      { ...poem[0], booksCoverSheet: undefined },
      {
        booksId: bookId['唐诗三百首'],
        booksName: '唐诗三百首',
        booksAuthor: '蘅塘退士',
        booksCoverSheet: undefined,
        serial: 1,
        chapterTitle: '五言絕句',
        paragraph: 30,
        title: false,
        text: '《靜夜思》\u3000李白',
        marks: [{ start: 1, end: 4 }],
      },
    )
    const line = (await find('床前明月光')).passages.list[0]
    assert.equal(line.text, '床前明月光，疑是地上霜，')
    assert.deepEqual(line.marks, [{ start: 0, end: 5 }])
    // The passage's place is the reader's: that paragraph of that chapter.
    const chapter = await s.get(`${BY_SERIAL}?booksId=${line.booksId}&serial=${line.serial}`)
    assert.equal(chapter.body.data.paragraphs[line.paragraph], line.text)
    assert.equal(chapter.body.data.paragraphs[line.paragraph - 1], poem[0].text)

    const li = await find('李白', '&pageSize=50')
    assert.equal(li.passages.total, 40)
    assert.deepEqual(li.books, [])
    const jys = li.passages.list.find((p) => p.paragraph === 30 && p.serial === 1)
    assert.deepEqual(jys?.marks, [{ start: 6, end: 8 }])
  })

  test('title and author hits are book hits, in catalogue order, shaped as the book list', async () => {
    const byAuthor = await find('蘅塘退士')
    assert.deepEqual(names(byAuthor.books), ['唐诗三百首'])
    assert.equal(byAuthor.passages.total, 0)
    const list = await s.get(`${restPath(booksApi.bookList)}?keyword=${encodeURIComponent('唐诗')}`)
    assert.deepEqual(byAuthor.books[0], list.body.data.list[0])

    assert.deepEqual(names((await find('三百首')).books), ['唐诗三百首'])
    assert.deepEqual(names((await find('王应麟')).books), ['三字经'])
    assert.deepEqual(names((await find('吴楚材')).books), ['古文观止'])
    // A title in traditional characters finds the simplified title.
    assert.deepEqual(names((await find('詩經')).books), ['诗经'])
    // One character: recommended by rank (唐诗三百首 3, 诗经 4), passages too.
    const poetry = await find('诗')
    assert.deepEqual(names(poetry.books), ['唐诗三百首', '诗经'])
    assert.ok(poetry.passages.total > 100)
    // Title and author together (the book's row holds both, a space between).
    assert.deepEqual(names((await find('纳兰词 纳兰性德')).books), ['纳兰词'])
    const author = await find('纳兰性德')
    assert.deepEqual(names(author.books), ['纳兰词'])
    assert.ok(author.passages.list.some((p) => p.booksName === '纳兰词'))
  })

  test('a query that nothing holds answers empty', async () => {
    for (const q of ['的了么', '静夜思想', 'zzz', '%', '_']) {
      const res = await find(q)
      assert.deepEqual(
        res,
        { books: [], passages: { list: [], total: 0, page: 1, pageSize: 10 } },
        q,
      )
    }
  })

  test('the characters of SQL and array literals, and markup, are searched as text', async () => {
    const hostile = [
      '"',
      '\\',
      "'",
      '{}',
      '"},{"',
      "a'); drop table books; --",
      '<img src=x onerror=alert(1)>',
    ]
    for (const q of hostile) {
      const res = await find(q)
      for (const p of res.passages.list) assertMarks(p, q)
    }
    assert.equal((await find('<img src=x onerror=alert(1)>')).passages.total, 0)
  })

  test('passages by book in catalogue order, then chapter and paragraph; paging', async () => {
    const all: Passage[] = []
    let total = 0
    for (let page = 1; ; page++) {
      const res = await find('鹤', `&page=${page}&pageSize=50`)
      total = res.passages.total
      if (page > 1) assert.deepEqual(res.books, [], 'books only on page 1')
      if (res.passages.list.length === 0) break
      all.push(...res.passages.list)
    }
    assert.equal(all.length, total)
    assert.equal(total, 42) // 41 paragraphs and one chapter title
    const rank = (name: string) =>
      [
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
      ].indexOf(name)
    for (let i = 1; i < all.length; i++) {
      const [a, b] = [all[i - 1], all[i]]
      const order =
        rank(a.booksName) - rank(b.booksName) || a.serial - b.serial || a.paragraph - b.paragraph
      assert.ok(
        order < 0,
        `${a.booksName} ${a.serial}:${a.paragraph} before ${b.booksName} ${b.serial}:${b.paragraph}`,
      )
    }
    // Pages of 10 by default, at most 50; past the end empty with the total.
    const first = await find('李白')
    assert.deepEqual(
      [first.passages.list.length, first.passages.pageSize, first.passages.total],
      [10, 10, 40],
    )
    const fourth = await find('李白', '&page=4')
    assert.equal(fourth.passages.list.length, 10)
    const past = await find('李白', '&page=5')
    assert.deepEqual([past.passages.list, past.passages.total, past.passages.page], [[], 40, 5])
    assert.equal((await find('李白', '&pageSize=999')).passages.pageSize, 50)
    // Out-of-range paging numbers are brought into range, as every list call does.
    const zero = await find('李白', '&page=0&pageSize=0')
    assert.deepEqual(
      [zero.passages.page, zero.passages.pageSize, zero.passages.list.length],
      [1, 1, 1],
    )
  })

  test("type: 'book' answers no passages, 'text' no books", async () => {
    const bookOnly = await find('诗', '&type=book')
    assert.deepEqual(names(bookOnly.books), ['唐诗三百首', '诗经'])
    assert.deepEqual([bookOnly.passages.list, bookOnly.passages.total], [[], 0])
    const textOnly = await find('诗', '&type=text')
    assert.deepEqual(textOnly.books, [])
    assert.ok(textOnly.passages.total > 100)
    assert.deepEqual(textOnly.passages, (await find('诗', '&type=all')).passages)
  })

  test('a long paragraph shows about 80 characters around the first match', async () => {
    const [p] = (await find('先天下之忧而忧')).passages.list
    assert.ok(p.text.startsWith(ELLIPSIS), p.text)
    assert.ok(chars(p.text).length <= WINDOW + 2)
    assert.equal(cut(p.text, p.marks[0].start, p.marks[0].end), '先天下之憂而憂')
    const chapter = await s.get(`${BY_SERIAL}?booksId=${p.booksId}&serial=${p.serial}`)
    const whole: string = chapter.body.data.paragraphs[p.paragraph]
    assert.ok(chars(whole).length > WINDOW)
    assert.ok(whole.includes(p.text.replace(ELLIPSIS, '').replace(ELLIPSIS, '')))
    // Short paragraphs are shown whole.
    const [short] = (await find('人之初')).passages.list
    assert.equal(short.text, '人之初，性本善，性相近，習相遠。')
  })

  test('both call styles answer the same', async () => {
    for (const q of ['静夜思', '李白', '诗', '的了么']) {
      const rest = await s.get(`${SEARCH}?keyword=${encodeURIComponent(q)}&page=1&pageSize=5`)
      const legacy = await s.get(
        `${LEGACY_SEARCH}&keyword=${encodeURIComponent(q)}&page=1&pageSize=5`,
      )
      assert.equal(legacy.body.ret, 200, q)
      assert.deepEqual(legacy.body.data, rest.body.data, q)
    }
    assert.equal((await s.post(LEGACY_SEARCH, { keyword: '李白' })).status, 405)
  })

  test('bad input: blank, too long, a wrong type or page; 50 characters pass', async () => {
    const expect400 = async (url: string, message: string) => {
      const rest = await s.get(`${SEARCH}?${url}`)
      assert.deepEqual([rest.status, rest.body.code, rest.body.msg], [400, 400, message], url)
      const legacy = await s.get(`${LEGACY_SEARCH}&${url}`)
      assert.deepEqual([legacy.body.ret, legacy.body.msg], [400, message], url)
    }
    await expect400('', '请输入搜索词')
    await expect400('keyword=', '请输入搜索词')
    await expect400(`keyword=${encodeURIComponent('  \u3000 ')}`, '请输入搜索词')
    await expect400(`keyword=${encodeURIComponent('静'.repeat(51))}`, KEYWORD_TOO_LONG)
    await expect400(`keyword=${encodeURIComponent('𠀀'.repeat(51))}`, KEYWORD_TOO_LONG)
    await expect400(`keyword=${encodeURIComponent('静夜思')}&type=poem`, '搜索范围不正确')
    for (const bad of ['page=abc', 'pageSize=1.5', 'page=1e3']) {
      const res = await s.get(`${SEARCH}?keyword=a&${bad}`)
      assert.equal(res.status, 400, bad)
    }
    // 50 characters (counted as characters: 𠀀 is one), trimmed first.
    assert.equal((await find(` ${'静'.repeat(50)} `)).passages.total, 0)
    assert.equal((await find('𠀀'.repeat(50))).passages.total, 0)
    assert.equal((await find(' 静夜思 ')).passages.total, 1)
  })

  test('only listed books are searched', async () => {
    const id = bookId['唐诗三百首']
    await s.db.update(books).set({ listed: false }).where(eq(books.id, id))
    try {
      assert.deepEqual((await find('静夜思')).passages.total, 0)
      assert.deepEqual((await find('蘅塘退士')).books, [])
      assert.ok((await find('李白')).passages.list.every((p) => p.booksId !== id))
    } finally {
      await s.db.update(books).set({ listed: true }).where(eq(books.id, id))
    }
    assert.equal((await find('静夜思')).passages.total, 1)
  })

  test('the index: one book rebuilt alone, an empty index built at start', async () => {
    const rowsOf = async (id?: number) =>
      (
        await s.db
          .select({ n: count() })
          .from(bookSearchRows)
          .where(id === undefined ? undefined : eq(bookSearchRows.bookId, id))
      )[0].n
    const before = await rowsOf()
    const tang = await rowsOf(bookId['唐诗三百首'])
    assert.equal(await s.db.transaction((tx) => rebuildSearchIndex(tx, bookId['唐诗三百首'])), tang)
    assert.equal(await rowsOf(), before)
    assert.equal(await ensureSearchIndex(s.db), 0, 'an index already there is kept')
    await s.db.delete(bookSearchRows)
    assert.equal((await find('静夜思')).passages.total, 0)
    assert.equal(await ensureSearchIndex(s.db), before)
    assert.equal(await rowsOf(), before)
    assert.equal((await find('静夜思')).passages.total, 1)
  })
})

describe('search folding', () => {
  test('a character folds the same alone and inside a word (乾 and 乾隆)', () => {
    for (const word of ['乾隆', '後來', '頭髮', '發現', '著作'])
      assert.equal(
        fold(word),
        Array.from(word)
          .map((ch) => fold(ch))
          .join(''),
        word,
      )
  })

  test("the app's check (rules/search) refuses what the server refuses", () => {
    assert.equal(keywordError(' \u3000 '), KEYWORD_MISSING)
    assert.equal(keywordError('𠀀'.repeat(51)), KEYWORD_TOO_LONG)
    assert.equal(keywordError(` ${'𠀀'.repeat(50)} `), null)
  })

  test('fold: traditional to simplified, lower case, whitespace runs one space', () => {
    assert.equal(fold('《靜夜思》\u3000李白'), '《静夜思》 李白')
    assert.equal(fold('  學而時習之\n\t不亦說乎 '), '学而时习之 不亦说乎')
    assert.equal(fold('BĒI ABC'), 'bēi abc')
    assert.equal(fold('静夜思'), '静夜思')
    assert.equal(fold('a\u0001b'), 'a b')
  })

  test('foldMapped: each folded character knows its original', () => {
    const original = ' 甲  乙𠀀\u3000丙 '
    const { text, from } = foldMapped(original)
    assert.equal(text, '甲 乙𠀀 丙')
    assert.deepEqual(from, [1, 2, 4, 5, 6, 7])
  })

  test('grams: distinct characters (no lone space) and pairs; a query sends its pairs', () => {
    assert.deepEqual(gramsOf('天下 天下'), ['天', '天下', '下', '下 ', ' 天'])
    assert.deepEqual(queryGrams('鹤'), ['鹤'])
    assert.deepEqual(queryGrams('李白'), ['李白'])
    assert.deepEqual(queryGrams('一寸光阴一寸金'), ['一寸', '寸光', '光阴', '阴一', '寸金'])
    const long = queryGrams('天地玄黄宇宙洪荒日月盈昃辰宿列张寒来暑往秋收冬藏')
    assert.equal(long.length, QUERY_GRAMS_MAX)
    assert.equal(long[0], '天地')
    assert.equal(long[long.length - 1], '冬藏')
  })

  test('spans: every occurrence, in the original characters, across whitespace', () => {
    assert.deepEqual(findSpans('子曰：學而時習之。學而', '学而'), [
      { start: 3, end: 5 },
      { start: 9, end: 11 },
    ])
    assert.deepEqual(findSpans('弟子規 聖人訓', '弟子规 圣人训'), [{ start: 0, end: 7 }])
    assert.deepEqual(findSpans('弟子規\u3000 聖人訓', '规 圣'), [{ start: 2, end: 6 }])
    assert.deepEqual(findSpans('𠀀靜夜思𠀀', '静夜思'), [{ start: 1, end: 4 }])
    assert.deepEqual(findSpans('哈哈哈', '哈哈'), [{ start: 0, end: 2 }])
    assert.deepEqual(findSpans('静夜思', '李白'), [])
  })

  test('excerpt: whole when short, a window with ellipses when long', () => {
    assert.deepEqual(excerpt('床前明月光', '明月'), {
      text: '床前明月光',
      marks: [{ start: 2, end: 4 }],
    })
    const long = '甲'.repeat(100) + '明月' + '乙'.repeat(100)
    const shown = excerpt(long, '明月')
    assert.equal(chars(shown.text).length, WINDOW + 2)
    assert.ok(shown.text.startsWith(ELLIPSIS) && shown.text.endsWith(ELLIPSIS))
    assert.equal(cut(shown.text, shown.marks[0].start, shown.marks[0].end), '明月')
    const atStart = excerpt('明月' + '乙'.repeat(100), '明月')
    assert.equal(atStart.text, '明月' + '乙'.repeat(WINDOW - 2) + ELLIPSIS)
    assert.deepEqual(atStart.marks, [{ start: 0, end: 2 }])
    const atEnd = excerpt('甲'.repeat(100) + '明月', '明月')
    assert.equal(atEnd.text, ELLIPSIS + '甲'.repeat(WINDOW - 2) + '明月')
    assert.deepEqual(atEnd.marks, [{ start: WINDOW - 1, end: WINDOW + 1 }])
  })
})
