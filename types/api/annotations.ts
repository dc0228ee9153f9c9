/**
 * The annotations contract (issue 13; the spec names no calls for them, so the paths follow the
 * house style under /api/booksNotes): bookmarks (书签) at a chapter's paragraph, and highlights
 * (划线) over characters of one paragraph with a colour and an optional note (想法), which may be
 * shared to the feed as a reading report. Every call is the caller's own: nobody reads, changes or
 * deletes another reader's rows (another reader's id answers 404, as a missing one).
 *
 * Places: `serial` is the chapter's serial (1-based), `paragraph` the 0-based paragraph of the
 * chapter, `[start, end)` character offsets in that paragraph's text (JavaScript string offsets,
 * see rules/annotations.ts). Times are unix seconds.
 */
import {
  AnnotationLimits,
  BOOKMARK_NOT_FOUND,
  COLOUR_INVALID,
  HIGHLIGHT_COLOURS,
  HIGHLIGHT_NOT_FOUND,
  NOTE_TOO_LONG,
  RANGE_INVALID,
  SHARE_TEXT_TOO_LONG,
} from '@rules/annotations'
import {
  call,
  Clearable,
  Id,
  NoData,
  NoInput,
  OneOf,
  PageOf,
  Paging,
  Text,
  Type,
  type CallInput,
  type Static,
} from './contract'
import { BOOK_NOT_FOUND, CHAPTER_NOT_FOUND, PARAGRAPH_INVALID } from './books'
import { Post } from './feed'

export {
  BOOK_NOT_FOUND,
  BOOKMARK_NOT_FOUND,
  CHAPTER_NOT_FOUND,
  COLOUR_INVALID,
  HIGHLIGHT_NOT_FOUND,
  NOTE_TOO_LONG,
  PARAGRAPH_INVALID,
  RANGE_INVALID,
  SHARE_TEXT_TOO_LONG,
}

/** Longest note read before the rules count its characters (they give the message). */
export const NOTE_READ_MAX = AnnotationLimits.noteMaxChars * 4
export const SHARE_TEXT_READ_MAX = AnnotationLimits.shareTextMaxChars * 4

const colour = () => OneOf(HIGHLIGHT_COLOURS, COLOUR_INVALID)

/** A bookmark: a paragraph of a chapter. */
export const Bookmark = Type.Object({
  id: Type.Integer(),
  booksId: Type.Integer(),
  serial: Type.Integer(),
  paragraph: Type.Integer(),
  chapterTitle: Type.String(),
  /** The first 40 characters of the paragraph when it was marked. */
  excerpt: Type.String(),
  createdAt: Type.Integer(),
})
export type Bookmark = Static<typeof Bookmark>

/** A highlight (划线) with its note (想法, '' when none), and the book and chapter it lies in. */
export const Highlight = Type.Object({
  id: Type.Integer(),
  booksId: Type.Integer(),
  booksName: Type.String(),
  /** May be '' (the app then draws a typographic cover). */
  booksCoverSheet: Type.String(),
  serial: Type.Integer(),
  chapterTitle: Type.String(),
  paragraph: Type.Integer(),
  start: Type.Integer(),
  end: Type.Integer(),
  colour: colour(),
  /** The passage as it was when marked (the server's text, never the client's). */
  quote: Type.String(),
  /** Plain text, '' when none. */
  note: Type.String(),
  /** The feed post it was shared as, or null. */
  postId: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
})
export type Highlight = Static<typeof Highlight>

/** What the reader paints on one chapter: my bookmarks and highlights in it, in text order. */
export const ChapterNotes = Type.Object({
  bookmarks: Type.Array(Bookmark),
  highlights: Type.Array(Highlight),
})
export type ChapterNotes = Static<typeof ChapterNotes>

export const HighlightCount = Type.Object({
  /** All my highlights (with or without a note), in listed books. */
  highlights: Type.Integer(),
  /** Those of them with a note. */
  notes: Type.Integer(),
})
export type HighlightCount = Static<typeof HighlightCount>

// ---- input pieces ---------------------------------------------------------

const bookId = { booksId: Id(BOOK_NOT_FOUND) }
const chapterAt = { ...bookId, serial: Id(CHAPTER_NOT_FOUND) }
const placeAt = {
  ...chapterAt,
  paragraph: Type.Integer({ minimum: 0, maximum: 999_999_999, 'x-error': PARAGRAPH_INVALID }),
}
const offset = () => Type.Integer({ minimum: 0, maximum: 999_999_999, 'x-error': RANGE_INVALID })

