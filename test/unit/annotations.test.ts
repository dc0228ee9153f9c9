import {
  AnnotationLimits,
  HIGHLIGHT_COLOURS,
  HIGHLIGHT_COLOUR_INFO,
  isHighlightColour,
  isValidRange,
  noteError,
  NOTE_TOO_LONG,
  shareContent,
} from '@rules/annotations'
import { toBlocks } from '@/features/books/blocks'
import {
  highlightSegments,
  type HighlightSegment,
  type PaintedHighlight,
} from '@/features/annotations/highlightSegments'

const TEXT = '学而时习之，不亦说乎？有朋自远方来，不亦乐乎？'
const all = { start: 0, end: TEXT.length }

const h = (
  id: number,
  start: number,
  end: number,
  more: Partial<PaintedHighlight> = {},
): PaintedHighlight => ({ id, start, end, colour: 'yellow', ...more })

const texts = (segments: HighlightSegment[]) => segments.map((s) => s.text)
const owners = (segments: HighlightSegment[]) => segments.map((s) => s.highlightId ?? 0)

describe('highlightSegments', () => {
  test('no highlights: the block as one plain segment', () => {
    expect(highlightSegments(TEXT, all, [])).toEqual([{ text: TEXT }])
    expect(highlightSegments(TEXT, { start: 6, end: 11 }, [])).toEqual([{ text: '不亦说乎？' }])
  })

  test('one highlight in the middle cuts the block in three', () => {
    const out = highlightSegments(TEXT, all, [h(1, 2, 5, { colour: 'green' })])
    expect(out).toEqual([
      { text: '学而' },
      { text: '时习之', highlightId: 1, colour: 'green' },
      { text: TEXT.slice(5) },
    ])
  })

  test('a highlight at the edges and over the whole block', () => {
    expect(owners(highlightSegments(TEXT, all, [h(1, 0, 3)]))).toEqual([1, 0])
    expect(owners(highlightSegments(TEXT, all, [h(1, 20, TEXT.length)]))).toEqual([0, 1])
    expect(highlightSegments(TEXT, all, [h(1, 0, TEXT.length)])).toEqual([
      { text: TEXT, highlightId: 1, colour: 'yellow' },
    ])
  })

  test('a block paints only its part of a highlight that spans blocks', () => {
    const highlight = h(7, 8, 15, { note: '想法' })
    // The block [6, 11): the highlight covers 8..11 of it.
    const first = highlightSegments(TEXT, { start: 6, end: 11 }, [highlight])
    expect(first).toEqual([{ text: '不亦' }, { text: '说乎？', highlightId: 7, colour: 'yellow' }])
    // The block [11, 23): 11..15, and the note is marked where the highlight ends.
    const second = highlightSegments(TEXT, { start: 11, end: TEXT.length }, [highlight])
    expect(second[0]).toEqual({ text: '有朋自远', highlightId: 7, colour: 'yellow', noted: true })
    expect(texts(second).join('')).toBe(TEXT.slice(11))
  })

  test('highlights outside the block are ignored', () => {
    expect(highlightSegments(TEXT, { start: 11, end: 17 }, [h(1, 0, 5), h(2, 17, 20)])).toEqual([
      { text: '有朋自远方来' },
    ])
  })

  test('overlaps: the later highlight wins where they meet, the earlier keeps the rest', () => {
    const older = h(1, 0, 8, { updatedAt: 100, colour: 'blue' })
    const newer = h(2, 5, 11, { updatedAt: 200, colour: 'pink' })
    const out = highlightSegments(TEXT, all, [newer, older])
    expect(texts(out)).toEqual([TEXT.slice(0, 5), TEXT.slice(5, 11), TEXT.slice(11)])
    expect(owners(out)).toEqual([1, 2, 0])
    expect(out[1].colour).toBe('pink')

    // Written later but given first: the order of the list does not matter.
    const edited = { ...older, updatedAt: 300 }
    expect(owners(highlightSegments(TEXT, all, [newer, edited]))).toEqual([1, 2, 0])
    expect(texts(highlightSegments(TEXT, all, [newer, edited]))).toEqual([
      TEXT.slice(0, 8),
      TEXT.slice(8, 11),
      TEXT.slice(11),
    ])
  })

  test('a later highlight inside an earlier one splits it; the same time goes by id', () => {
    const out = highlightSegments(TEXT, all, [h(3, 0, 11), h(4, 2, 5)])
    expect(owners(out)).toEqual([3, 4, 3, 0])
    expect(texts(out)).toEqual(['学而', '时习之', '，不亦说乎？', TEXT.slice(11)])
  })

  test('neighbouring highlights stay apart; the same highlight is one segment', () => {
    const out = highlightSegments(TEXT, all, [h(1, 0, 3), h(2, 3, 6)])
    expect(owners(out)).toEqual([1, 2, 0])
  })

  test('the segments always spell the block, whatever the highlights', () => {
    const blocks = toBlocks([TEXT.repeat(40)], 120)
    const paragraph = TEXT.repeat(40)
    const marks = [h(1, 5, 300), h(2, 100, 130, { updatedAt: 5 }), h(3, 250, 700), h(4, 0, 1)]
    for (const block of blocks) {
      const range = { start: block.start, end: block.start + block.text.length }
      const out = highlightSegments(paragraph, range, marks)
      expect(texts(out).join('')).toBe(block.text)
      expect(out.every((s) => s.text.length > 0)).toBe(true)
    }
  })

  test('a block range past the paragraph is clipped; an empty one has no segments', () => {
    expect(texts(highlightSegments(TEXT, { start: 20, end: 99 }, []))).toEqual([TEXT.slice(20)])
    expect(highlightSegments(TEXT, { start: 5, end: 5 }, [h(1, 0, 9)])).toEqual([])
    expect(highlightSegments('', { start: 0, end: 10 }, [])).toEqual([])
  })
})

