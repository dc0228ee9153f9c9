/**
 * The books contract (app-spec section 7: Books and collections). REST calls (/api/books/*,
 * /api/collectionBooks/*) and the query-style ones (legacy App.BookInfo.*) answer the same shapes:
 * the legacy calls are the same services on other paths. Field names follow the REST style of the
 * spec (booksName, booksCoverSheet). Times are unix seconds; lists are pages in a stable order.
 */
import {
  call,
  Flag,
  Id,
  NoData,
  NoInput,
  OneOf,
  PageOf,
  Paging,
  Text,
  Trimmed,
  Type,
  type CallInput,
  type Static,
} from './contract'

export const BOOK_NOT_FOUND = '书籍不存在'
export const CHAPTER_NOT_FOUND = '章节不存在'
export const CATEGORY_NOT_FOUND = '分类不存在'
export const REFLECTION_NOT_FOUND = '书评不存在'
export const PARAGRAPH_INVALID = '段落位置不正确'
export const AUDIO_POSITION_INVALID = '音频位置不正确'
export {
  SEARCH_KEYWORD_MAX_CHARS as KEYWORD_MAX_CHARS,
  SEARCH_KEYWORD_TOO_LONG as KEYWORD_TOO_LONG,
} from '@rules/search'
/** Longest reflection text accepted before the rules count characters (they give the message). */
export const RAW_TEXT_MAX = 20_000

// ---- catalogue ------------------------------------------------------------

export const BookCategory = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** How many listed books the category has. */
  bookCount: Type.Integer(),
})
export type BookCategory = Static<typeof BookCategory>

const summaryFields = {
  id: Type.Integer(),
  booksName: Type.String(),
  booksAuthor: Type.String(),
  booksCoverSheet: Type.String(),
  /** One or two sentences for lists. */
  booksBrief: Type.String(),
  classificationId: Type.Integer(),
  classificationName: Type.String(),
  chapterCount: Type.Integer(),
  wordCount: Type.Integer(),
  /** Every chapter has audio: the book offers listen mode. */
  hasAudio: Type.Boolean(),
  recommended: Type.Boolean(),
}
/** A book in a list. `booksCoverSheet` may be '' (the app then draws a typographic cover). */
export const BookSummary = Type.Object(summaryFields)
export type BookSummary = Static<typeof BookSummary>

/** Where a reader stands in a book. `paragraph` is the 0-based paragraph of the chapter. */
export const ReadingProgress = Type.Object({
  booksId: Type.Integer(),
  serial: Type.Integer(),
  chapterTitle: Type.String(),
  paragraph: Type.Integer(),
  /** Listen mode's position in the chapter's audio, seconds. */
  audioSeconds: Type.Integer(),
  /** 0..100 through the book, one decimal. */
  percent: Type.Number(),
  updatedAt: Type.Integer(),
})
export type ReadingProgress = Static<typeof ReadingProgress>

/** The caller's place in a book, or null. */
export const BookPerUserRes = Type.Union([ReadingProgress, Type.Null()])
export type BookPerUserRes = Static<typeof BookPerUserRes>

/** `collected` and `progress` are the caller's (false / null for a guest). */
export const BookDetail = Type.Object({
  ...summaryFields,
  booksIntro: Type.String(),
  /** People who have opened the book. */
  readerCount: Type.Integer(),
  collected: Type.Boolean(),
  progress: BookPerUserRes,
})
export type BookDetail = Static<typeof BookDetail>

const chapterFields = {
  id: Type.Integer(),
  serial: Type.Integer(),
  title: Type.String(),
  wordCount: Type.Integer(),
  /** Seconds of audio; 0 when the chapter has none. */
  audioSeconds: Type.Integer(),
}
export const ChapterSummary = Type.Object(chapterFields)
export type ChapterSummary = Static<typeof ChapterSummary>

/** A chapter to read. `paragraphs` are the chapter's text, in order. */
export const ChapterDetail = Type.Object({
  ...chapterFields,
  booksId: Type.Integer(),
  booksName: Type.String(),
  chapterCount: Type.Integer(),
  paragraphs: Type.Array(Type.String()),
  /** URL path of the chapter's audio, or '' when it has none. */
  audioUrl: Type.String(),
  prevSerial: Type.Union([Type.Integer(), Type.Null()]),
  nextSerial: Type.Union([Type.Integer(), Type.Null()]),
})
export type ChapterDetail = Static<typeof ChapterDetail>

/** Where to open a book: the caller's saved place, or null and the first chapter. */
export const OpenReadingRes = Type.Object({ progress: BookPerUserRes, chapter: ChapterDetail })
export type OpenReadingRes = Static<typeof OpenReadingRes>