export const annotationsApi = {
  chapterNotes: call({
    summary:
      "The caller's bookmarks and highlights in one chapter (for the reader to paint), each list in text order (paragraph, then start); 404 when the book is not listed.",
    auth: true,
    rest: { method: 'GET', path: '/api/booksNotes/findChapterNotes' },
    input: Type.Object(chapterAt),
    answer: ChapterNotes,
  }),

  // ---- bookmarks ----
  bookmarkList: call({
    summary:
      "The caller's bookmarks in one book, ordered by chapter serial, then paragraph (the reader's catalogue drawer).",
    auth: true,
    rest: { method: 'GET', path: '/api/booksNotes/findBookmarkList' },
    input: Type.Object(bookId),
    answer: Type.Array(Bookmark),
  }),
  createBookmark: call({
    summary:
      "Bookmarks a paragraph. The chapter and paragraph must exist (400 '章节不存在' / '段落位置不正确'); the excerpt is the paragraph's first 40 characters. A place already bookmarked answers its bookmark (no duplicate). At most 60 new bookmarks a minute.",
    auth: true,
    rest: { method: 'POST', path: '/api/booksNotes/createBookmark' },
    input: Type.Object(placeAt),
    answer: Bookmark,
  }),
  deleteBookmark: call({
    summary:
      "Deletes one of the caller's bookmarks; anyone else's, or a missing one, answers 404 '书签不存在'.",
    auth: true,
    rest: { method: 'DELETE', path: '/api/booksNotes/delBookmark' },
    input: Type.Object({ id: Id(BOOKMARK_NOT_FOUND) }),
    answer: NoData,
  }),

  // ---- highlights and notes ----
  highlightList: call({
    summary:
      "The caller's highlights and notes. With `booksId`: that book's, in text order (serial, paragraph, start); without: across listed books, most recently written first. Pages of 1..100 (default 20).",
    auth: true,
    rest: { method: 'GET', path: '/api/booksNotes/findHighlightList' },
    input: Type.Object({ booksId: Type.Optional(Id(BOOK_NOT_FOUND)), ...Paging }),
    answer: PageOf(Highlight),
  }),
  highlightCount: call({
    summary:
      'How many highlights the caller has in listed books, and how many of them carry a note.',
    auth: true,
    rest: { method: 'GET', path: '/api/booksNotes/findHighlightCount' },
    input: NoInput,
    answer: HighlightCount,
  }),
  createHighlight: call({
    summary:
      "Highlights characters [start, end) of a paragraph in one of the colours (400 '颜色不正确'). 0 ≤ start < end ≤ the paragraph's length, else 400 '划线位置不正确'; the chapter and paragraph must exist (400 '章节不存在' / '段落位置不正确'). The quote is taken from the stored text. `note` at most 1000 characters after trimming (400 '想法不能超过1000字'), blocked words refused. At most 30 highlight writes a minute.",
    auth: true,
    rest: { method: 'POST', path: '/api/booksNotes/createHighlight' },
    input: Type.Object({
      ...placeAt,
      start: offset(),
      end: offset(),
      colour: colour(),
      note: Type.Optional(Text(NOTE_READ_MAX)),
    }),
    answer: Highlight,
  }),
  updateHighlight: call({
    summary:
      "Changes the colour and/or the note of one of the caller's highlights (`note` sent empty clears it; at most 1000 characters after trimming, blocked words refused); anyone else's answers 404 '划线不存在'.",
    auth: true,
    rest: { method: 'POST', path: '/api/booksNotes/updateHighlight' },
    input: Type.Object({
      id: Id(HIGHLIGHT_NOT_FOUND),
      colour: Type.Optional(colour()),
      note: Type.Optional(Clearable(NOTE_READ_MAX)),
    }),
    answer: Highlight,
  }),
  deleteHighlight: call({
    summary:
      "Deletes one of the caller's highlights with its note (a post it was shared as stays); anyone else's answers 404 '划线不存在'.",
    auth: true,
    rest: { method: 'DELETE', path: '/api/booksNotes/delHighlight' },
    input: Type.Object({ id: Id(HIGHLIGHT_NOT_FOUND) }),
    answer: NoData,
  }),
  shareHighlight: call({
    summary:
      "Shares one of the caller's highlights to the feed as a reading report: a post quoting the passage (「…」, at most 300 characters), the note, the optional `content` (at most 500 characters) and ——《book》chapter, under the feed's rules (blocked words, post rate). Sharing again answers the same post while it lives; anyone else's highlight answers 404 '划线不存在'.",
    auth: true,
    rest: { method: 'POST', path: '/api/booksNotes/shareHighlight' },
    input: Type.Object({
      id: Id(HIGHLIGHT_NOT_FOUND),
      content: Type.Optional(Text(SHARE_TEXT_READ_MAX)),
    }),
    answer: Post,
  }),
}

export type HighlightListReq = CallInput<typeof annotationsApi.highlightList>
export type CreateBookmarkReq = CallInput<typeof annotationsApi.createBookmark>
export type CreateHighlightReq = CallInput<typeof annotationsApi.createHighlight>
export type UpdateHighlightReq = CallInput<typeof annotationsApi.updateHighlight>
export type ShareHighlightReq = CallInput<typeof annotationsApi.shareHighlight>
