/**
 * Highlights (划线) and their notes (想法): ranges of one paragraph's characters, only the
 * reader's own. The quote is cut from the stored text, never taken from the client.
 */
import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm'
import { textLength } from '@rules/validate'
import {
  AnnotationLimits,
  AnnotationRates,
  isValidRange,
  type HighlightColour,
} from '@rules/annotations'
import { BLOCKED_TEXT_MESSAGE } from '@rules/moderation'
import {
  HIGHLIGHT_NOT_FOUND,
  NOTE_TOO_LONG,
  RANGE_INVALID,
  type CreateHighlightReq,
  type Highlight,
  type HighlightCount,
  type UpdateHighlightReq,
} from '@api/annotations'
import type { Page } from '@api/envelope'
import { unixSeconds } from '../../clock'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { bookChapters, books, highlights } from '../../db/schema'
import { inTx } from '../../db/tx'
import { lockCaller } from '../../db/users'
import type { Caller } from '../../http/auth'
import { badRequest, notFound } from '../../http/errors'
import { pageOf, type Paging } from '../../http/paging'
import { refuseOverRate } from '../../http/rates'
import { findListedBook } from '../books/bookRows'
import { moderateText } from '../common/moderation'
import { chapterOf, chapterTitle, textAt } from './place'

const columns = {
  id: highlights.id,
  bookId: highlights.bookId,
  booksName: books.name,
  booksCover: books.cover,
  serial: highlights.serial,
  chapterTitle,
  paragraph: highlights.paragraph,
  start: highlights.start,
  end: highlights.end,
  colour: highlights.colour,
  quote: highlights.quote,
  note: highlights.note,
  postId: highlights.postId,
  createdAt: highlights.createdAt,
  updatedAt: highlights.updatedAt,
}

interface Row {
  id: number
  bookId: number
  booksName: string
  booksCover: string
  serial: number
  chapterTitle: string
  paragraph: number
  start: number
  end: number
  colour: string
  quote: string
  note: string
  postId: number | null
  createdAt: Date
  updatedAt: Date
}

const toHighlight = (row: Row): Highlight => ({
  id: row.id,
  booksId: row.bookId,
  booksName: row.booksName,
  booksCoverSheet: row.booksCover,
  serial: row.serial,
  chapterTitle: row.chapterTitle,
  paragraph: row.paragraph,
  start: row.start,
  end: row.end,
  // Only the palette's names are ever stored (the input schema refuses any other).
  colour: row.colour as HighlightColour,
  quote: row.quote,
  note: row.note,
  postId: row.postId,
  createdAt: unixSeconds(row.createdAt.getTime()),
  updatedAt: unixSeconds(row.updatedAt.getTime()),
})

/** In the text: by chapter, paragraph and start. */
const textOrder = [
  asc(highlights.serial),
  asc(highlights.paragraph),
  asc(highlights.start),
  asc(highlights.id),
]

const mine = (caller: Caller) => eq(highlights.userId, caller.userId)
/** Lists and counts show highlights in listed books only. */
const listed = eq(books.listed, true)

function selectHighlights(db: Db, where: SQL | undefined) {
  return db
    .select(columns)
    .from(highlights)
    .innerJoin(books, eq(books.id, highlights.bookId))
    .leftJoin(bookChapters, chapterOf(highlights.bookId, highlights.serial))
    .where(where)
}

/** One of the caller's highlights, or 404 划线不存在 (another reader's as well). */
export async function ownHighlight(db: Db, caller: Caller, id: number): Promise<Highlight> {
  const rows = await selectHighlights(db, and(eq(highlights.id, id), mine(caller)))
  if (!rows[0]) throw notFound(HIGHLIGHT_NOT_FOUND)
  return toHighlight(rows[0])
}

/** The caller's highlights in one chapter, in text order (the reader paints them). */
export async function chapterHighlights(
  db: Db,
  caller: Caller,
  bookId: number,
  serial: number,
): Promise<Highlight[]> {
  const rows = await selectHighlights(
    db,
    and(mine(caller), eq(highlights.bookId, bookId), eq(highlights.serial, serial)),
  ).orderBy(...textOrder)
  return rows.map(toHighlight)
}

/**
 * My highlights: one listed book's in text order, or across listed books most recently written
 * first (`highlights_user_recent_idx`).
 */
export async function highlightList(
  app: AppContext,
  caller: Caller,
  filter: { bookId?: number },
  paging: Paging,
): Promise<Page<Highlight>> {
  const conditions = [mine(caller), listed]
  if (filter.bookId !== undefined) {
    const book = await findListedBook(app.db, filter.bookId)
    conditions.push(eq(highlights.bookId, book.id))
  }
  const where = and(...conditions)
  const [{ total }] = await app.db
    .select({ total: count() })
    .from(highlights)
    .innerJoin(books, eq(books.id, highlights.bookId))
    .where(where)
  const order =
    filter.bookId !== undefined ? textOrder : [desc(highlights.updatedAt), desc(highlights.id)]
  const rows = await selectHighlights(app.db, where)
    .orderBy(...order)
    .limit(paging.pageSize)
    .offset(paging.offset)
  return pageOf(rows.map(toHighlight), total, paging)
}

