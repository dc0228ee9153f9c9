import { and, asc, eq } from 'drizzle-orm'
import type { ChapterDetail, ChapterSummary, ChapterTurningReq, OpenReadingRes } from '@api/books'
import type { Page } from '@api/envelope'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { bookChapters } from '../../db/schema'
import type { Caller } from '../../http/auth'
import { notFound } from '../../http/errors'
import { pageOf } from '../../http/paging'
import { audioUrlOf } from './audio'
import { findListedBook, type SummaryRow } from './bookRows'
import { CHAPTER_NOT_FOUND, type Paging } from './input'
import { progressOf } from './progress'

/** A book's chapters have serials 1..chapterCount (the seed and any import keep them so). */

export async function listChapters(
  app: AppContext,
  bookId: number,
  paging: Paging,
): Promise<Page<ChapterSummary>> {
  const book = await findListedBook(app.db, bookId)
  const list = await app.db
    .select({
      id: bookChapters.id,
      serial: bookChapters.serial,
      title: bookChapters.title,
      wordCount: bookChapters.wordCount,
      audioSeconds: bookChapters.audioSeconds,
    })
    .from(bookChapters)
    .where(eq(bookChapters.bookId, book.id))
    .orderBy(asc(bookChapters.serial))
    .limit(paging.pageSize)
    .offset(paging.offset)
  return pageOf(list, book.chapterCount, paging)
}

async function loadChapter(db: Db, book: SummaryRow, serial: number): Promise<ChapterDetail> {
  const rows = await db
    .select()
    .from(bookChapters)
    .where(and(eq(bookChapters.bookId, book.id), eq(bookChapters.serial, serial)))
  const chapter = rows[0]
  if (!chapter) throw notFound(CHAPTER_NOT_FOUND)
  return {
    id: chapter.id,
    serial: chapter.serial,
    title: chapter.title,
    wordCount: chapter.wordCount,
    audioSeconds: chapter.audioSeconds,
    booksId: book.id,
    booksName: book.name,
    chapterCount: book.chapterCount,
    paragraphs: chapter.paragraphs,
    audioUrl: audioUrlOf(chapter.audioFile),
    prevSerial: chapter.serial > 1 ? chapter.serial - 1 : null,
    nextSerial: chapter.serial < book.chapterCount ? chapter.serial + 1 : null,
  }
}

export async function chapterBySerial(
  app: AppContext,
  bookId: number,
  serial: number,
): Promise<ChapterDetail> {
  return loadChapter(app.db, await findListedBook(app.db, bookId), serial)
}

/** The chapter after or before `serial`; 404 at the ends. */
export async function turnChapter(
  app: AppContext,
  req: Pick<ChapterTurningReq, 'booksId' | 'serial' | 'direction'>,
): Promise<ChapterDetail> {
  const book = await findListedBook(app.db, req.booksId)
  if (req.serial > book.chapterCount) throw notFound(CHAPTER_NOT_FOUND)
  if (req.direction === 'next') {
    if (req.serial >= book.chapterCount) throw notFound('已经是最后一章')
    return loadChapter(app.db, book, req.serial + 1)
  }
  if (req.serial <= 1) throw notFound('已经是第一章')
  return loadChapter(app.db, book, req.serial - 1)
}

/** Where to open the book: the caller's saved place, or the first chapter. */
export async function openReading(
  app: AppContext,
  caller: Caller | null,
  bookId: number,
): Promise<OpenReadingRes> {
  const book = await findListedBook(app.db, bookId)
  const progress = caller ? await progressOf(app.db, caller.userId, book.id) : null
  return { progress, chapter: await loadChapter(app.db, book, progress?.serial ?? 1) }
}