describe('the shared annotation rules', () => {
  test('every colour has a name and a paint', () => {
    for (const colour of HIGHLIGHT_COLOURS) {
      expect(HIGHLIGHT_COLOUR_INFO[colour].name).toMatch(/色$/)
      expect(HIGHLIGHT_COLOUR_INFO[colour].css).toMatch(/^#[0-9a-f]{6}$/)
      expect(isHighlightColour(colour)).toBe(true)
    }
    expect(isHighlightColour('red')).toBe(false)
  })

  test('ranges: 0 ≤ start < end ≤ length, no character cut in two', () => {
    expect(isValidRange(TEXT, 0, TEXT.length)).toBe(true)
    expect(isValidRange(TEXT, 3, 3)).toBe(false)
    expect(isValidRange(TEXT, 4, 3)).toBe(false)
    expect(isValidRange(TEXT, -1, 3)).toBe(false)
    expect(isValidRange(TEXT, 0, TEXT.length + 1)).toBe(false)
    expect(isValidRange(TEXT, 0.5, 3)).toBe(false)
    const emoji = '读书😀快乐'
    expect(isValidRange(emoji, 2, 4)).toBe(true)
    expect(isValidRange(emoji, 3, 5)).toBe(false)
    expect(isValidRange(emoji, 0, 3)).toBe(false)
  })

  test('a note is at most 1000 characters after trimming, an emoji counting once', () => {
    expect(noteError(' '.repeat(5) + '好'.repeat(AnnotationLimits.noteMaxChars))).toBeNull()
    expect(noteError('😀'.repeat(AnnotationLimits.noteMaxChars))).toBeNull()
    expect(noteError('好'.repeat(AnnotationLimits.noteMaxChars + 1))).toBe(NOTE_TOO_LONG)
    expect(NOTE_TOO_LONG).toBe('想法不能超过1000字')
  })

  test('a shared note quotes the passage, then the note, the words and the source', () => {
    expect(
      shareContent({
        quote: '学而时习之',
        note: ' 温故知新 ',
        extra: '',
        booksName: '论语',
        chapterTitle: '学而第一',
      }),
    ).toBe('「学而时习之」\n\n温故知新\n\n——《论语》学而第一')
    const long = shareContent({
      quote: '好'.repeat(400),
      note: '',
      extra: '推荐',
      booksName: '论语',
      chapterTitle: '',
    })
    expect(long).toBe(
      `「${'好'.repeat(AnnotationLimits.shareQuoteMaxChars)}…」\n\n推荐\n\n——《论语》`,
    )
  })
})
