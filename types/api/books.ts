/**
 * The books contract (app-spec section 7: Books, collections, Reading time and ranking, and the
 * home posters). REST calls (/api/books/*, /api/collectionBooks/*, /api/rankingList/*) and the
 * query-style ones (User.BookInfo.*, legacy App.BookInfo.*) answer the same shapes: the legacy calls
 * are the same services on other paths. Field names follow the REST style of the spec (booksName,
 * booksCoverSheet). Times are unix seconds; lists are `Page<T>` in a stable order.
 */

// ---- catalogue ------------------------------------------------------------

/** GET /api/books/findBooksClassificationAppList (public): every category, in display order. */
export interface BookCategory {
  id: number
  name: string
  /** How many listed books the category has. */
  bookCount: number
}

/** A book in a list. `booksCoverSheet` may be '' (the app then draws a typographic cover). */
export interface BookSummary {
  id: number
  booksName: string
  booksAuthor: string
  booksCoverSheet: string
  /** One or two sentences for lists. */
  booksBrief: string
  classificationId: number
  classificationName: string
  chapterCount: number
  wordCount: number
  /** Every chapter has audio: the book offers listen mode. */
  hasAudio: boolean
  recommended: boolean
}

/**
 * GET /api/books/findBooksInfoAppList and GET App.BookInfo.BookList (public). Recommended first by
 * their rank, then by id. `keyword` matches title or author.
 */
export interface BookListReq {
  page?: number
  /** 1..50, default 10. */
  pageSize?: number
  classificationId?: number
  keyword?: string
  /** 1: only recommended books. */
  recommend?: 0 | 1
}

/** Where a reader stands in a book. `paragraph` is the 0-based paragraph of the chapter. */
export interface ReadingProgress {
  booksId: number
  serial: number
  chapterTitle: string
  paragraph: number
  /** Listen mode's position in the chapter's audio, seconds. */
  audioSeconds: number
  /** 0..100 through the book. */
  percent: number
  updatedAt: number
}

/**
 * GET /api/books/findBooksInfoAppDetail (public; `id`) and POST App.BookInfo.GetBookDetail.
 * `collected` and `progress` are the caller's (false / null for a guest).
 */
export interface BookDetail extends BookSummary {
  booksIntro: string
  /** People who have opened the book. */
  readerCount: number
  collected: boolean
  progress: ReadingProgress | null
}

export interface ChapterSummary {
  id: number
  serial: number
  title: string
  wordCount: number
  /** Seconds of audio; 0 when the chapter has none. */
  audioSeconds: number
}

/** GET /api/books/findBooksChapterApp (public): a book's chapters by serial. */
export interface ChapterListReq {
  booksId: number
  page?: number
  /** 1..500, default 100. */
  pageSize?: number
}

/** A chapter to read. `paragraphs` are the chapter's text, in order. */
export interface ChapterDetail extends ChapterSummary {
  booksId: number
  booksName: string
  chapterCount: number
  paragraphs: string[]
  /** URL path of the chapter's audio, or '' when it has none. */
  audioUrl: string
  prevSerial: number | null
  nextSerial: number | null
}

/** GET /api/books/findChapterByChapterSerialDetails (public). */
export interface ChapterBySerialReq {
  booksId: number
  serial: number
}

/**
 * GET /api/books/findBooksChapterTurning (public): the chapter after or before `serial`;
 * 404 '已经是最后一章' / '已经是第一章' at the ends.
 */
export interface ChapterTurningReq {
  booksId: number
  serial: number
  direction: 'next' | 'prev'
}

/**
 * GET /api/books/findBooksMagazineOpenReading (public; `booksId`): where to open the book, the
 * caller's saved place or the first chapter, with that chapter.
 */
export interface OpenReadingRes {
  progress: ReadingProgress | null
  chapter: ChapterDetail
}

/** GET /api/books/findBooksInfoPerUser (login; `booksId`): the caller's place, or null. */
export type BookPerUserRes = ReadingProgress | null

/**
 * POST /api/books/createBooksInfoReading and App.BookInfo.CreateReadingProgress (login): save the
 * caller's place. The reader sends `paragraph`, listen mode `audioSeconds`: at least one of them
 * (else 400 '请提供阅读位置'). In the chapter already saved (same `serial`) an absent field keeps
 * its saved value, so reading and listening do not overwrite each other's place; in another chapter
 * (or on the first save) an absent field is 0. `paragraph` must lie in the chapter (else 400
 * '段落位置不正确'); `audioSeconds` ≥ 0, fractions cut, past the chapter's audio its end.
 */
export interface SaveProgressReq {
  booksId: number
  serial: number
  /** 0-based paragraph of the chapter (reading). */
  paragraph?: number
  /** Seconds into the chapter's audio (listening). */
  audioSeconds?: number
}

// ---- reflections (读后感) --------------------------------------------------

export interface Reflection {
  id: number
  booksId: number
  booksName: string
  booksCoverSheet: string
  userId: number
  nickname: string
  avatar: string
  /** Plain text: shown as text, never as HTML. */
  content: string
  createdAt: number
  /** The caller wrote it (may delete it). */
  mine: boolean
}

/**
 * GET /api/books/findReadingTestimonialsAppList: a book's reflections (`booksId`, public) or the
 * caller's own (`mine=1`, login), newest first.
 */
export interface ReflectionListReq {
  booksId?: number
  mine?: 0 | 1
  page?: number
  pageSize?: number
}

/** GET /api/books/findReadingTestimonialsAppDetail (public; `id`). */
export interface ReflectionDetailReq {
  id: number
}

/**
 * POST /api/books/saveReadingTestimonialsApp (login). `content` 1..Limits.reflectionMaxChars (1000) after
 * trimming, refused with a message when it holds blocked words or fails moderation.
 */
export interface SaveReflectionReq {
  booksId: number
  content: string
}

/** DELETE /api/books/delReadingTestimonialsApp?id= (login; only the author: 403 otherwise). */
export interface DeleteReflectionReq {
  id: number
}

// ---- collections and bookcase ---------------------------------------------

/** POST /api/collectionBooks/createCollectionBooksApp (login): collect (1) or uncollect (0). */
export interface CollectReq {
  booksId: number
  collect: 0 | 1
}
export interface CollectRes {
  collected: boolean
}

/** GET /api/collectionBooks/findReadingBooksApp (login): the bookcase, most recently read first. */
export interface BookcaseItem extends BookSummary {
  progress: ReadingProgress
}

/** GET /api/collectionBooks/findCollectionBooksClassificationAppList (login). */
export interface CollectionCategory {
  classificationId: number
  classificationName: string
  count: number
}

/**
 * GET /api/collectionBooks/findCollectionBooksAppList (login; page, pageSize, classificationId?):
 * newest collection first.
 */
export interface CollectedBook extends BookSummary {
  collectedAt: number
}
