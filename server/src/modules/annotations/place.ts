/**
 * The place an annotation marks: a paragraph of a chapter of a listed book, with its text as it
 * stands. Bookmarks and highlights are made only at places that exist.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { BOOK_NOT_FOUND, CHAPTER_NOT_FOUND, PARAGRAPH_INVALID } from '@api/annotations'
import type { Db } from '../../db/client'
import { bookChapters, books } from '../../db/schema'
import { badRequest, notFound } from '../../http/errors'

export interface Place {
  bookId: number
  serial: number
  paragraph: number
}

export interface PlaceText {
  chapterTitle: string
  /** The paragraph's text. */
  text: string
}

/**
 * The paragraph's text (only that paragraph is read): 404 书籍不存在 for a book that is not
 * listed, 400 章节不存在 / 段落位置不正确 for a chapter or paragraph the book does not have.
 */
export async function textAt(db: Db, place: Place): Promise<PlaceText> {
  const rows = await db
    .select({
      chapterTitle: bookChapters.title,
      text: sql<string | null>`${bookChapters.paragraphs} ->> ${place.paragraph}::int`,
      chapterFound: sql<boolean>`${bookChapters.id} is not null`,
    })
    .from(books)
    .leftJoin(
      bookChapters,
      and(eq(bookChapters.bookId, books.id), eq(bookChapters.serial, place.serial)),
    )
    .where(and(eq(books.id, place.bookId), eq(books.listed, true)))
  const row = rows[0]
  if (!row) throw notFound(BOOK_NOT_FOUND)
  if (!row.chapterFound || row.chapterTitle === null) throw badRequest(CHAPTER_NOT_FOUND)
  if (row.text === null) throw badRequest(PARAGRAPH_INVALID)
  return { chapterTitle: row.chapterTitle, text: row.text }
}

/** Joins a row's chapter (left join: a chapter that is gone leaves the title ''). */
export const chapterOf = (bookId: AnyPgColumn, serial: AnyPgColumn) =>
  and(eq(bookChapters.bookId, bookId), eq(bookChapters.serial, serial))

/** The joined chapter's title ('' without one). */
export const chapterTitle = sql<string>`coalesce(${bookChapters.title}, '')`
