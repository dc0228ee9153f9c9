/**
 * The search index (book_search_rows): for every book one row of its title and author (serial 0),
 * and for each chapter one row of its title (paragraph -1) and one per paragraph, each with its folded text and grams (see fold.ts).
 * Rebuilt from the books: by the seed after the books are put in, and at start on a database whose
 * books have no index yet.
 */
import { count, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { bookChapters, books, bookSearchRows } from '../../db/schema'
import { lockKey } from '../../db/tx'
import { fold, GRAM_SEPARATOR, gramsOf } from './fold'

/** The paragraph number of a chapter's title row (before its paragraphs). */
export const TITLE_ROW = -1

/** Rows per INSERT statement. */
const BATCH = 1000

/** A row as the batch's JSON carries it: book, chapter, serial, paragraph, norm, grams. */
interface Row {
  b: number
  c: number | null
  s: number
  p: number
  n: string
  /** The grams joined by GRAM_SEPARATOR. */
  g: string
}

const rowOf = (b: number, c: number | null, s: number, p: number, text: string): Row => {
  const n = fold(text)
  return { b, c, s, p, n, g: gramsOf(n).join(GRAM_SEPARATOR) }
}

/**
 * Deletes and writes again the index rows of one book (`bookId`) or of every book; answers how
 * many rows it wrote. Run it inside a transaction to swap the rows at once.
 */
export async function rebuildSearchIndex(db: Db, bookId?: number): Promise<number> {
  const ofBook = bookId === undefined ? undefined : eq(books.id, bookId)
  await db
    .delete(bookSearchRows)
    .where(bookId === undefined ? undefined : eq(bookSearchRows.bookId, bookId))
  const list = await db
    .select({ id: books.id, name: books.name, author: books.author })
    .from(books)
    .where(ofBook)
    .orderBy(books.id)

  let pending: Row[] = []
  let written = 0
  const flush = async () => {
    if (pending.length === 0) return
    // One JSON parameter per batch, the grams of a row one text split in the database: several
    // times cheaper to send and parse than a parameter per value or JSON arrays.
    await db.execute(sql`
      insert into ${bookSearchRows} (book_id, chapter_id, serial, paragraph, norm, grams)
      select b, c, s, p, n, string_to_array(g, chr(${GRAM_SEPARATOR.charCodeAt(0)}))
      from jsonb_to_recordset(${JSON.stringify(pending)}::jsonb)
        as x(b int, c int, s int, p int, n text, g text)`)
    written += pending.length
    pending = []
  }
  const push = async (row: Row) => {
    pending.push(row)
    if (pending.length >= BATCH) await flush()
  }

  for (const book of list) {
    // The book's own row: a title or author hit is a book hit.
    await push(rowOf(book.id, null, 0, 0, `${book.name} ${book.author}`))
    const chapters = await db
      .select({
        id: bookChapters.id,
        serial: bookChapters.serial,
        title: bookChapters.title,
        paragraphs: bookChapters.paragraphs,
      })
      .from(bookChapters)
      .where(eq(bookChapters.bookId, book.id))
      .orderBy(bookChapters.serial)
    for (const chapter of chapters) {
      await push(rowOf(book.id, chapter.id, chapter.serial, TITLE_ROW, chapter.title))
      for (const [i, text] of chapter.paragraphs.entries()) {
        await push(rowOf(book.id, chapter.id, chapter.serial, i, text))
      }
    }
  }
  await flush()
  return written
}

/**
 * At start: builds the index once when it is empty but there are books (a database from before
 * the search). Answers the rows written (0 when there was nothing to do).
 */
export async function ensureSearchIndex(db: Db): Promise<number> {
  const [{ rows }] = await db.select({ rows: count() }).from(bookSearchRows)
  if (rows > 0) return 0
  const [{ n }] = await db.select({ n: count() }).from(books)
  if (n === 0) return 0
  return db.transaction(async (tx) => {
    // Two processes starting together: the second waits, then finds the rows there.
    await lockKey(tx, 'search_index')
    const [again] = await tx.select({ rows: count() }).from(bookSearchRows)
    return again.rows > 0 ? 0 : rebuildSearchIndex(tx)
  })
}