// ---- reflections (书评) ----------------------------------------------------

export const Reflection = Type.Object({
  id: Type.Integer(),
  booksId: Type.Integer(),
  booksName: Type.String(),
  booksCoverSheet: Type.String(),
  userId: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.String(),
  /** Plain text: shown as text, never as HTML. */
  content: Type.String(),
  createdAt: Type.Integer(),
  /** The caller wrote it (may delete it). */
  mine: Type.Boolean(),
})
export type Reflection = Static<typeof Reflection>

// ---- collections and bookcase ---------------------------------------------

export const CollectRes = Type.Object({ collected: Type.Boolean() })
export type CollectRes = Static<typeof CollectRes>

/** A book on the bookcase, with the caller's place in it. */
export const BookcaseItem = Type.Object({ ...summaryFields, progress: ReadingProgress })
export type BookcaseItem = Static<typeof BookcaseItem>

export const CollectionCategory = Type.Object({
  classificationId: Type.Integer(),
  classificationName: Type.String(),
  count: Type.Integer(),
})
export type CollectionCategory = Static<typeof CollectionCategory>

export const CollectedBook = Type.Object({ ...summaryFields, collectedAt: Type.Integer() })
export type CollectedBook = Static<typeof CollectedBook>

// ---- input pieces ---------------------------------------------------------

const bookId = { booksId: Id(BOOK_NOT_FOUND) }
const chapterAt = { ...bookId, serial: Id(CHAPTER_NOT_FOUND) }
/** An optional category filter; blank is none, anything else must be an id. */
const categoryFilter = { classificationId: Type.Optional(Id(CATEGORY_NOT_FOUND)) }

