/**
 * Folding text for search: traditional characters to simplified (OpenCC's t2cn tables), lower
 * case, every run of whitespace one space, none at the ends. The index and the query are folded
 * the same way, so 靜夜思 finds 静夜思 and back. Server only: the tables never reach the app.
 *
 * Positions here count code points (Array.from), as every text length of the API does.
 */
import * as OpenCC from 'opencc-js/t2cn'

let t2s: ((text: string) => string) | undefined
const folded = new Map<string, string>()

/**
 * One character in simplified form (OpenCC's converter, built on first use; each character's
 * answer kept). Characters are converted alone, never as phrases: a phrase table can fold a
 * character one way inside a word and another way alone (乾隆 stays, 乾 becomes 干), and a query
 * must fold exactly as the text it is looked for in.
 */
function toSimplified(ch: string): string {
  let out = folded.get(ch)
  if (out === undefined) {
    t2s ??= OpenCC.Converter({ from: 't', to: 'cn' })
    out = t2s(ch)
    folded.set(ch, out)
  }
  return out
}

/** Whitespace and control characters: folded to one space between words, none at the ends. */
const SPACE = /^[\s\p{Cc}]$/u

/** Joins a row's grams on their way to the database: folded text never holds it (a control). */
export const GRAM_SEPARATOR = '\u0001'

export interface Folded {
  /** The folded text. */
  text: string
  /** For each code point of `text`, the code point of the original it came from. */
  from: number[]
}

/** Folds `original` character by character and keeps where each folded character came from. */
export function foldMapped(original: string): Folded {
  const converted: string[] = []
  const origin: number[] = []
  Array.from(original).forEach((ch, i) => {
    for (const c of toSimplified(ch)) {
      converted.push(c)
      origin.push(i)
    }
  })
  const out: string[] = []
  const from: number[] = []
  let pendingSpace = -1
  converted.forEach((ch, k) => {
    if (SPACE.test(ch)) {
      if (pendingSpace < 0 && out.length > 0) pendingSpace = origin[k]
      return
    }
    if (pendingSpace >= 0) {
      out.push(' ')
      from.push(pendingSpace)
      pendingSpace = -1
    }
    for (const c of ch.toLowerCase()) {
      out.push(c)
      from.push(origin[k])
    }
  })
  return { text: out.join(''), from }
}

/** The folded text (what `norm` holds and what a query is matched as). */
export const fold = (text: string): string => foldMapped(text).text

/** A text's distinct characters (but the space) and distinct character pairs: its `grams`. */
export function gramsOf(norm: string): string[] {
  const chars = Array.from(norm)
  const grams = new Set<string>()
  chars.forEach((ch, i) => {
    if (ch !== ' ') grams.add(ch)
    if (i + 1 < chars.length) grams.add(ch + chars[i + 1])
  })
  return [...grams]
}

/** At most this many grams of a query go to the index (any of them narrows enough). */
export const QUERY_GRAMS_MAX = 8

/**
 * The grams a folded query's rows must all have: its character pairs (its one character when it
 * has one), at most QUERY_GRAMS_MAX of them spread over the query, first and last included.
 */
export function queryGrams(query: string): string[] {
  const chars = Array.from(query)
  if (chars.length <= 1) return chars
  const pairs = [...new Set(chars.slice(1).map((ch, i) => chars[i] + ch))]
  if (pairs.length <= QUERY_GRAMS_MAX) return pairs
  const step = (pairs.length - 1) / (QUERY_GRAMS_MAX - 1)
  return [
    ...new Set(Array.from({ length: QUERY_GRAMS_MAX }, (_, i) => pairs[Math.round(i * step)])),
  ]
}

export interface Span {
  start: number
  end: number
}

/**
 * Every occurrence of the folded `query` in `original` (left to right, not overlapping), as
 * code-point offsets of the original: `end` is past its last character.
 */
export function findSpans(original: string, query: string): Span[] {
  const q = Array.from(query)
  if (q.length === 0) return []
  const folded = foldMapped(original)
  const chars = Array.from(folded.text)
  const spans: Span[] = []
  for (let i = 0; i + q.length <= chars.length;) {
    let k = 0
    while (k < q.length && chars[i + k] === q[k]) k++
    if (k === q.length) {
      spans.push({ start: folded.from[i], end: folded.from[i + q.length - 1] + 1 })
      i += q.length
    } else {
      i++
    }
  }
  return spans
}

/** A paragraph longer than this is shown as a window of WINDOW characters around its match. */
export const WINDOW = 80
export const ELLIPSIS = '…'

export interface Excerpt {
  text: string
  marks: Span[]
}

/**
 * What a result shows of `paragraph`: all of it, or when it is longer than WINDOW a window of
 * WINDOW characters around the first match with '…' at each cut end; `marks` are the matches
 * inside it, as offsets of the shown text.
 */
export function excerpt(paragraph: string, query: string): Excerpt {
  const spans = findSpans(paragraph, query)
  const chars = Array.from(paragraph)
  if (chars.length <= WINDOW) return { text: paragraph, marks: spans }
  const first = spans[0] ?? { start: 0, end: 0 }
  const length = first.end - first.start
  let start = Math.max(0, first.start - Math.floor(Math.max(0, WINDOW - length) / 2))
  const end = Math.min(chars.length, Math.max(start + WINDOW, first.end))
  start = Math.max(0, Math.min(start, end - WINDOW))
  const lead = start > 0 ? ELLIPSIS : ''
  const tail = end < chars.length ? ELLIPSIS : ''
  const shift = lead.length - start
  return {
    text: lead + chars.slice(start, end).join('') + tail,
    marks: spans
      .filter((s) => s.start >= start && s.end <= end)
      .map((s) => ({ start: s.start + shift, end: s.end + shift })),
  }
}
