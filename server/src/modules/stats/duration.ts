import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm'
import { Limits } from '@rules/limits'
import type { ReadingDay, ReadingTimeInfo, ReportDurationRes } from '@api/stats'
import type { Page } from '@api/envelope'
import type { AppContext } from '../../context'
import { books, readingDurations, readingReportMarks } from '../../db/schema'
import { inTx } from '../../db/tx'
import type { Caller } from '../../http/auth'
import { notFound } from '../../http/errors'
import { lockCaller } from '../../db/users'
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

/** POST /api/rankingList/createBooksDuration: one transaction. */
export async function reportDuration(
  app: AppContext,
  caller: Caller,
  booksId: number,
  seconds: number,
): Promise<ReportDurationRes> {
  const now = app.clock.now()
  const today = dayKey(now)
  return inTx(app.db, async (tx) => {
    // The caller's row lock serialises this reader's reports.
    await lockCaller(tx, caller.userId)
    const book = await tx
      .select({ id: books.id })
      .from(books)
      .where(and(eq(books.id, booksId), eq(books.listed, true)))
    if (!book[0]) throw notFound('书籍不存在')

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
          source: 'book',
          itemId: booksId,
          bookId: booksId,
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
          .select({ day: d.day, booksId: d.itemId, booksName: books.name, seconds: d.seconds })
          .from(d)
          .innerJoin(books, eq(books.id, d.bookId))
          .where(
            and(
              mine,
              inArray(
                d.day,
                days.map((row) => row.day),
              ),
            ),
          )
          .orderBy(desc(d.day), desc(d.seconds), asc(d.itemId))
  const list: ReadingDay[] = days.map((row) => ({
    day: row.day,
    seconds: row.seconds,
    books: perBook
      .filter((b) => b.day === row.day)
      .map((b) => ({ booksId: b.booksId, booksName: b.booksName, seconds: b.seconds })),
  }))
  return pageOf(list, totalRows[0].n, paging)
}
