/**
 * Bookmarks, highlights (划线) and notes (想法): the rules the app and the server share. Pure.
 *
 * Places: `serial` is the chapter's 1-based serial, `paragraph` the 0-based paragraph of the
 * chapter, and a highlight covers `[start, end)` of that paragraph's text in JavaScript string
 * offsets (UTF-16 units, as `String.prototype.slice` and the reader's blocks count them).
 */
import { textLength } from './validate'

/** The highlight colours, in the order the reader offers them. */
export const HIGHLIGHT_COLOURS = ['yellow', 'green', 'blue', 'pink', 'purple'] as const
export type HighlightColour = (typeof HIGHLIGHT_COLOURS)[number]

/** What each colour is called, and how the app paints it (a mark under or behind the text). */
export const HIGHLIGHT_COLOUR_INFO: Record<HighlightColour, { name: string; css: string }> = {
  yellow: { name: '黄色', css: '#f7d774' },
  green: { name: '绿色', css: '#a8d8a0' },
  blue: { name: '蓝色', css: '#9cc7ef' },
  pink: { name: '粉色', css: '#f3a9c0' },
  purple: { name: '紫色', css: '#c7b0ea' },
}

export const DEFAULT_HIGHLIGHT_COLOUR: HighlightColour = 'yellow'

export const isHighlightColour = (value: string): value is HighlightColour =>
  (HIGHLIGHT_COLOURS as readonly string[]).includes(value)

export const AnnotationLimits = {
  /** A note (想法) after trimming, in characters (code points, as every text length). */
  noteMaxChars: 1000,
  /** The words a reader adds when sharing a note to the feed. */
  shareTextMaxChars: 500,
  /** How much of the passage a shared post quotes (longer passages end in '…'). */
  shareQuoteMaxChars: 300,
  /** A bookmark's excerpt: the start of its paragraph. */
  excerptChars: 40,
} as const

/** Per-reader write rates (the server counts the reader's own rows in the window). */
export const AnnotationRates = {
  /** New highlights and edits of them (each row counts once, at its last write). */
  highlight: { max: 30, windowMs: 60_000, message: '操作太频繁，请稍后再试' },
  /** New bookmarks. */
  bookmark: { max: 60, windowMs: 60_000, message: '操作太频繁，请稍后再试' },
} as const

export const HIGHLIGHT_NOT_FOUND = '划线不存在'
export const BOOKMARK_NOT_FOUND = '书签不存在'
export const RANGE_INVALID = '划线位置不正确'
export const COLOUR_INVALID = '颜色不正确'
export const NOTE_TOO_LONG = `想法不能超过${AnnotationLimits.noteMaxChars}字`
export const SHARE_TEXT_TOO_LONG = `分享的话不能超过${AnnotationLimits.shareTextMaxChars}字`

/** The note's error text, or null when it may be saved (it is trimmed first). */
export const noteError = (note: string): string | null =>
  textLength(note.trim()) > AnnotationLimits.noteMaxChars ? NOTE_TOO_LONG : null

/** A high surrogate at `i - 1` and a low one at `i`: an offset that would split a character. */
function splitsCharacter(text: string, i: number): boolean {
  if (i <= 0 || i >= text.length) return false
  const before = text.charCodeAt(i - 1)
  const at = text.charCodeAt(i)
  return before >= 0xd800 && before <= 0xdbff && at >= 0xdc00 && at <= 0xdfff
}

/**
 * Whether `[start, end)` is a highlight range of `text`: integers with 0 ≤ start < end ≤ length,
 * cutting no character in two.
 */
export function isValidRange(text: string, start: number, end: number): boolean {
  return (
    Number.isInteger(start) &&
    Number.isInteger(end) &&
    start >= 0 &&
    start < end &&
    end <= text.length &&
    !splitsCharacter(text, start) &&
    !splitsCharacter(text, end)
  )
}

/** At most `max` characters of `text`, ending in '…' when cut. */
export function shorten(text: string, max: number): string {
  const chars = [...text]
  return chars.length <= max ? text : `${chars.slice(0, max).join('')}…`
}

/**
 * The text of a note shared to the feed as a reading report: the quoted passage, the note, the
 * reader's extra words and where it comes from (each part left out when empty).
 */
export function shareContent(parts: {
  quote: string
  note: string
  extra: string
  booksName: string
  chapterTitle: string
}): string {
  const source = parts.chapterTitle
    ? `——《${parts.booksName}》${parts.chapterTitle}`
    : `——《${parts.booksName}》`
  return [
    `「${shorten(parts.quote, AnnotationLimits.shareQuoteMaxChars)}」`,
    parts.note.trim(),
    parts.extra.trim(),
    source,
  ]
    .filter((part) => part !== '')
    .join('\n\n')
}
