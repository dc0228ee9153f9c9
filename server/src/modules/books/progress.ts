import { and, eq, sql } from 'drizzle-orm'
import type { ReadingProgress, SaveProgressReq } from '@api/books'
import { percentOf, permyriadOf } from '@rules/progress'
import { unixSeconds } from '../../clock'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { bookChapters, readingProgress } from '../../db/schema'
import { inTx } from '../../db/tx'
import type { Caller } from '../../http/auth'
import { badRequest, notFound } from '../../http/errors'
import { lockCaller } from '../../db/users'
import { findListedBook } from './bookRows'
import { AUDIO_POSITION_INVALID, CHAPTER_NOT_FOUND, PARAGRAPH_INVALID } from './input'

export interface ProgressRow {
  bookId: number
  serial: number
  chapterTitle: string
  paragraph: number
  audioSeconds: number
  permyriad: number
  updatedAt: Date
}

export function toProgress(row: ProgressRow): ReadingProgress {
  return {
    booksId: row.bookId,
    serial: row.serial,
    chapterTitle: row.chapterTitle,
    paragraph: row.paragraph,
    audioSeconds: row.audioSeconds,
    percent: percentOf(row.permyriad),
    updatedAt: unixSeconds(row.updatedAt.getTime()),
  }
}

/** The columns of a ProgressRow (reading_progress joined with its chapter). */
export const progressColumns = {
  bookId: readingProgress.bookId,
  serial: readingProgress.serial,
  chapterTitle: bookChapters.title,
  paragraph: readingProgress.paragraph,
  audioSeconds: readingProgress.audioSeconds,
  permyriad: readingProgress.permyriad,
  updatedAt: readingProgress.updatedAt,
}

export const chapterOfProgress = and(
  eq(bookChapters.bookId, readingProgress.bookId),
  eq(bookChapters.serial, readingProgress.serial),
)

/** The reader's saved place in the book, or null. */
export async function progressOf(
  db: Db,
  userId: number,
  bookId: number,
): Promise<ReadingProgress | null> {
  const rows = await db
    .select(progressColumns)
    .from(readingProgress)
    .innerJoin(bookChapters, chapterOfProgress)
    .where(and(eq(readingProgress.userId, userId), eq(readingProgress.bookId, bookId)))
  return rows[0] ? toProgress(rows[0]) : null
}

/**
 * Saves the caller's place: the chapter must exist, a given paragraph lie in it; a listening
 * position counts in whole seconds, and past the chapter's audio as its end. One row per reader and book.
 *
 * Reading sends `paragraph`, listen mode `audioSeconds`; at least one is required. In the stored
 * chapter an absent field keeps its stored value, so neither mode overwrites the other's place; in
 * another chapter (or on the first save) an absent field is 0. The percentage follows the
 * resulting paragraph.
 */
export async function saveProgress(
  app: AppContext,
  caller: Caller,
  req: SaveProgressReq,
): Promise<ReadingProgress> {
  if (req.paragraph === undefined && req.audioSeconds === undefined) {
    throw badRequest('请提供阅读位置')
  }
  // The validator turns '1e400' into Infinity and then skips its range checks.
  if (req.audioSeconds !== undefined && !Number.isFinite(req.audioSeconds)) {
    throw badRequest(AUDIO_POSITION_INVALID)
  }
  const book = await findListedBook(app.db, req.booksId)
  const chapters = await app.db
    .select({
      title: bookChapters.title,
      paragraphCount: sql<number>`jsonb_array_length(${bookChapters.paragraphs})::int`,
      audioSeconds: bookChapters.audioSeconds,
    })
    .from(bookChapters)
    .where(and(eq(bookChapters.bookId, book.id), eq(bookChapters.serial, req.serial)))
  const chapter = chapters[0]
  if (!chapter) throw notFound(CHAPTER_NOT_FOUND)
  const paragraphCount = Number(chapter.paragraphCount)
  if (req.paragraph !== undefined && req.paragraph >= paragraphCount) {
    throw badRequest(PARAGRAPH_INVALID)
  }
  const given = {
    paragraph: req.paragraph,
    audioSeconds:
      req.audioSeconds === undefined
        ? undefined
        : Math.min(Math.floor(req.audioSeconds), chapter.audioSeconds),
  }
  return inTx(app.db, async (tx) => {
    // The caller's row lock serialises this reader's saves: the stored place read here is the one
    // the upsert replaces.
    await lockCaller(tx, caller.userId)
    const stored = await tx
      .select({
        serial: readingProgress.serial,
        paragraph: readingProgress.paragraph,
        audioSeconds: readingProgress.audioSeconds,
      })
      .from(readingProgress)
      .where(and(eq(readingProgress.userId, caller.userId), eq(readingProgress.bookId, book.id)))
    const kept = stored[0]?.serial === req.serial ? stored[0] : { paragraph: 0, audioSeconds: 0 }
    const paragraph = given.paragraph ?? kept.paragraph
    const values = {
      serial: req.serial,
      paragraph,
      audioSeconds: given.audioSeconds ?? kept.audioSeconds,
      permyriad: permyriadOf(req.serial, paragraph, paragraphCount, book.chapterCount),
      updatedAt: new Date(app.clock.now()),
    }
    const [row] = await tx
      .insert(readingProgress)
      .values({ userId: caller.userId, bookId: book.id, ...values })
      .onConflictDoUpdate({ target: [readingProgress.userId, readingProgress.bookId], set: values })
      .returning()
    return toProgress({ ...row, chapterTitle: chapter.title })
  })
}

/** The caller's place in a listed book, or null. */
export async function myProgress(
  app: AppContext,
  caller: Caller,
  bookId: number,
): Promise<ReadingProgress | null> {
  const book = await findListedBook(app.db, bookId)
  return progressOf(app.db, caller.userId, book.id)
}
