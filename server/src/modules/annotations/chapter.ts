/** What the reader paints on one chapter: my bookmarks and highlights in it. */
import { and, eq } from 'drizzle-orm'
import type { ChapterNotes } from '@api/annotations'
import type { AppContext } from '../../context'
import { bookmarks } from '../../db/schema'
import type { Caller } from '../../http/auth'
import { findListedBook } from '../books/bookRows'
import { selectBookmarks } from './bookmarks'
import { chapterHighlights } from './highlights'

export async function chapterNotes(
  app: AppContext,
  caller: Caller,
  bookId: number,
  serial: number,
): Promise<ChapterNotes> {
  const book = await findListedBook(app.db, bookId)
  const [marks, lines] = await Promise.all([
    selectBookmarks(
      app.db,
      and(
        eq(bookmarks.userId, caller.userId),
        eq(bookmarks.bookId, book.id),
        eq(bookmarks.serial, serial),
      ),
    ),
    chapterHighlights(app.db, caller, book.id, serial),
  ])
  return { bookmarks: marks, highlights: lines }
}
