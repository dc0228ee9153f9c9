import { and, asc, count, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm'
import type { BookCategory, BookDetail, BookListReq, BookSummary } from '@api/books'
import type { Page } from '@api/envelope'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { bookCategories, bookCollections, books, readingProgress } from '../../db/schema'
import type { Caller } from '../../http/auth'
import { badRequest } from '../../http/errors'
import { pageOf } from '../../http/paging'
import { catalogueOrder, findListedBook, summaryColumns, toSummary } from './bookRows'
import { KEYWORD_MAX_CHARS, KEYWORD_TOO_LONG, type Paging } from './input'
import { progressOf } from './progress'

/** Every category in display order, with how many listed books it has. */
export async function listCategories(app: AppContext): Promise<BookCategory[]> {
  const rows = await app.db
    .select({
      id: bookCategories.id,
      name: bookCategories.name,
      bookCount: sql<number>`count(${books.id})::int`,
    })
    .from(bookCategories)
    .leftJoin(books, and(eq(books.categoryId, bookCategories.id), eq(books.listed, true)))
    .groupBy(bookCategories.id)
    .orderBy(asc(bookCategories.sort), asc(bookCategories.id))
  return rows.map((r) => ({ id: r.id, name: r.name, bookCount: Number(r.bookCount) }))
}

export type BookFilter = Pick<BookListReq, 'classificationId' | 'keyword' | 'recommend'>

/** `%` and `_` in a search term match themselves. */
const likePattern = (term: string): string => `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

export async function listBooks(
  app: AppContext,
  filter: BookFilter,
  paging: Paging,
): Promise<Page<BookSummary>> {
  if (filter.keyword && [...filter.keyword].length > KEYWORD_MAX_CHARS) {
    throw badRequest(KEYWORD_TOO_LONG)
  }
  const conditions: SQL[] = [eq(books.listed, true)]
  if (filter.classificationId !== undefined) {
    conditions.push(eq(books.categoryId, filter.classificationId))
  }
  if (filter.recommend === 1) conditions.push(isNotNull(books.recommendRank))
  if (filter.keyword) {
    const pattern = likePattern(filter.keyword)
    conditions.push(or(ilike(books.name, pattern), ilike(books.author, pattern)) as SQL)
  }
  const where = and(...conditions)
  const [{ total }] = await app.db.select({ total: count() }).from(books).where(where)
  const rows = await app.db
    .select(summaryColumns)
    .from(books)
    .innerJoin(bookCategories, eq(bookCategories.id, books.categoryId))
    .where(where)
    .orderBy(...catalogueOrder)
    .limit(paging.pageSize)
    .offset(paging.offset)
  return pageOf(rows.map(toSummary), total, paging)
}

/** People who have opened the book: its saved places. */
async function readerCountOf(db: Db, bookId: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(readingProgress)
    .where(eq(readingProgress.bookId, bookId))
  return n
}

async function isCollected(db: Db, userId: number, bookId: number): Promise<boolean> {
  const rows = await db
    .select({ bookId: bookCollections.bookId })
    .from(bookCollections)
    .where(and(eq(bookCollections.userId, userId), eq(bookCollections.bookId, bookId)))
  return rows.length > 0
}

export async function bookDetail(
  app: AppContext,
  caller: Caller | null,
  bookId: number,
): Promise<BookDetail> {
  const book = await findListedBook(app.db, bookId)
  return {
    ...toSummary(book),
    booksIntro: book.intro,
    readerCount: await readerCountOf(app.db, bookId),
    collected: caller ? await isCollected(app.db, caller.userId, bookId) : false,
    progress: caller ? await progressOf(app.db, caller.userId, bookId) : null,
  }
}
