/**
 * The books calls (app-spec section 7: Books and collections), one function each, sent through the
 * refs generated from their declarations in types/api/books.ts. Public reads go with the token when
 * there is one, so the server can answer the reader's own state (collected, progress).
 */
import * as booksCalls from '@/types/api/calls/books.gen'
import type {
  BookCategory,
  BookcaseItem,
  BookDetail,
  BookListReq,
  BookPerUserRes,
  BookSummary,
  ChapterDetail,
  ChapterSummary,
  CollectedBook,
  CollectionCategory,
  CollectRes,
  OpenReadingRes,
  ReadingProgress,
  Reflection,
  ReflectionListReq,
  SaveProgressReq,
} from '@/types/api/books'
import type { Page } from '@/types/api/envelope'
import { call } from '@/core/request'

// ---- catalogue ------------------------------------------------------------

export const fetchCategories = (): Promise<BookCategory[]> => call(booksCalls.categoryList.rest, {})

export const fetchBooks = (req: BookListReq): Promise<Page<BookSummary>> =>
  call(booksCalls.bookList.rest, req)

export const fetchBookDetail = (id: number): Promise<BookDetail> =>
  call(booksCalls.bookDetail.rest, { id })

export const fetchChapters = (
  booksId: number,
  page = 1,
  pageSize = 500,
): Promise<Page<ChapterSummary>> => call(booksCalls.chapterList.rest, { booksId, page, pageSize })

export const fetchChapter = (booksId: number, serial: number): Promise<ChapterDetail> =>
  call(booksCalls.chapterBySerial.rest, { booksId, serial })

export const turnChapter = (
  booksId: number,
  serial: number,
  direction: 'next' | 'prev',
): Promise<ChapterDetail> => call(booksCalls.chapterTurning.rest, { booksId, serial, direction })

export const openReading = (booksId: number): Promise<OpenReadingRes> =>
  call(booksCalls.openReading.rest, { booksId })

export const fetchMyProgress = (booksId: number): Promise<BookPerUserRes> =>
  call(booksCalls.myProgress.rest, { booksId })

/** Saving the place is background work: a failure is not worth a toast. */
export const saveProgress = (req: SaveProgressReq): Promise<ReadingProgress> =>
  call(booksCalls.saveProgress.rest, req, { silent: true })

/**
 * Puts a book on the bookcase (the books with a place): its first place, `serial`'s paragraph 0. The
 * reader asked for it, so a failure is shown.
 */
export const addToBookcase = (booksId: number, serial: number): Promise<ReadingProgress> =>
  call(booksCalls.saveProgress.rest, { booksId, serial, paragraph: 0 })

// ---- reflections ----------------------------------------------------------

export const fetchReflections = (req: ReflectionListReq): Promise<Page<Reflection>> =>
  call(booksCalls.reflectionList.rest, req)

export const fetchReflection = (id: number): Promise<Reflection> =>
  call(booksCalls.reflectionDetail.rest, { id })

/** With `toFeed` the reflection is posted to the feed (读后感) too. */
export const saveReflection = (
  booksId: number,
  content: string,
  toFeed = false,
): Promise<Reflection> =>
  call(booksCalls.saveReflection.rest, { booksId, content, toFeed: toFeed ? 1 : 0 })

export const deleteReflection = (id: number): Promise<null> =>
  call(booksCalls.deleteReflection.rest, { id })

// ---- collections and bookcase ---------------------------------------------

export const setCollected = (booksId: number, collect: boolean): Promise<CollectRes> =>
  call(booksCalls.setCollected.rest, { booksId, collect: collect ? 1 : 0 })

export const fetchBookcase = (page: number, pageSize = 10): Promise<Page<BookcaseItem>> =>
  call(booksCalls.bookcase.rest, { page, pageSize })

export const fetchCollectionCategories = (): Promise<CollectionCategory[]> =>
  call(booksCalls.collectionCategories.rest, {})

export const fetchCollections = (
  page: number,
  classificationId?: number,
  pageSize = 10,
): Promise<Page<CollectedBook>> =>
  call(booksCalls.collectedBooks.rest, { page, pageSize, classificationId })
