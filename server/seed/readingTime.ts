import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import type { Db } from '../src/db/client'
import { books, rankLikes, readingDurations, users } from '../src/db/schema'
import { dayKey } from '../src/modules/stats/days'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Minutes a day over the last ten days (index 0 = today), per demo reader. 书友小林 reads at least
 * as much as 演示读者 every day and more today, so 小林 leads every period whatever the weekday.
 */
const MINUTES: Record<string, number[]> = {
  '13800000001': [42, 35, 0, 58, 26, 47, 31, 0, 64, 22],
  '13800000000': [18, 12, 0, 25, 26, 0, 15, 0, 30, 9],
}

/**
 * Reading time of the demo readers (seeded by users.ts) on the first few listed books, relative to
 * `now`, and one ranking like, so the ranking and the reading-time pages have people on them.
 * Without the demo readers or books it does nothing.
 */
export async function seedReadingTime(tx: Db, now: number): Promise<void> {
  const readers = await tx
    .select({ id: users.id, mobile: users.mobile })
    .from(users)
    .where(and(inArray(users.mobile, Object.keys(MINUTES)), isNull(users.deletedAt)))
  const shelf = await tx
    .select({ id: books.id })
    .from(books)
    .where(eq(books.listed, true))
    .orderBy(asc(books.id))
    .limit(3)
  if (readers.length === 0 || shelf.length === 0) return

  const rows: Array<typeof readingDurations.$inferInsert> = []
  for (const reader of readers) {
    MINUTES[reader.mobile ?? '']?.forEach((minutes, daysAgo) => {
      if (minutes === 0) return
      const day = dayKey(now - daysAgo * DAY_MS)
      // Most of the day on one book, the rest on the next one (when there is one).
      const book = shelf[daysAgo % shelf.length]
      const other = shelf[(daysAgo + 1) % shelf.length]
      const main = other.id === book.id ? minutes : Math.ceil(minutes * 0.7)
      rows.push({ userId: reader.id, day, itemId: book.id, bookId: book.id, seconds: main * 60 })
      if (main < minutes) {
        rows.push({
          userId: reader.id,
          day,
          itemId: other.id,
          bookId: other.id,
          seconds: (minutes - main) * 60,
        })
      }
    })
  }
  if (rows.length > 0) await tx.insert(readingDurations).values(rows)

  const demo = readers.find((r) => r.mobile === '13800000000')
  const lin = readers.find((r) => r.mobile === '13800000001')
  if (demo && lin) {
    await tx
      .insert(rankLikes)
      .values({ likerId: demo.id, userId: lin.id, createdAt: new Date(now) })
      .onConflictDoNothing()
  }
}
