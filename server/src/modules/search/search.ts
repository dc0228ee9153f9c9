/**
 * The search over the listed books (types/api/search.ts): the keyword folded as the index is
 * (fold.ts); candidate rows are those whose grams hold all the query's grams (the GIN index), then
 * confirmed by the whole folded phrase in `norm`. Passages show the original text with the
 * matches marked.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { BookSummary } from '@api/books'
import type { Passage, SearchRes, SearchType } from '@api/search'
import { KEYWORD_MAX_CHARS, KEYWORD_TOO_LONG, SEARCH_BOOKS_MAX } from '@api/search'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { bookCategories, bookChapters, books, bookSearchRows } from '../../db/schema'
import { badRequest } from '../../http/errors'
import { pageOf, type Paging } from '../../http/paging'
import { catalogueOrder, summaryColumns, toSummary } from '../books/bookRows'
import { excerpt, fold, queryGrams } from './fold'
import { TITLE_ROW } from './indexer'

/** A text[] literal: each element quoted, `"` and `\` escaped. */
const textArray = (items: string[]): string =>
  `{${items.map((s) => `"${s.replace(/[\\"]/g, (ch) => `\\${ch}`)}"`).join(',')}}`

/**
 * Rows whose grams hold the query's and whose folded text holds the whole query (columns by their
 * bare names: no other table of the book hits' join has them).
 */
function matching(query: string): SQL {
  return sql`grams @> ${textArray(queryGrams(query))}::text[] and strpos(norm, ${query}) > 0`
}

/** An int[] literal. */
const intArray = (items: number[]): string => `{${items.join(',')}}`

/** The rows of a raw query (PGlite and node-postgres both answer `{ rows }`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows

async function bookHits(db: Db, query: string): Promise<BookSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(bookSearchRows)
    .innerJoin(books, eq(books.id, bookSearchRows.bookId))
    .innerJoin(bookCategories, eq(bookCategories.id, books.categoryId))
    .where(and(eq(bookSearchRows.serial, 0), eq(books.listed, true), matching(query)))
    .orderBy(...catalogueOrder)
    .limit(SEARCH_BOOKS_MAX)
  return rows.map(toSummary)
}

interface PassageRow {
  bookId: number
  chapterId: number
  serial: number
  paragraph: number
  total: number
}

/**
 * A page of the paragraphs holding the query, in catalogue order of their books (the listed
 * books' ids in that order, one array), then serial and paragraph. The candidates are read
 * first by their grams alone (a materialised step), so the plan cannot go through the other
 * index and test every row's grams.
 */
async function passageHits(
  db: Db,
  query: string,
  at: Paging,
): Promise<{ rows: PassageRow[]; total: number }> {
  const steps = sql`
    listed as (
      select coalesce(array_agg(id order by recommend_rank asc nulls last, id), '{}') as ids
      from ${books} where listed),
    candidates as materialized (
      select book_id, chapter_id, serial, paragraph, norm from ${bookSearchRows}
      where grams @> ${textArray(queryGrams(query))}::text[]),
    hits as (
      select h.book_id, h.chapter_id, h.serial, h.paragraph,
        array_position(listed.ids, h.book_id) as book_order
      from candidates h, listed
      where h.serial > 0 and strpos(h.norm, ${query}) > 0)`
  const found = await db.execute(sql`
    with ${steps}
    select book_id as "bookId", chapter_id as "chapterId", serial, paragraph,
      count(*) over () as total
    from hits where book_order is not null
    order by book_order, serial, paragraph
    limit ${at.pageSize} offset ${at.offset}`)
  const rows = rowsOf<PassageRow>(found).map((r) => ({
    bookId: Number(r.bookId),
    chapterId: Number(r.chapterId),
    serial: Number(r.serial),
    paragraph: Number(r.paragraph),
    total: Number(r.total),
  }))
  if (rows.length > 0 || at.offset === 0) return { rows, total: rows[0]?.total ?? 0 }
  // Past the end: the window count had no row to ride on.
  const counted = await db.execute(sql`
    with ${steps}
    select count(*) as n from hits where book_order is not null`)
  return { rows, total: Number(rowsOf<{ n: number }>(counted)[0]?.n ?? 0) }
}

interface PlaceRow {
  chapterId: number
  paragraph: number
  title: string
  text: string | null
  name: string
  author: string
  cover: string
}

/** The paragraphs of the page's rows with their chapter titles and books, in one query. */
async function placesOf(db: Db, rows: PassageRow[]): Promise<Map<string, PlaceRow>> {
  const out = new Map<string, PlaceRow>()
  if (rows.length === 0) return out
  const found = await db.execute(sql`
    select c.id as "chapterId", p.paragraph, c.title,
      case when p.paragraph = ${TITLE_ROW} then c.title else c.paragraphs ->> p.paragraph end as text,
      b.name, b.author, b.cover
    from unnest(${intArray(rows.map((r) => r.chapterId))}::int[],
        ${intArray(rows.map((r) => r.paragraph))}::int[]) as p(chapter_id, paragraph)
      join ${bookChapters} c on c.id = p.chapter_id
      join ${books} b on b.id = c.book_id`)
  for (const row of rowsOf<PlaceRow>(found)) out.set(`${row.chapterId}:${row.paragraph}`, row)
  return out
}

/** The search call: book hits on page 1 and a page of passages. */
export async function search(
  app: AppContext,
  keyword: string,
  type: SearchType,
  at: Paging,
): Promise<SearchRes> {
  if ([...keyword].length > KEYWORD_MAX_CHARS) throw badRequest(KEYWORD_TOO_LONG)
  const query = fold(keyword)
  // Nothing left after folding would match every row: it finds nothing.
  if (query === '') return { books: [], passages: pageOf([], 0, at) }
  const { bookList, page } = await app.db.transaction(async (tx) => {
    // The grams' GIN index finds the rows; a seq scan would test every row's grams, which costs
    // many times more than the planner thinks (it picks one for a common character or pair).
    await tx.execute(sql`set local enable_seqscan = off`)
    return {
      bookList: type !== 'text' && at.page === 1 ? await bookHits(tx, query) : [],
      page: type !== 'book' ? await passageHits(tx, query, at) : { rows: [], total: 0 },
    }
  })
  const places = await placesOf(app.db, page.rows)
  const list: Passage[] = page.rows.map((row) => {
    const place = places.get(`${row.chapterId}:${row.paragraph}`)
    const shown = excerpt(place?.text ?? '', query)
    return {
      booksId: row.bookId,
      booksName: place?.name ?? '',
      booksAuthor: place?.author ?? '',
      booksCoverSheet: place?.cover ?? '',
      serial: row.serial,
      chapterTitle: place?.title ?? '',
      paragraph: Math.max(0, row.paragraph),
      title: row.paragraph === TITLE_ROW,
      text: shown.text,
      marks: shown.marks,
    }
  })
  return { books: bookList, passages: pageOf(list, page.total, at) }
}
