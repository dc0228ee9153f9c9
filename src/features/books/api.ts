/**
 * The books calls (app-spec section 7: Books, collections, Reading time and ranking, posters), one
 * function each, typed by types/api/books.ts. Public reads go with the token when there is one, so
 * the server can answer the reader's own state (collected, progress).
 */
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
  Reflection,
  ReflectionListReq,
  SaveProgressReq,
} from '@/types/api/books'
import type { Page } from '@/types/api/envelope'
import { callRest } from '@/core/request'

const GET = { method: 'GET' } as const
const DELETE = { method: 'DELETE' } as const

// ---- catalogue ------------------------------------------------------------

export const fetchCategories = (): Promise<BookCategory[]> =>
  callRest<BookCategory[]>('/api/books/findBooksClassificationAppList', {}, GET)

export const fetchBooks = (req: BookListReq): Promise<Page<BookSummary>> =>
  callRest<Page<BookSummary>>('/api/books/findBooksInfoAppList', { ...req }, GET)

export const fetchBookDetail = (id: number): Promise<BookDetail> =>
  callRest<BookDetail>('/api/books/findBooksInfoAppDetail', { id }, GET)

export const fetchChapters = (
  booksId: number,
  page = 1,
  pageSize = 500,
): Promise<Page<ChapterSummary>> =>
  callRest<Page<ChapterSummary>>('/api/books/findBooksChapterApp', { booksId, page, pageSize }, GET)

export const fetchChapter = (booksId: number, serial: number): Promise<ChapterDetail> =>
  callRest<ChapterDetail>('/api/books/findChapterByChapterSerialDetails', { booksId, serial }, GET)

export const turnChapter = (
  booksId: number,
  serial: number,
  direction: 'next' | 'prev',
): Promise<ChapterDetail> =>
  callRest<ChapterDetail>('/api/books/findBooksChapterTurning', { booksId, serial, direction }, GET)

export const openReading = (booksId: number): Promise<OpenReadingRes> =>
  callRest<OpenReadingRes>('/api/books/findBooksMagazineOpenReading', { booksId }, GET)

export const fetchMyProgress = (booksId: number): Promise<BookPerUserRes> =>
  callRest<BookPerUserRes>('/api/books/findBooksInfoPerUser', { booksId }, GET)

/** Saving the place is background work: a failure is not worth a toast. */
export const saveProgress = (req: SaveProgressReq): Promise<unknown> =>
  callRest('/api/books/createBooksInfoReading', { ...req }, { silent: true })

// ---- reflections ----------------------------------------------------------

export const fetchReflections = (req: ReflectionListReq): Promise<Page<Reflection>> =>
  callRest<Page<Reflection>>('/api/books/findReadingTestimonialsAppList', { ...req }, GET)

export const fetchReflection = (id: number): Promise<Reflection> =>
  callRest<Reflection>('/api/books/findReadingTestimonialsAppDetail', { id }, GET)

export const saveReflection = (booksId: number, content: string): Promise<Reflection> =>
  callRest<Reflection>('/api/books/saveReadingTestimonialsApp', { booksId, content })

export const deleteReflection = (id: number): Promise<unknown> =>
  callRest('/api/books/delReadingTestimonialsApp', { id }, DELETE)

// ---- collections and bookcase ---------------------------------------------

export const setCollected = (booksId: number, collect: boolean): Promise<CollectRes> =>
  callRest<CollectRes>('/api/collectionBooks/createCollectionBooksApp', {
    booksId,
    collect: collect ? 1 : 0,
  })

export const fetchBookcase = (page: number, pageSize = 10): Promise<Page<BookcaseItem>> =>
  callRest<Page<BookcaseItem>>('/api/collectionBooks/findReadingBooksApp', { page, pageSize }, GET)

export const fetchCollectionCategories = (): Promise<CollectionCategory[]> =>
  callRest<CollectionCategory[]>(
    '/api/collectionBooks/findCollectionBooksClassificationAppList',
    {},
    GET,
  )

export const fetchCollections = (
  page: number,
  classificationId?: number,
  pageSize = 10,
): Promise<Page<CollectedBook>> =>
  callRest<Page<CollectedBook>>(
    '/api/collectionBooks/findCollectionBooksAppList',
    { page, pageSize, classificationId },
    GET,
  )
