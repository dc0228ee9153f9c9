/**
 * Votes (投票): within the vote window, never for one's own entry, once per entry per China day,
 * at most the activity's votesPerDay per China day. A reader's votes in an activity are serialised
 * by a transaction-scoped advisory lock on (activity, reader), so concurrent votes by one reader
 * cannot pass the daily limit; the entry's count moves by `votes = votes + 1` under its row lock,
 * so concurrent votes by many readers are all counted.
 */
import { and, eq, sql } from 'drizzle-orm'
import { ActivityText, chinaDay } from '@rules/activities'
import type { VoteRes } from '@api/activities'
import type { AppContext } from '../../context'
import { activityEntries, activityVotes } from '../../db/schema'
import { inTx, lockKey } from '../../db/tx'
import type { Caller } from '../../http/auth'
import { badRequest } from '../../http/errors'
import { activityRow, findEntry, votesCast, windowsOf } from './rows'

export async function vote(app: AppContext, caller: Caller, entryId: number): Promise<VoteRes> {
  return inTx(app.db, async (tx) => {
    const { entry } = await findEntry(tx, entryId)
    const row = await activityRow(tx, entry.activityId)
    const now = app.clock.now()
    const w = windowsOf(row)
    if (now < w.voteStart) throw badRequest(ActivityText.voteNotStarted)
    if (now >= w.voteEnd) throw badRequest(ActivityText.voteEnded)
    if (entry.userId === caller.userId) throw badRequest(ActivityText.ownEntry)
    await lockKey(tx, `activity_vote:${row.id}:${caller.userId}`)
    const day = chinaDay(now)
    const [already] = await tx
      .select({ id: activityVotes.id })
      .from(activityVotes)
      .where(
        and(
          eq(activityVotes.entryId, entry.id),
          eq(activityVotes.userId, caller.userId),
          eq(activityVotes.day, day),
        ),
      )
    if (already) throw badRequest(ActivityText.votedToday)
    const used = await votesCast(tx, row.id, caller.userId, day)
    if (used >= row.votesPerDay) throw badRequest(ActivityText.noVotesLeft)
    await tx.insert(activityVotes).values({
      activityId: row.id,
      entryId: entry.id,
      userId: caller.userId,
      day,
      createdAt: new Date(now),
    })
    const [updated] = await tx
      .update(activityEntries)
      .set({ votes: sql`${activityEntries.votes} + 1` })
      .where(eq(activityEntries.id, entry.id))
      .returning({ votes: activityEntries.votes })
    return { entryId: entry.id, votes: updated.votes, votesLeftToday: row.votesPerDay - used - 1 }
  })
}
