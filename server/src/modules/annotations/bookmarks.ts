/** Bookmarks (书签): one per reader and paragraph, only the reader's own. */
import { and, asc, eq, type SQL } from 'drizzle-orm'
import { AnnotationLimits, AnnotationRates } from '@rules/annotations'
import { BOOKMARK_NOT_FOUND, type Bookmark } from '@api/annotations'
import { unixSeconds } from '../../clock'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { bookChapters, bookmarks } from '../../db/schema'
import { inTx } from '../../db/tx'
import { lockCaller } from '../../db/users'
import type { Caller } from '../../http/auth'
import { notFound } from '../../http/errors'
import { refuseOverRate } from '../../http/rates'
import { findListedBook } from '../books/bookRows'
import { chapterOf, chapterTitle, textAt, type Place } from './place'

const columns = {
  id: bookmarks.id,
  bookId: bookmarks.bookId,
  serial: bookmarks.serial,
  paragraph: bookmarks.paragraph,
  chapterTitle,
  excerpt: bookmarks.excerpt,
  createdAt: bookmarks.createdAt,
}

interface Row {
  id: number
  bookId: number
  serial: number
  paragraph: number
  chapterTitle: string
  excerpt: string
  createdAt: Date
}

const toBookmark = (row: Row): Bookmark => ({
  id: row.id,
  booksId: row.bookId,
  serial: row.serial,
  paragraph: row.paragraph,
  chapterTitle: row.chapterTitle,
  excerpt: row.excerpt,
  createdAt: unixSeconds(row.createdAt.getTime()),
})

/** The caller's bookmarks matching `where`, in text order. */
export async function selectBookmarks(db: Db, where: SQL | undefined): Promise<Bookmark[]> {
  const rows = await db
    .select(columns)
    .from(bookmarks)
    .leftJoin(bookChapters, chapterOf(bookmarks.bookId, bookmarks.serial))
    .where(where)
    .orderBy(asc(bookmarks.serial), asc(bookmarks.paragraph))
  return rows.map(toBookmark)
}

/** My bookmarks in a listed book, by chapter and paragraph. */
export async function bookmarkList(
  app: AppContext,
  caller: Caller,
  bookId: number,
): Promise<Bookmark[]> {
  const book = await findListedBook(app.db, bookId)
  return selectBookmarks(
    app.db,
    and(eq(bookmarks.userId, caller.userId), eq(bookmarks.bookId, book.id)),
  )
}

const samePlace = (userId: number, place: Place) =>
  and(
    eq(bookmarks.userId, userId),
    eq(bookmarks.bookId, place.bookId),
    eq(bookmarks.serial, place.serial),
    eq(bookmarks.paragraph, place.paragraph),
  )

/**
 * Bookmarks a paragraph that exists, with the start of its text as the excerpt. A place already
 * bookmarked answers that bookmark. New bookmarks count against AnnotationRates.bookmark, under the
 * caller's row lock (which also serialises two taps on one place).
 */
export async function createBookmark(
  app: AppContext,
  caller: Caller,
  place: Place,
): Promise<Bookmark> {
  const { text } = await textAt(app.db, place)
  const excerpt = [...text.trim()].slice(0, AnnotationLimits.excerptChars).join('')
  const id = await inTx(app.db, async (tx) => {
    await lockCaller(tx, caller.userId)
    const found = await tx
      .select({ id: bookmarks.id })
      .from(bookmarks)
      .where(samePlace(caller.userId, place))
    if (found[0]) return found[0].id
    const now = app.clock.now()
    await refuseOverRate(
      tx,
      AnnotationRates.bookmark,
      { table: bookmarks, user: bookmarks.userId, at: bookmarks.createdAt },
      caller.userId,
      now,
    )
    const [row] = await tx
      .insert(bookmarks)
      .values({ userId: caller.userId, ...place, excerpt, createdAt: new Date(now) })
      .returning({ id: bookmarks.id })
    return row.id
  })
  const [bookmark] = await selectBookmarks(app.db, eq(bookmarks.id, id))
  return bookmark
}

/** Deletes one of my bookmarks; anyone else's is as missing (404). */
export async function deleteBookmark(app: AppContext, caller: Caller, id: number): Promise<void> {
  const gone = await app.db
    .delete(bookmarks)
    .where(and(eq(bookmarks.id, id), eq(bookmarks.userId, caller.userId)))
    .returning({ id: bookmarks.id })
  if (gone.length === 0) throw notFound(BOOKMARK_NOT_FOUND)
}
