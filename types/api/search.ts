/**
 * The search contract (issue 13): one search over the listed books' titles, authors and the full
 * text of every chapter. Query and texts are folded to simplified Chinese and lower case on the
 * server, so a simplified query finds a traditional text and back; a match is the whole query as
 * one phrase. Offsets count characters (code points), as every text length of the API does.
 */
import { SEARCH_KEYWORD_MISSING } from '@rules/search'
import { BookSummary, KEYWORD_MAX_CHARS, KEYWORD_TOO_LONG } from './books'
import {
  call,
  OneOf,
  PageOf,
  Paging,
  Required,
  Type,
  type CallInput,
  type Static,
} from './contract'

export { KEYWORD_MAX_CHARS, KEYWORD_TOO_LONG }
export { SEARCH_KEYWORD_MISSING as KEYWORD_MISSING } from '@rules/search'
export const SEARCH_TYPE_INVALID = '搜索范围不正确'
/** Longest keyword read before the rules count its characters (they give KEYWORD_TOO_LONG). */
export const KEYWORD_READ_MAX = 200
/** Book hits answered with the first page. */
export const SEARCH_BOOKS_MAX = 10

/** 'all': books and passages; 'book': title and author hits only; 'text': passages only. */
export const SEARCH_TYPES = ['all', 'book', 'text'] as const
export type SearchType = (typeof SEARCH_TYPES)[number]

/** A matched place in `text`: characters `start` (inclusive) to `end` (exclusive). */
export const SearchMark = Type.Object({ start: Type.Integer(), end: Type.Integer() })
export type SearchMark = Static<typeof SearchMark>

/** A paragraph of a chapter, or a chapter's title, that holds the query. */
export const Passage = Type.Object({
  booksId: Type.Integer(),
  booksName: Type.String(),
  booksAuthor: Type.String(),
  booksCoverSheet: Type.String(),
  serial: Type.Integer(),
  chapterTitle: Type.String(),
  /** 0-based paragraph of the chapter (the reader opens there; 0 for a title hit). */
  paragraph: Type.Integer(),
  /** The chapter's title holds the query (`text` is the title). */
  title: Type.Boolean(),
  /**
   * The paragraph (or the title), or, when it is long, about 80 characters of it around the first
   * match with '…' at each cut end.
   */
  text: Type.String(),
  /** Every occurrence of the query in `text`, in order, in the original characters. */
  marks: Type.Array(SearchMark),
})
export type Passage = Static<typeof Passage>

export const SearchRes = Type.Object({
  /** Books whose title or author holds the query: on page 1 only, at most 10, catalogue order. */
  books: Type.Array(BookSummary),
  passages: PageOf(Passage),
})
export type SearchRes = Static<typeof SearchRes>

export const searchApi = {
  search: call({
    summary:
      "Searches the listed books: `keyword` (trimmed, 1..50 characters: blank 400 '请输入搜索词', longer 400 '搜索词不能超过50字') is folded to simplified Chinese and lower case, as the texts are, and matched as one phrase. `books`: title or author hits, page 1 only, at most 10, recommended first by rank, then by id. `passages`: the chapter titles and paragraphs holding it, by book in the same order, then chapter serial, the title before the paragraphs; pages of 1..50 (default 10). Each passage shows the paragraph, or about 80 characters around its first match with '…' at cut ends, with `marks` at every occurrence (character offsets in `text`). `type`: 'all' (default), 'book' (no passages) or 'text' (no books).",
    auth: false,
    rest: { method: 'GET', path: '/api/search/findBooksSearchAppList' },
    query: { method: 'GET', name: 'App.BookInfo.Search' },
    input: Type.Object({
      keyword: Required(SEARCH_KEYWORD_MISSING, KEYWORD_READ_MAX),
      type: Type.Optional(OneOf(SEARCH_TYPES, SEARCH_TYPE_INVALID)),
      ...Paging,
    }),
    answer: SearchRes,
  }),
}

export type SearchReq = CallInput<typeof searchApi.search>
