/**
 * The reader's new parts without pages: the progress slider's arithmetic (shared with the server's
 * bookcase percentage), opening at a search hit's paragraph and jumping within a chapter, the
 * selection rules (trimming, sentences), and the marks store: bookmarks toggled at a paragraph and
 * highlights cut into a block's segments through any block boundary.
 */
import { paragraphAt, percentOf, permyriadOf, placeAtPermyriad } from '@rules/progress'
import { toBlocks } from '@/features/books/blocks'
import { ChapterStore, type ChapterApi } from '@/features/books/reader/ChapterStore'
import { ReaderMarks, type MarksApi } from '@/features/books/reader/ReaderMarks'
import { sentenceRanges, trimmed } from '@/features/books/reader/selection'
import type { Bookmark, Highlight } from '@/types/api/annotations'
import type { ChapterDetail } from '@/types/api/books'

const BOOK = 7

function chapter(serial: number, paragraphs: string[]): ChapterDetail {
  return {
    id: 100 + serial,
    serial,
    title: `第${serial}章`,
    wordCount: 3,
    audioSeconds: 0,
    booksId: BOOK,
    booksName: '唐诗三百首',
    chapterCount: 4,
    paragraphs,
    audioUrl: '',
    prevSerial: serial > 1 ? serial - 1 : null,
    nextSerial: serial < 4 ? serial + 1 : null,
  }
}

describe('progress over the whole book', () => {
  it('measures chapters and paragraphs alike, and the slider finds the place back', () => {
    expect(permyriadOf(1, 0, 4, 4)).toBe(625)
    expect(permyriadOf(4, 3, 4, 4)).toBe(10000)
    expect(percentOf(permyriadOf(2, 1, 4, 4))).toBe(37.5)
    expect(placeAtPermyriad(0, 4)).toEqual({ serial: 1, within: 0 })
    expect(placeAtPermyriad(10000, 4)).toEqual({ serial: 4, within: 1 })
    expect(placeAtPermyriad(3750, 4)).toEqual({ serial: 2, within: 0.5 })
    expect(paragraphAt(0.5, 4)).toBe(1)
    expect(paragraphAt(0, 4)).toBe(0)
    expect(paragraphAt(1, 4)).toBe(3)
    // A place and the slider point it shows lead back to the same place.
    for (let serial = 1; serial <= 4; serial++)
      for (let p = 0; p < 6; p++) {
        const back = placeAtPermyriad(permyriadOf(serial, p, 6, 4), 4)
        const sameChapter = back.serial === serial && paragraphAt(back.within, 6) === p
        const nextChapterStart = back.serial === serial + 1 && back.within === 0 && p === 5
        expect(sameChapter || nextChapterStart).toBe(true)
      }
  })
})

describe('opening and jumping', () => {
  const api = (chapters: Record<number, ChapterDetail>): ChapterApi => ({
    openReading: async () => ({ chapter: chapters[1], progress: null }),
    fetchChapter: async (_b, serial) => chapters[serial],
    turnChapter: async () => chapters[2],
  })

  it('opens at the wanted paragraph (clamped) and jumps inside the shown chapter', async () => {
    const chapters = { 1: chapter(1, ['甲', '乙']), 2: chapter(2, ['一', '二', '三', '四']) }
    const store = new ChapterStore(BOOK, 'paragraph', api(chapters))
    const shown: Array<[number, number]> = []
    store.onShow((c, at) => shown.push([c.serial, at]))
    await store.open(2, 3)
    await store.open(2, 99)
    expect(shown).toEqual([
      [2, 3],
      [2, 3],
    ])
    expect(await store.goTo(2, 1)).toBe(true)
    expect(await store.goTo(1, { within: 1 })).toBe(true)
    expect(shown.slice(2)).toEqual([
      [2, 1],
      [1, 1],
    ])
  })

  it('a failed open can be retried', async () => {
    let fail = true
    const chapters = { 1: chapter(1, ['甲']) }
    const store = new ChapterStore(BOOK, 'paragraph', {
      ...api(chapters),
      openReading: async () => {
        if (fail) throw new Error('网络不给力')
        return { chapter: chapters[1], progress: null }
      },
    })
    await store.open(0)
    expect(store.error).toBe('网络不给力')
    fail = false
    await store.open(0)
    expect(store.error).toBe('')
    expect(store.chapter?.serial).toBe(1)
  })
})

