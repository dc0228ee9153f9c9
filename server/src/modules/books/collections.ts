import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { BookcaseItem, CollectedBook, CollectionCategory, CollectRes } from '@api/books'
import type { Page } from '@api/envelope'
import { unixSeconds } from '../../clock'
import type { AppContext } from '../../context'
import {
  bookCategories,
  bookChapters,
  bookCollections,
  books,
  readingProgress,
} from '../../db/schema'
import type { Caller } from '../../http/auth'
import { pageOf } from '../../http/paging'
import { findListedBook, summaryColumns, toSummary } from './bookRows'
import type { Paging } from './input'
import { chapterOfProgress, progressColumns, toProgress } from './progress'

/** Collect (idempotent: one row however often) or uncollect a book. */
export async function setCollected(
  app: AppContext,
  caller: Caller,
  bookId: number,
  collect: 0 | 1,
): Promise<CollectRes> {
  const book = await findListedBook(app.db, bookId)
  if (collect === 1) {
    await app.db
      .insert(bookCollections)
      .values({ userId: caller.userId, bookId: book.id, createdAt: new Date(app.clock.now()) })
      .onConflictDoNothing()
  } else {
    await app.db
      .delete(bookCollections)
      .where(and(eq(bookCollections.userId, caller.userId), eq(bookCollections.bookId, book.id)))
  }
  return { collected: collect === 1 }
}

/** The bookcase: the books the caller has a saved place in, most recently read first. */
export async function bookcase(
  app: AppContext,
  caller: Caller,
  paging: Paging,
): Promise<Page<BookcaseItem>> {
  const where = and(eq(readingProgress.userId, caller.userId), eq(books.listed, true))
  const [{ total }] = await app.db
    .select({ total: count() })
    .from(readingProgress)
    .innerJoin(books, eq(books.id, readingProgress.bookId))
    .where(where)
  const rows = await app.db
    .select({ book: summaryColumns, progress: progressColumns })
    .from(readingProgress)
    .innerJoin(books, eq(books.id, readingProgress.bookId))
    .innerJoin(bookCategories, eq(bookCategories.id, books.categoryId))
    .innerJoin(bookChapters, chapterOfProgress)
    .where(where)
    .orderBy(desc(readingProgress.updatedAt), desc(readingProgress.bookId))
    .limit(paging.pageSize)
    .offset(paging.offset)
  return pageOf(
    rows.map((r) => ({ ...toSummary(r.book), progress: toProgress(r.progress) })),
    total,
    paging,
  )
}

/** The categories of the caller's collected books, in display order, with counts. */
export async function collectionCategories(
  app: AppContext,
  caller: Caller,
): Promise<CollectionCategory[]> {
  const rows = await app.db
    .select({
      classificationId: bookCategories.id,
      classificationName: bookCategories.name,
      count: sql<number>`count(*)::int`,
    })
    .from(bookCollections)
    .innerJoin(books, eq(books.id, bookCollections.bookId))
    .innerJoin(bookCategories, eq(bookCategories.id, books.categoryId))
    .where(and(eq(bookCollections.userId, caller.userId), eq(books.listed, true)))
    .groupBy(bookCategories.id)
    .orderBy(asc(bookCategories.sort), asc(bookCategories.id))
  return rows.map((r) => ({ ...r, count: Number(r.count) }))
}

/** The caller's collected books, newest collection first. */
export async function collectedBooks(
  app: AppContext,
  caller: Caller,
  classificationId: number | undefined,
  paging: Paging,
): Promise<Page<CollectedBook>> {
  const conditions: SQL[] = [eq(bookCollections.userId, caller.userId), eq(books.listed, true)]
  if (classificationId !== undefined) conditions.push(eq(books.categoryId, classificationId))
  const where = and(...conditions)
  const [{ total }] = await app.db
    .select({ total: count() })
    .from(bookCollections)
    .innerJoin(books, eq(books.id, bookCollections.bookId))
    .where(where)
  const rows = await app.db
    .select({ book: summaryColumns, collectedAt: bookCollections.createdAt })
    .from(bookCollections)
    .innerJoin(books, eq(books.id, bookCollections.bookId))
    .innerJoin(bookCategories, eq(bookCategories.id, books.categoryId))
    .where(where)
    .orderBy(desc(bookCollections.createdAt), desc(bookCollections.bookId))
    .limit(paging.pageSize)
    .offset(paging.offset)
  return pageOf(
    rows.map((r) => ({ ...toSummary(r.book), collectedAt: unixSeconds(r.collectedAt.getTime()) })),
    total,
    paging,
  )
}
