import { and, count, eq, gt, lte } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { actionMarks } from '../../db/schema'
import { tooMany } from '../../http/errors'

/** Toggles with a rate limit of their own: liking or unliking a post, following or unfollowing. */
export type MarkedAction = 'like' | 'follow'

/** At most this many toggles of one action per person in any ACTION_WINDOW_MS. */
export const ACTIONS_PER_WINDOW = 60
export const ACTION_WINDOW_MS = 60_000
export const ACTION_RATE_MESSAGE = '操作太频繁，请稍后再试'

/**
 * Counts one toggle of `action` by `userId` at `nowMs`, or 429 when ACTIONS_PER_WINDOW were
 * already made in the last ACTION_WINDOW_MS. Kept in `action_marks` (not in memory) so that every
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
): Promise<void> {
  const since = new Date(nowMs - ACTION_WINDOW_MS)
  const mine = and(eq(actionMarks.userId, userId), eq(actionMarks.action, action))
  await tx.delete(actionMarks).where(and(mine, lte(actionMarks.at, since)))
  const [recent] = await tx
    .select({ n: count() })
    .from(actionMarks)
    .where(and(mine, gt(actionMarks.at, since)))
  if (recent.n >= ACTIONS_PER_WINDOW) throw tooMany(ACTION_RATE_MESSAGE)
  await tx.insert(actionMarks).values({ userId, action, at: new Date(nowMs) })
}
