import { and, eq, lte } from 'drizzle-orm'
import { Rates, type RateRule } from '@rules/limits'
import type { Db } from '../../db/client'
import { actionMarks } from '../../db/schema'
import { refuseOverRate } from '../../http/rates'

/**
 * Actions with a rate limit of their own: liking or unliking a post, following or unfollowing
 * (Rates.toggle), publishing a video (VideoRates.upload: deleting one gives no slot back).
 */
export type MarkedAction = 'like' | 'follow' | 'video_upload'

/**
 * Counts one `action` by `userId` at `nowMs`, or 429 when `rule` (Rates.toggle unless told) were
 * already made in its window. Kept in `action_marks` (not in memory) so that every
 * server process sees the same count; the person's older marks of the action are pruned on each
 * call, so the table holds at most a window's worth per person and action. Call it inside the
 * transaction, under the caller's row lock (parallel toggles then count one after the other); a
 * call that fails later rolls its mark back with the rest.
 */
export async function markAction(
  tx: Db,
  userId: number,
  action: MarkedAction,
  nowMs: number,
  rule: RateRule = Rates.toggle,
): Promise<void> {
  const since = new Date(nowMs - rule.windowMs)
  const mine = and(eq(actionMarks.userId, userId), eq(actionMarks.action, action))
  await tx.delete(actionMarks).where(and(mine, lte(actionMarks.at, since)))
  const source = { table: actionMarks, user: actionMarks.userId, at: actionMarks.at }
  await refuseOverRate(tx, rule, { ...source, only: eq(actionMarks.action, action) }, userId, nowMs)
  await tx.insert(actionMarks).values({ userId, action, at: new Date(nowMs) })
}
