import { and, asc, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm'
import { Limits } from '@rules/limits'
import {
  BOOK_NOT_FOUND,
  MAGAZINE_NOT_FOUND,
  NEWSPAPER_NOT_FOUND,
  READING_ITEM_MISSING,
  type ReadingDay,
  type ReadingTimeInfo,
  type ReportDurationRes,
} from '@api/stats'
import type { Page } from '@api/envelope'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import {
  books,
  magazines,
  newspapers,
  readingDurations,
  readingReportMarks,
  type ReadingSource,
} from '../../db/schema'
import { inTx } from '../../db/tx'
import type { Caller } from '../../http/auth'
import { badRequest, notFound } from '../../http/errors'
import { lockCaller } from '../../db/users'
import { magazinePublic } from '../magazines/rows'
import { newspaperPublic } from '../newspapers/rows'
import { dayKey, weekStartKey } from './days'
import { pageOf, type Paging } from '../../http/paging'

/** How far back a report may reach: at most the per-report cap before now. */
const WINDOW_MS = Limits.durationMaxSecondsPerReport * 1000

/** A reader's seconds for one day never exceed the day itself. */
export const DAY_MAX_SECONDS = 86_400

export interface Credit {
  /** Whole seconds credited to the report. */
  credited: number
  /** The reader's new mark: wall-clock time is credited up to here (epoch ms). */
  creditedUntil: number
}

/**
 * What a report is credited with. Pure; `creditedUntil` is the reader's mark (epoch ms; null
 * before the first report): wall-clock time up to it has already been credited.
 *
 * - First report: min(seconds, 300), placed just before now (the mark becomes now).
 * - Later: the report may only use time after the mark and within the last 300 s:
 *   from = max(creditedUntil, now − 300 s); credited = ⌊min(seconds, 300, max(0, now − from))⌋;
 *   the mark becomes from + credited.
 *
 * Every credit is a stretch of wall-clock time that no other credit of the reader uses, lying in
 * [first report − 300 s, now]: a reader's total never exceeds the time since their first report
 * plus 300 s, however often they report. A clock that went back credits nothing and leaves the mark.
 */
export function creditReport(seconds: number, nowMs: number, creditedUntil: number | null): Credit {
  const claimed = Math.min(seconds, Limits.durationMaxSecondsPerReport)
  if (creditedUntil === null) {
    return { credited: Math.max(0, Math.floor(claimed)), creditedUntil: nowMs }
  }
  const from = Math.max(creditedUntil, nowMs - WINDOW_MS)
  const available = Math.max(0, nowMs - from) / 1000
  const credited = Math.max(0, Math.floor(Math.min(claimed, available)))
  return { credited, creditedUntil: from + credited * 1000 }
}

const secondsSum = sql<number>`coalesce(sum(${readingDurations.seconds}), 0)::int`

/** What a report credits: a book, a magazine or a newspaper. */
export interface ReadItem {
  source: ReadingSource
  id: number
}

/** The one item a report names (booksId, magazineId or newspaperId), else 400. */
export function readItemOf(input: {
  booksId?: number
  magazineId?: number
  newspaperId?: number
}): ReadItem {
  const given: ReadItem[] = []
  if (input.booksId !== undefined) given.push({ source: 'book', id: input.booksId })
  if (input.magazineId !== undefined) given.push({ source: 'magazine', id: input.magazineId })
  if (input.newspaperId !== undefined) given.push({ source: 'newspaper', id: input.newspaperId })
  if (given.length !== 1) throw badRequest(READING_ITEM_MISSING)
  return given[0]
}

/** A listed book, or a public magazine or newspaper (one with an approved issue or edition). */
async function requireReadable(tx: Db, item: ReadItem): Promise<void> {
  const lookups: Record<ReadingSource, () => Promise<unknown[]>> = {
    book: () =>
      tx
        .select({ id: books.id })
        .from(books)
        .where(and(eq(books.id, item.id), eq(books.listed, true))),
    magazine: () =>
      tx
        .select({ id: magazines.id })
        .from(magazines)
        .where(and(eq(magazines.id, item.id), magazinePublic)),
    newspaper: () =>
      tx
        .select({ id: newspapers.id })
        .from(newspapers)
        .where(and(eq(newspapers.id, item.id), newspaperPublic)),
  }
  const missing = {
    book: BOOK_NOT_FOUND,
    magazine: MAGAZINE_NOT_FOUND,
    newspaper: NEWSPAPER_NOT_FOUND,
  }
  if ((await lookups[item.source]()).length === 0) throw notFound(missing[item.source])
}

/** POST /api/rankingList/createBooksDuration: one transaction. */
export async function reportDuration(
  app: AppContext,
  caller: Caller,
  item: ReadItem,
  seconds: number,
): Promise<ReportDurationRes> {
  const now = app.clock.now()
  const today = dayKey(now)
  return inTx(app.db, async (tx) => {
    // The caller's row lock serialises this reader's reports.
    await lockCaller(tx, caller.userId)
    await requireReadable(tx, item)

    // reading_report_marks.last_report_at means "credited until": see creditReport.
    const mark = await tx
      .select({ creditedUntil: readingReportMarks.lastReportAt })
      .from(readingReportMarks)
      .where(eq(readingReportMarks.userId, caller.userId))
    const credit = creditReport(seconds, now, mark[0] ? mark[0].creditedUntil.getTime() : null)
    const creditedUntil = new Date(credit.creditedUntil)
    await tx
      .insert(readingReportMarks)
      .values({ userId: caller.userId, lastReportAt: creditedUntil })
      .onConflictDoUpdate({
        target: readingReportMarks.userId,
        set: { lastReportAt: creditedUntil },
      })
    // The day's cap: what would pass 86,400 s is dropped (the mark still moves past it).
    const before = await tx
      .select({ seconds: secondsSum })
      .from(readingDurations)
      .where(and(eq(readingDurations.userId, caller.userId), eq(readingDurations.day, today)))
    const credited = Math.max(0, Math.min(credit.credited, DAY_MAX_SECONDS - before[0].seconds))
    if (credited > 0) {
      await tx
        .insert(readingDurations)
        .values({
          userId: caller.userId,
          day: today,
          source: item.source,
          itemId: item.id,
          bookId: item.source === 'book' ? item.id : null,
          seconds: credited,
        })
        .onConflictDoUpdate({
          target: [
            readingDurations.userId,
            readingDurations.day,
            readingDurations.source,
            readingDurations.itemId,
          ],
          set: { seconds: sql`${readingDurations.seconds} + ${credited}` },
        })
    }
    return { credited, todaySeconds: before[0].seconds + credited }
  })
}

/** GET User.BookInfo.MyReadingTimeInfo: one aggregate over the caller's rows. */
export async function readingTimeInfo(app: AppContext, caller: Caller): Promise<ReadingTimeInfo> {
  const now = app.clock.now()
  const today = dayKey(now)
  const monday = weekStartKey(now)
  const d = readingDurations
  const rows = await app.db
    .select({
      todaySeconds: sql<number>`coalesce(sum(${d.seconds}) filter (where ${d.day} = ${today}), 0)::int`,
      weekSeconds: sql<number>`coalesce(sum(${d.seconds}) filter (where ${d.day} >= ${monday} and ${d.day} <= ${today}), 0)::int`,
      totalSeconds: secondsSum,
      days: sql<number>`count(distinct ${d.day}) filter (where ${d.seconds} > 0)::int`,
    })
    .from(d)
    .where(eq(d.userId, caller.userId))
  return rows[0]
}

/** The name of what a row counts; a deleted magazine or newspaper keeps its time under a note. */
const itemName: SQL<string> = sql<string>`coalesce(${books.name}, ${magazines.name}, ${newspapers.name}, case ${readingDurations.source} when 'magazine' then '已删除的杂志' when 'newspaper' then '已删除的报纸' else '' end)`

/** GET User.BookInfo.MyReadingTimeList: the caller's reading days, newest first, paged by day. */
export async function readingTimeList(
  app: AppContext,
  caller: Caller,
  paging: Paging,
): Promise<Page<ReadingDay>> {
  const d = readingDurations
  const mine = and(eq(d.userId, caller.userId), gt(d.seconds, 0))
  const totalRows = await app.db
    .select({ n: count(sql`distinct ${d.day}`) })
    .from(d)
    .where(mine)
  const days = await app.db
    .select({ day: d.day, seconds: secondsSum })
    .from(d)
    .where(mine)
    .groupBy(d.day)
    .orderBy(desc(d.day))
    .limit(paging.pageSize)
    .offset(paging.offset)
  const perBook =
    days.length === 0
      ? []
      : await app.db
          .select({
            day: d.day,
            booksId: d.itemId,
            booksName: itemName,
            seconds: d.seconds,
            source: d.source,
          })
          .from(d)
          .leftJoin(books, and(eq(d.source, 'book'), eq(books.id, d.itemId)))
          .leftJoin(magazines, and(eq(d.source, 'magazine'), eq(magazines.id, d.itemId)))
          .leftJoin(newspapers, and(eq(d.source, 'newspaper'), eq(newspapers.id, d.itemId)))
          .where(
            and(
              mine,
              inArray(
                d.day,
                days.map((row) => row.day),
              ),
            ),
          )
          .orderBy(desc(d.day), desc(d.seconds), asc(d.itemId), asc(d.source))
  const list: ReadingDay[] = days.map((row) => ({
    day: row.day,
    seconds: row.seconds,
    books: perBook
      .filter((b) => b.day === row.day)
      .map((b) => ({
        booksId: b.booksId,
        booksName: b.booksName,
        seconds: b.seconds,
        source: b.source,
      })),
  }))
  return pageOf(list, totalRows[0].n, paging)
}