export const booksApi = {
  categoryList: call({
    summary: 'Every category, in display order, with how many listed books it has.',
    auth: false,
    rest: { method: 'GET', path: '/api/books/findBooksClassificationAppList' },
    input: NoInput,
    answer: Type.Array(BookCategory),
  }),
  bookList: call({
    summary:
      'Listed books: recommended first by their rank, then by id. `keyword` (at most 50 characters) matches title or author; `recommend=1` only recommended books; pages of 1..50 (default 10).',
    auth: false,
    rest: { method: 'GET', path: '/api/books/findBooksInfoAppList' },
    query: { method: 'GET', name: 'App.BookInfo.BookList' },
    input: Type.Object({
      ...Paging,
      ...categoryFilter,
      keyword: Type.Optional(Trimmed(200)),
      /** 1: only recommended books. */
      recommend: Type.Optional(Flag()),
    }),
    answer: PageOf(BookSummary),
  }),
  bookDetail: call({
    summary: "One book; `collected` and `progress` are the caller's (false / null for a guest).",
    auth: false,
    rest: { method: 'GET', path: '/api/books/findBooksInfoAppDetail' },
    query: { method: 'POST', name: 'App.BookInfo.GetBookDetail' },
    input: Type.Object({ id: Id(BOOK_NOT_FOUND) }),
    answer: BookDetail,
  }),
  chapterList: call({
    summary: "A book's chapters by serial, pages of 1..500 (default 100).",
    auth: false,
    rest: { method: 'GET', path: '/api/books/findBooksChapterApp' },
    input: Type.Object({ ...bookId, ...Paging }),
    answer: PageOf(ChapterSummary),
  }),
  chapterBySerial: call({
    summary: 'A chapter of a book by its serial, with its text, neighbours and audio.',
    auth: false,
    rest: { method: 'GET', path: '/api/books/findChapterByChapterSerialDetails' },
    input: Type.Object(chapterAt),
    answer: ChapterDetail,
  }),
  chapterTurning: call({
    summary:
      "The chapter after or before `serial`; 404 '已经是最后一章' / '已经是第一章' at the ends.",
    auth: false,
    rest: { method: 'GET', path: '/api/books/findBooksChapterTurning' },
    input: Type.Object({ ...chapterAt, direction: OneOf(['next', 'prev'], '翻页方向不正确') }),
    answer: ChapterDetail,
  }),
  openReading: call({
    summary:
      "Where to open the book: the caller's saved place or the first chapter, with that chapter.",
    auth: false,
    rest: { method: 'GET', path: '/api/books/findBooksMagazineOpenReading' },
    input: Type.Object(bookId),
    answer: OpenReadingRes,
  }),
  myProgress: call({
    summary: "The caller's place in a book, or null.",
    auth: true,
    rest: { method: 'GET', path: '/api/books/findBooksInfoPerUser' },
    input: Type.Object(bookId),
    answer: BookPerUserRes,
  }),
  saveProgress: call({
    summary:
      "Saves the caller's place. The reader sends `paragraph`, listen mode `audioSeconds`: at least one of them (else 400 '请提供阅读位置'). In the chapter already saved an absent field keeps its saved value, so reading and listening do not overwrite each other's place; in another chapter (or on the first save) an absent field is 0. `paragraph` must lie in the chapter (else 400 '段落位置不正确'); `audioSeconds` ≥ 0, fractions cut, past the chapter's audio its end.",
    auth: true,
    rest: { method: 'POST', path: '/api/books/createBooksInfoReading' },
    query: { method: 'POST', name: 'App.BookInfo.CreateReadingProgress' },
    input: Type.Object({
      ...chapterAt,
      /** 0-based paragraph of the chapter (reading). */
      paragraph: Type.Optional(
        Type.Integer({ minimum: 0, maximum: 999_999_999, 'x-error': PARAGRAPH_INVALID }),
      ),
      /** Seconds into the chapter's audio (listening); a player's currentTime, fractions allowed. */
      audioSeconds: Type.Optional(
        Type.Number({ minimum: 0, maximum: 1e15, 'x-error': AUDIO_POSITION_INVALID }),
      ),
    }),
    answer: ReadingProgress,
  }),

  reflectionList: call({
    summary:
      "A book's reflections (`booksId`, public) or the caller's own (`mine=1`, login), newest first; pages of 1..50 (default 10).",
    auth: false,
    rest: { method: 'GET', path: '/api/books/findReadingTestimonialsAppList' },
    input: Type.Object({
      booksId: Type.Optional(Id(BOOK_NOT_FOUND)),
      mine: Type.Optional(Flag()),
      ...Paging,
    }),
    answer: PageOf(Reflection),
  }),
  reflectionDetail: call({
    summary: 'One reflection.',
    auth: false,
    rest: { method: 'GET', path: '/api/books/findReadingTestimonialsAppDetail' },
    input: Type.Object({ id: Id(REFLECTION_NOT_FOUND) }),
    answer: Reflection,
  }),
  saveReflection: call({
    summary:
      "A reflection on a book: `content` 1..Limits.reflectionMaxChars (1000) after trimming, refused with a message when it holds blocked words or fails moderation; at most 5 a minute. With `toFeed=1` it is also posted to the feed (as the feed's savePost makes a post, with its rules and rate; refused, neither is kept).",
    auth: true,
    rest: { method: 'POST', path: '/api/books/saveReadingTestimonialsApp' },
    input: Type.Object({
      ...bookId,
      content: Type.Optional(Text(RAW_TEXT_MAX)),
      /** 1: post it to the feed too. */
      toFeed: Type.Optional(Flag()),
    }),
    answer: Reflection,
  }),
  deleteReflection: call({
    summary: 'Deletes a reflection (only its author: 403 otherwise).',
    auth: true,
    rest: { method: 'DELETE', path: '/api/books/delReadingTestimonialsApp' },
    input: Type.Object({ id: Id(REFLECTION_NOT_FOUND) }),
    answer: NoData,
  }),

  setCollected: call({
    summary: 'Collect (1) or uncollect (0) a book.',
    auth: true,
    rest: { method: 'POST', path: '/api/collectionBooks/createCollectionBooksApp' },
    input: Type.Object({ ...bookId, collect: Flag() }),
    answer: CollectRes,
  }),
  bookcase: call({
    summary:
      'The bookcase: the books the caller has a place in, most recently read first; pages of 1..50 (default 10).',
    auth: true,
    rest: { method: 'GET', path: '/api/collectionBooks/findReadingBooksApp' },
    input: Type.Object(Paging),
    answer: PageOf(BookcaseItem),
  }),
  collectionCategories: call({
    summary: "The categories of the caller's collected books, in display order, with counts.",
    auth: true,
    rest: { method: 'GET', path: '/api/collectionBooks/findCollectionBooksClassificationAppList' },
    input: NoInput,
    answer: Type.Array(CollectionCategory),
  }),
  collectedBooks: call({
    summary:
      "The caller's collected books (in one category with `classificationId`), newest collection first; pages of 1..50 (default 10).",
    auth: true,
    rest: { method: 'GET', path: '/api/collectionBooks/findCollectionBooksAppList' },
    input: Type.Object({ ...categoryFilter, ...Paging }),
    answer: PageOf(CollectedBook),
  }),
}

export type BookListReq = CallInput<typeof booksApi.bookList>
export type ChapterTurningReq = CallInput<typeof booksApi.chapterTurning>
export type SaveProgressReq = CallInput<typeof booksApi.saveProgress>
export type ReflectionListReq = CallInput<typeof booksApi.reflectionList>
