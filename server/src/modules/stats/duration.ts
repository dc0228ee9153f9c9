import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm'
import { Limits } from '../../../../src/core/limits'
import type { ReadingDay, ReadingTimeInfo, ReportDurationRes } from '../../../../types/api/books'
import type { Page } from '../../../../types/api/envelope'
import type { AppContext } from '../../context'
import { books, readingDurations, readingReportMarks } from '../../db/schema'
import { inTx } from '../../db/tx'
import type { Caller } from '../../http/auth'
import { notFound } from '../../http/errors'
import { lockCaller } from '../account/users'
import { dayKey, weekStartKey } from './days'
import type { Paging } from './input'

/** Slack on "time since the previous report": the app's timer and the request take a moment. */
export const REPORT_SLACK_SECONDS = 5

/**
 * What a report is credited with: at most the per-report cap, and never more than the time since
 * the previous report (plus slack). Pure; `previousAt` null means no previous report.
 */
export function creditedSeconds(seconds: number, nowMs: number, previousAt: number | null): number {
  let credited = Math.min(seconds, Limits.durationMaxSecondsPerReport)
  if (previousAt !== null) {
    const since = Math.floor((nowMs - previousAt) / 1000) + REPORT_SLACK_SECONDS
    credited = Math.min(credited, since)
  }
  return Math.max(0, credited)
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

    const mark = await tx
      .select({ at: readingReportMarks.lastReportAt })
      .from(readingReportMarks)
      .where(eq(readingReportMarks.userId, caller.userId))
    const credited = creditedSeconds(seconds, now, mark[0] ? mark[0].at.getTime() : null)
    await tx
      .insert(readingReportMarks)
      .values({ userId: caller.userId, lastReportAt: new Date(now) })
      .onConflictDoUpdate({
        target: readingReportMarks.userId,
        set: { lastReportAt: new Date(now) },
      })
    if (credited > 0) {
      await tx
        .insert(readingDurations)
        .values({ userId: caller.userId, day: today, bookId: booksId, seconds: credited })
        .onConflictDoUpdate({
          target: [readingDurations.userId, readingDurations.day, readingDurations.bookId],
          set: { seconds: sql`${readingDurations.seconds} + ${credited}` },
        })
    }
    const total = await tx
      .select({ seconds: secondsSum })
      .from(readingDurations)
      .where(and(eq(readingDurations.userId, caller.userId), eq(readingDurations.day, today)))
    return { credited, todaySeconds: total[0].seconds }
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
          .select({ day: d.day, booksId: d.bookId, booksName: books.name, seconds: d.seconds })
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
          .orderBy(desc(d.day), desc(d.seconds), asc(d.bookId))
  const list: ReadingDay[] = days.map((row) => ({
    day: row.day,
    seconds: row.seconds,
    books: perBook
      .filter((b) => b.day === row.day)
      .map((b) => ({ booksId: b.booksId, booksName: b.booksName, seconds: b.seconds })),
  }))
  return { list, total: totalRows[0].n, page: paging.page, pageSize: paging.pageSize }
}
