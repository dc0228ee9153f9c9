/**
 * Sign-ins (签到): a participant (who applied) signs in once a China day from the apply start until
 * the vote ends. MySign shows my entry and the days I signed in.
 */
import { and, asc, eq } from 'drizzle-orm'
import { ActivityText, chinaDay, signOpen } from '@rules/activities'
import type { MySignRes } from '@api/activities'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { activitySigns, users } from '../../db/schema'
import { inTx } from '../../db/tx'
import type { Caller } from '../../http/auth'
import { badRequest } from '../../http/errors'
import { activityRow, entryOf, rankOf, toVoteItem, windowsOf, type ActivityRow } from './rows'

/** My part in the activity as of `now`. */
async function mySignOf(db: Db, row: ActivityRow, userId: number, now: number): Promise<MySignRes> {
  const entry = await entryOf(db, row.id, userId)
  let item: MySignRes['entry'] = null
  if (entry) {
    const [author] = await db
      .select({ id: users.id, nickname: users.nickname, avatar: users.avatar })
      .from(users)
      .where(eq(users.id, userId))
    item = toVoteItem(entry, author, await rankOf(db, row.id, entry.votes), userId)
  }
  const signs = await db
    .select({ day: activitySigns.day })
    .from(activitySigns)
    .where(and(eq(activitySigns.activityId, row.id), eq(activitySigns.userId, userId)))
    .orderBy(asc(activitySigns.day))
  const days = signs.map((s) => s.day)
  const today = chinaDay(now)
  return {
    activityId: row.id,
    entry: item,
    days,
    today,
    signedToday: days.includes(today),
    total: days.length,
    signOpen: signOpen(windowsOf(row), now),
  }
}

export async function mySign(
  app: AppContext,
  caller: Caller,
  activityId: number,
): Promise<MySignRes> {
  const row = await activityRow(app.db, activityId)
  return mySignOf(app.db, row, caller.userId, app.clock.now())
}

/** Signs the caller in for today: 400 before the start, after the end, without an entry, twice. */
export async function sign(
  app: AppContext,
  caller: Caller,
  activityId: number,
): Promise<MySignRes> {
  return inTx(app.db, async (tx) => {
    const row = await activityRow(tx, activityId)
    const now = app.clock.now()
    const w = windowsOf(row)
    if (now < w.applyStart) throw badRequest(ActivityText.signNotStarted)
    if (now >= w.voteEnd) throw badRequest(ActivityText.signEnded)
    if (!(await entryOf(tx, row.id, caller.userId))) throw badRequest(ActivityText.notApplied)
    const signed = await tx
      .insert(activitySigns)
      .values({
        activityId: row.id,
        userId: caller.userId,
        day: chinaDay(now),
        createdAt: new Date(now),
      })
      .onConflictDoNothing()
      .returning({ day: activitySigns.day })
    if (signed.length === 0) throw badRequest(ActivityText.alreadySigned)
    return mySignOf(tx, row, caller.userId, now)
  })
}