/** How many highlights I have in listed books, and how many carry a note. */
export async function highlightCount(app: AppContext, caller: Caller): Promise<HighlightCount> {
  const [row] = await app.db
    .select({
      highlights: count(),
      notes: sql<number>`count(*) filter (where ${ne(highlights.note, '')})`.mapWith(Number),
    })
    .from(highlights)
    .innerJoin(books, eq(books.id, highlights.bookId))
    .where(and(mine(caller), listed))
  return { highlights: Number(row.highlights), notes: Number(row.notes) }
}

/** The note as it will be stored: trimmed, at most noteMaxChars, no blocked words ('' is none). */
export function checkNote(raw: string): string {
  const note = raw.trim()
  if (textLength(note) > AnnotationLimits.noteMaxChars) throw badRequest(NOTE_TOO_LONG)
  if (note !== '' && !moderateText(note).pass) throw badRequest(BLOCKED_TEXT_MESSAGE)
  return note
}

/** Highlight writes count against AnnotationRates.highlight (each row once, at its last write). */
const checkWriteRate = (tx: Db, caller: Caller, now: number): Promise<void> =>
  refuseOverRate(
    tx,
    AnnotationRates.highlight,
    { table: highlights, user: highlights.userId, at: highlights.updatedAt },
    caller.userId,
    now,
  )

/**
 * Highlights [start, end) of a paragraph that exists, the quote cut from its stored text. The
 * same range highlighted again is the same highlight: its colour changes (and its note, when one
 * is given). Under the caller's row lock, so the rate and the merge hold for parallel calls.
 */
export async function createHighlight(
  app: AppContext,
  caller: Caller,
  req: CreateHighlightReq,
): Promise<Highlight> {
  const note = checkNote(req.note ?? '')
  const place = { bookId: req.booksId, serial: req.serial, paragraph: req.paragraph }
  const { text } = await textAt(app.db, place)
  if (!isValidRange(text, req.start, req.end)) throw badRequest(RANGE_INVALID)
  const quote = text.slice(req.start, req.end)
  if (quote.trim() === '') throw badRequest(RANGE_INVALID)
  const id = await inTx(app.db, async (tx) => {
    await lockCaller(tx, caller.userId)
    const now = app.clock.now()
    await checkWriteRate(tx, caller, now)
    const same = await tx
      .select({ id: highlights.id })
      .from(highlights)
      .where(
        and(
          mine(caller),
          eq(highlights.bookId, place.bookId),
          eq(highlights.serial, place.serial),
          eq(highlights.paragraph, place.paragraph),
          eq(highlights.start, req.start),
          eq(highlights.end, req.end),
        ),
      )
    if (same[0]) {
      await tx
        .update(highlights)
        .set({ colour: req.colour, ...(note ? { note } : {}), updatedAt: new Date(now) })
        .where(eq(highlights.id, same[0].id))
      return same[0].id
    }
    const [row] = await tx
      .insert(highlights)
      .values({
        userId: caller.userId,
        ...place,
        start: req.start,
        end: req.end,
        colour: req.colour,
        quote,
        note,
        createdAt: new Date(now),
        updatedAt: new Date(now),
      })
      .returning({ id: highlights.id })
    return row.id
  })
  return ownHighlight(app.db, caller, id)
}

/** Changes the colour and/or the note of one of my highlights ('' clears the note). */
export async function updateHighlight(
  app: AppContext,
  caller: Caller,
  req: UpdateHighlightReq,
): Promise<Highlight> {
  const note = req.note === undefined ? undefined : checkNote(req.note)
  await inTx(app.db, async (tx) => {
    await lockCaller(tx, caller.userId)
    const rows = await tx
      .select({ id: highlights.id })
      .from(highlights)
      .where(and(eq(highlights.id, req.id), mine(caller)))
      .for('update')
    if (!rows[0]) throw notFound(HIGHLIGHT_NOT_FOUND)
    if (req.colour === undefined && note === undefined) return null
    const now = app.clock.now()
    await checkWriteRate(tx, caller, now)
    await tx
      .update(highlights)
      .set({
        ...(req.colour === undefined ? {} : { colour: req.colour }),
        ...(note === undefined ? {} : { note }),
        updatedAt: new Date(now),
      })
      .where(eq(highlights.id, req.id))
    return null
  })
  return ownHighlight(app.db, caller, req.id)
}

/** Deletes one of my highlights and its note; anyone else's is as missing (404). */
export async function deleteHighlight(app: AppContext, caller: Caller, id: number): Promise<void> {
  const gone = await app.db
    .delete(highlights)
    .where(and(eq(highlights.id, id), mine(caller)))
    .returning({ id: highlights.id })
  if (gone.length === 0) throw notFound(HIGHLIGHT_NOT_FOUND)
}

/** Records the feed post a highlight was shared as. */
export async function setSharedPost(tx: Db, highlightId: number, postId: number): Promise<void> {
  await tx.update(highlights).set({ postId }).where(eq(highlights.id, highlightId))
}
