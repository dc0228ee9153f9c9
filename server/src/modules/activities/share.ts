/**
 * VoteItemShare: the share card of an entry; a share counts once per viewer (a reader, or a guest
 * by address: http/viewerKey) per entry per hour, so a loop cannot inflate it.
 */
import { eq, lte, sql } from 'drizzle-orm'
import { ActivityLimits, voteItemPath } from '@rules/activities'
import type { VoteItemShareRes } from '@api/activities'
import type { AppContext } from '../../context'
import { activityEntries, activityShareMarks } from '../../db/schema'
import { inTx } from '../../db/tx'
import { activityRow, findEntry } from './rows'

export async function shareVoteItem(
  app: AppContext,
  id: number,
  viewer: string,
): Promise<VoteItemShareRes> {
  const { entry } = await findEntry(app.db, id)
  const activity = await activityRow(app.db, entry.activityId)
  const card = {
    title: `「${entry.title}」正在参加「${activity.title}」，快来投票吧`,
    image: entry.images[0] ?? activity.cover,
    path: voteItemPath(entry.id),
  }
  return inTx(app.db, async (tx) => {
    const now = new Date(app.clock.now())
    // One statement decides whether this share counts: a new viewer, or one whose last counted
    // share is an hour old. Two requests at once: the row lock lets only one of them count.
    const marked = await tx
      .insert(activityShareMarks)
      .values({ entryId: id, viewer, at: now })
      .onConflictDoUpdate({
        target: [activityShareMarks.entryId, activityShareMarks.viewer],
        set: { at: now },
        setWhere: lte(
          activityShareMarks.at,
          new Date(now.getTime() - ActivityLimits.shareWindowMs),
        ),
      })
      .returning({ viewer: activityShareMarks.viewer })
    if (marked.length === 0) {
      const [fresh] = await tx
        .select({ shares: activityEntries.shares })
        .from(activityEntries)
        .where(eq(activityEntries.id, id))
      return { ...card, shares: fresh?.shares ?? entry.shares, counted: false }
    }
    const [updated] = await tx
      .update(activityEntries)
      .set({ shares: sql`${activityEntries.shares} + 1` })
      .where(eq(activityEntries.id, id))
      .returning({ shares: activityEntries.shares })
    return { ...card, shares: updated.shares, counted: true }
  })
}