describe('selections', () => {
  it('trims blanks and refuses an empty range', () => {
    expect(trimmed({ paragraph: 0, start: 0, end: 6 }, ' 床前明月光')).toEqual({
      paragraph: 0,
      start: 1,
      end: 6,
    })
    expect(trimmed({ paragraph: 0, start: 0, end: 2 }, '  床')).toBeNull()
    expect(trimmed({ paragraph: 0, start: 3, end: 99 }, '床前明月光')).toEqual({
      paragraph: 0,
      start: 3,
      end: 5,
    })
  })

  it('cuts a paragraph into sentences', () => {
    const text = '床前明月光，疑是地上霜。舉頭望明月，低頭思故鄉。'
    expect(sentenceRanges(text).map((r) => text.slice(r.start, r.end))).toEqual([
      '床前明月光，疑是地上霜。',
      '舉頭望明月，低頭思故鄉。',
    ])
    expect(sentenceRanges('没有句号')).toEqual([{ start: 0, end: 4 }])
  })
})

function bookmark(id: number, serial: number, paragraph: number): Bookmark {
  return { id, booksId: BOOK, serial, paragraph, chapterTitle: '', excerpt: '', createdAt: 1 }
}

function highlight(
  id: number,
  paragraph: number,
  start: number,
  end: number,
  note = '',
): Highlight {
  return {
    id,
    booksId: BOOK,
    booksName: '唐诗三百首',
    booksCoverSheet: '',
    serial: 1,
    chapterTitle: '第1章',
    paragraph,
    start,
    end,
    colour: 'yellow',
    quote: '',
    note,
    postId: null,
    createdAt: id,
    updatedAt: id,
  }
}

function fakeMarks(initial: { bookmarks: Bookmark[]; highlights: Highlight[] }) {
  const calls: string[] = []
  let next = 50
  const api: MarksApi = {
    chapterNotes: async () => initial,
    bookmarkList: async () => initial.bookmarks,
    createBookmark: async (req) => {
      calls.push(`add ${req.serial}/${req.paragraph}`)
      return bookmark(next++, req.serial, req.paragraph)
    },
    deleteBookmark: async (id) => {
      calls.push(`delete ${id}`)
    },
    createHighlight: async (req) => highlight(next++, req.paragraph, req.start, req.end, req.note),
    updateHighlight: async (req) => ({ ...highlight(req.id, 0, 0, 1), note: req.note ?? '' }),
    deleteHighlight: async () => undefined,
  }
  return { marks: new ReaderMarks(BOOK, api), calls }
}

describe('the marks store', () => {
  it('toggles the bookmark at the top paragraph', async () => {
    const { marks, calls } = fakeMarks({ bookmarks: [bookmark(1, 1, 2)], highlights: [] })
    await marks.openChapter(1)
    expect(marks.bookmarkAt(2)?.id).toBe(1)
    expect(await marks.toggleBookmark(2)).toBe('removed')
    expect(marks.bookmarkAt(2)).toBeUndefined()
    expect(await marks.toggleBookmark(0)).toBe('added')
    expect(marks.bookmarkAt(0)).toBeDefined()
    expect(calls).toEqual(['delete 1', 'add 1/0'])
  })

  it('cuts blocks at highlights, across the cut of a long paragraph', async () => {
    const long = '甲'.repeat(10) + '乙'.repeat(10)
    const paragraphs = ['床前明月光，疑是地上霜。', long]
    const blocks = toBlocks(paragraphs, 12)
    const { marks } = fakeMarks({
      bookmarks: [],
      highlights: [highlight(1, 0, 0, 5, '好'), highlight(2, 1, 8, 14)],
    })
    await marks.openChapter(1)
    expect(
      marks.segmentsOf(blocks[0], paragraphs[0]).map((s) => [s.text, s.highlightId, s.noted]),
    ).toEqual([
      ['床前明月光', 1, true],
      ['，疑是地上霜。', undefined, undefined],
    ])
    const [first, second] = blocks.filter((b) => b.paragraph === 1)
    expect(second.start).toBe(first.text.length)
    const joined = [...marks.segmentsOf(first, long), ...marks.segmentsOf(second, long)]
    expect(joined.map((s) => s.text).join('')).toBe(long)
    expect(
      joined
        .filter((s) => s.highlightId === 2)
        .map((s) => s.text)
        .join(''),
    ).toBe(long.slice(8, 14))
    // A new highlight over part of another wins where they overlap.
    await marks.createHighlight({ paragraph: 0, start: 3, end: 8 }, 'green')
    const after = marks.segmentsOf(blocks[0], paragraphs[0])
    expect(after.map((s) => s.text)).toEqual(['床前明', '月光，疑是', '地上霜。'])
    expect(after[0].highlightId).toBe(1)
  })
})
