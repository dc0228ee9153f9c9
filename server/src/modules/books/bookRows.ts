import { and, asc, eq, sql } from 'drizzle-orm'
import type { BookSummary } from '@api/books'
import type { Db } from '../../db/client'
import { bookCategories, books } from '../../db/schema'
import { notFound } from '../../http/errors'
import { BOOK_NOT_FOUND } from './input'

/** The columns a BookSummary is made of (books joined with their category). */
export const summaryColumns = {
  id: books.id,
  name: books.name,
  author: books.author,
  cover: books.cover,
  brief: books.brief,
  categoryId: books.categoryId,
  categoryName: bookCategories.name,
  chapterCount: books.chapterCount,
  wordCount: books.wordCount,
  hasAudio: books.hasAudio,
  recommendRank: books.recommendRank,
}

export interface SummaryRow {
  id: number
  name: string
  author: string
  cover: string
  brief: string
  categoryId: number
  categoryName: string
  chapterCount: number
  wordCount: number
  hasAudio: boolean
  recommendRank: number | null
}

export function toSummary(row: SummaryRow): BookSummary {
  return {
    id: row.id,
    booksName: row.name,
    booksAuthor: row.author,
    booksCoverSheet: row.cover,
    booksBrief: row.brief,
    classificationId: row.categoryId,
    classificationName: row.categoryName,
    chapterCount: row.chapterCount,
    wordCount: row.wordCount,
    hasAudio: row.hasAudio,
    recommended: row.recommendRank !== null,
  }
}

/** Recommended books first by their rank, then the rest; ties by id. */
export const catalogueOrder = [sql`${books.recommendRank} asc nulls last`, asc(books.id)]

/** A listed book, or 404 书籍不存在. */
export async function findListedBook(db: Db, id: number): Promise<SummaryRow & { intro: string }> {
  const rows = await db
    .select({ ...summaryColumns, intro: books.intro })
    .from(books)
    .innerJoin(bookCategories, eq(bookCategories.id, books.categoryId))
    .where(and(eq(books.id, id), eq(books.listed, true)))
  if (!rows[0]) throw notFound(BOOK_NOT_FOUND)
  return rows[0]
}
