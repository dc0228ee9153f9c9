/**
 * What the activity services share: finding an activity or a shown entry, the windows and phase
 * as of now, an entry's rank, a reader's votes left today, and turning rows into the contract's
 * shapes. An entry is shown while its author's account lives (as the feed hides the posts of
 * deleted accounts); counts and ranks count shown entries only.
 */
import { and, count, eq, gt, isNull, sql, type SQL } from 'drizzle-orm'
import {
  ActivityLimits,
  ActivityText,
  activityPhase,
  applyOpen,
  chinaDay,
  signOpen,
  voteOpen,
  type ActivityWindows,
} from '@rules/activities'
import { clipText } from '@rules/validate'
import type { ActivityDetail, ActivityMine, ActivitySummary, VoteItem } from '@api/activities'
import { unixSeconds } from '../../clock'
import type { Db } from '../../db/client'
import { activities, activityEntries, activityVotes, users } from '../../db/schema'
import { notFound } from '../../http/errors'
import { paging, type Paging } from '../../http/paging'

export type ActivityRow = typeof activities.$inferSelect
export type EntryRow = typeof activityEntries.$inferSelect

export const activityPaging = (input: { page?: number; pageSize?: number }): Paging =>
  paging(input, ActivityLimits.pageSize, ActivityLimits.pageSizeMax)

/** `%` and `_` in a keyword match themselves. */
export const likePattern = (term: string): string =>
  `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

/** The windows of an activity row, epoch milliseconds. */
export const windowsOf = (row: ActivityRow): ActivityWindows => ({
  applyStart: row.applyStart.getTime(),
  applyEnd: row.applyEnd.getTime(),
  voteStart: row.voteStart.getTime(),
  voteEnd: row.voteEnd.getTime(),
})

/** The author of an entry lives (an entry is shown). */
export const authorLives: SQL = sql`exists (select 1 from ${users} where ${users.id} = ${activityEntries.userId} and ${users.deletedAt} is null)`

/*
 * The counts of the row's activity over its shown entries, for a select over `activities`. Written
 * with an alias: drizzle leaves the columns of a one-table select's fields unqualified.
 */
const shownEntriesOf = sql`from ${activityEntries} e where e.activity_id = ${activities}.id and exists (select 1 from ${users} u where u.id = e.user_id and u.deleted_at is null)`
const entryCountOf = sql<number>`(select count(*)::int ${shownEntriesOf})`
const voteCountOf = sql<number>`(select coalesce(sum(e.votes), 0)::int ${shownEntriesOf})`

/** The columns of an activity with its counts. */
export const activityColumns = {
  row: activities,
  entryCount: entryCountOf,
  voteCount: voteCountOf,
}

export interface CountedActivity {
  row: ActivityRow
  entryCount: number
  voteCount: number
}

/** The activity `id` with its counts; missing: 404 '活动不存在'. */
export async function findActivity(db: Db, id: number): Promise<CountedActivity> {
  const [found] = await db.select(activityColumns).from(activities).where(eq(activities.id, id))
  if (!found) throw notFound(ActivityText.notFound)
  return found
}

/** The activity `id`'s row (without counts); missing: 404 '活动不存在'. */
export async function activityRow(db: Db, id: number): Promise<ActivityRow> {
  const [row] = await db.select().from(activities).where(eq(activities.id, id))
  if (!row) throw notFound(ActivityText.notFound)
  return row
}

export function toSummary(found: CountedActivity, now: number): ActivitySummary {
  const { row } = found
  return {
    id: row.id,
    title: row.title,
    cover: row.cover,
    summary: row.summary,
    applyStart: unixSeconds(row.applyStart.getTime()),
    applyEnd: unixSeconds(row.applyEnd.getTime()),
    voteStart: unixSeconds(row.voteStart.getTime()),
    voteEnd: unixSeconds(row.voteEnd.getTime()),
    phase: activityPhase(windowsOf(row), now),
    entryCount: Number(found.entryCount),
    voteCount: Number(found.voteCount),
    createdAt: unixSeconds(row.createdAt.getTime()),
  }
}

export function toDetail(
  found: CountedActivity,
  now: number,
  mine: ActivityMine | null,
): ActivityDetail {
  const w = windowsOf(found.row)
  return {
    ...toSummary(found, now),
    description: found.row.description,
    rules: found.row.rules,
    votesPerDay: found.row.votesPerDay,
    entryImageMax: found.row.entryImageMax,
    applyOpen: applyOpen(w, now),
    voteOpen: voteOpen(w, now),
    signOpen: signOpen(w, now),
    mine,
  }
}

/** Votes `userId` cast in the activity on China day `day`. */
export async function votesCast(
  db: Db,
  activityId: number,
  userId: number,
  day: string,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(activityVotes)
    .where(
      and(
        eq(activityVotes.activityId, activityId),
        eq(activityVotes.userId, userId),
        eq(activityVotes.day, day),
      ),
    )
  return row?.n ?? 0
}

/** Votes `userId` may still cast in the activity today: 0 outside the vote window. */
export async function votesLeftToday(
  db: Db,
  row: ActivityRow,
  userId: number,
  now: number,
): Promise<number> {
  if (!voteOpen(windowsOf(row), now)) return 0
  const used = await votesCast(db, row.id, userId, chinaDay(now))
  return Math.max(0, row.votesPerDay - used)
}

/** The entry `userId` made in the activity (shown or not: their own), or undefined. */
export async function entryOf(
  db: Db,
  activityId: number,
  userId: number,
): Promise<EntryRow | undefined> {
  const [row] = await db
    .select()
    .from(activityEntries)
    .where(and(eq(activityEntries.activityId, activityId), eq(activityEntries.userId, userId)))
  return row
}

/** A shown entry with its author; missing (or its author's account deleted): 404 '作品不存在'. */
export async function findEntry(
  db: Db,
  id: number,
): Promise<{ entry: EntryRow; author: { id: number; nickname: string; avatar: string } }> {
  const [found] = await db
    .select({
      entry: activityEntries,
      author: { id: users.id, nickname: users.nickname, avatar: users.avatar },
    })
    .from(activityEntries)
    .innerJoin(users, eq(users.id, activityEntries.userId))
    .where(and(eq(activityEntries.id, id), isNull(users.deletedAt)))
  if (!found) throw notFound(ActivityText.entryNotFound)
  return found
}

/** The competition rank of an entry with `votes` in its activity: 1 + shown entries with more. */
export async function rankOf(db: Db, activityId: number, votes: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(activityEntries)
    .where(
      and(
        eq(activityEntries.activityId, activityId),
        gt(activityEntries.votes, votes),
        authorLives,
      ),
    )
  return (row?.n ?? 0) + 1
}

/** An entry as listed. */
export function toVoteItem(
  entry: EntryRow,
  author: { id: number; nickname: string; avatar: string },
  rank: number,
  viewerId: number | null,
): VoteItem {
  return {
    id: entry.id,
    activityId: entry.activityId,
    title: entry.title,
    cover: entry.images[0] ?? '',
    author,
    votes: entry.votes,
    shares: entry.shares,
    rank,
    mine: viewerId !== null && viewerId === entry.userId,
    createdAt: unixSeconds(entry.createdAt.getTime()),
    excerpt: clipText(entry.content.replace(/\s+/g, ' ').trim(), ActivityLimits.excerptChars),
  }
}
