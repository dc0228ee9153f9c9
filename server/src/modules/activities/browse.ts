/**
 * The public reads (guests too): the activity list, an activity, its entries ranked by votes, an
 * entry. A reader also gets their own part (entry, votes left today, signed today, voted today).
 */
import { and, asc, count, desc, eq, gt, ilike, isNull, lte, or, sql } from 'drizzle-orm'
import { ActivityLimits, ActivityText, activityPhase, chinaDay, voteOpen } from '@rules/activities'
import type {
  ActivityDetail,
  ActivityListReq,
  ActivityMine,
  ActivitySummary,
  VoteItem,
  VoteItemDetail,
  VoteItemListReq,
} from '@api/activities'
import type { Page } from '@api/envelope'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { activities, activityEntries, activitySigns, activityVotes, users } from '../../db/schema'
import { badRequest } from '../../http/errors'
import { pageOf, type Paging } from '../../http/paging'
import {
  activityColumns,
  entryOf,
  findActivity,
  findEntry,
  likePattern,
  rankOf,
  toDetail,
  toSummary,
  toVoteItem,
  votesLeftToday,
  windowsOf,
  type ActivityRow,
} from './rows'

/** Current (not ended: soonest vote end first) or past (latest ended first) activities. */
export async function activityList(
  app: AppContext,
  input: ActivityListReq,
  at: Paging,
): Promise<Page<ActivitySummary>> {
  const now = app.clock.now()
  const past = input.state === 'past'
  const where = past
    ? lte(activities.voteEnd, new Date(now))
    : gt(activities.voteEnd, new Date(now))
  const [total] = await app.db.select({ n: count() }).from(activities).where(where)
  const rows = await app.db
    .select(activityColumns)
    .from(activities)
    .where(where)
    .orderBy(
      past ? desc(activities.voteEnd) : asc(activities.voteEnd),
      past ? desc(activities.id) : asc(activities.id),
    )
    .limit(at.pageSize)
    .offset(at.offset)
  return pageOf(
    rows.map((row) => toSummary(row, now)),
    total.n,
    at,
  )
}

/** A reader's part in an activity. */
export async function mineIn(
  db: Db,
  row: ActivityRow,
  userId: number,
  now: number,
): Promise<ActivityMine> {
  const entry = await entryOf(db, row.id, userId)
  const [signed] = await db
    .select({ day: activitySigns.day })
    .from(activitySigns)
    .where(
      and(
        eq(activitySigns.activityId, row.id),
        eq(activitySigns.userId, userId),
        eq(activitySigns.day, chinaDay(now)),
      ),
    )
  return {
    entryId: entry?.id ?? null,
    votesLeftToday: await votesLeftToday(db, row, userId, now),
    signedToday: Boolean(signed),
  }
}

export async function activityDetail(
  app: AppContext,
  id: number,
  viewerId: number | null,
): Promise<ActivityDetail> {
  const now = app.clock.now()
  const found = await findActivity(app.db, id)
  const mine = viewerId === null ? null : await mineIn(app.db, found.row, viewerId, now)
  return toDetail(found, now, mine)
}

/** A search keyword as matched ('' for none); longer than 30 characters: 400. */
function keywordOf(raw: string | undefined): string {
  const keyword = (raw ?? '').trim()
  if ([...keyword].length > ActivityLimits.keywordMaxChars)
    throw badRequest(ActivityText.keywordTooLong)
  return keyword
}

/**
 * An activity's shown entries with their ranks (by votes over all of them, equal votes equal
 * rank), filtered by a keyword in the title or the author's nickname, by votes or newest first.
 */
export async function voteItemList(
  app: AppContext,
  viewerId: number | null,
  input: VoteItemListReq,
  at: Paging,
): Promise<Page<VoteItem>> {
  const keyword = keywordOf(input.keyword)
  await findActivity(app.db, input.activityId)
  const ranked = app.db
    .select({
      id: activityEntries.id,
      title: activityEntries.title,
      votes: activityEntries.votes,
      createdAt: activityEntries.createdAt,
      nickname: users.nickname,
      rank: sql<number>`rank() over (order by ${activityEntries.votes} desc)`.as('rank'),
    })
    .from(activityEntries)
    .innerJoin(users, eq(users.id, activityEntries.userId))
    .where(and(eq(activityEntries.activityId, input.activityId), isNull(users.deletedAt)))
    .as('ranked')
  const pattern = keyword ? likePattern(keyword) : null
  const where = pattern
    ? or(ilike(ranked.title, pattern), ilike(ranked.nickname, pattern))
    : undefined
  const [total] = await app.db.select({ n: count() }).from(ranked).where(where)
  const order =
    input.order === 'new'
      ? [desc(ranked.createdAt), desc(ranked.id)]
      : [desc(ranked.votes), asc(ranked.createdAt), asc(ranked.id)]
  const rows = await app.db
    .select({
      entry: activityEntries,
      author: { id: users.id, nickname: users.nickname, avatar: users.avatar },
      rank: ranked.rank,
    })
    .from(ranked)
    .innerJoin(activityEntries, eq(activityEntries.id, ranked.id))
    .innerJoin(users, eq(users.id, activityEntries.userId))
    .where(where)
    .orderBy(...order)
    .limit(at.pageSize)
    .offset(at.offset)
  return pageOf(
    rows.map((row) => toVoteItem(row.entry, row.author, Number(row.rank), viewerId)),
    total.n,
    at,
  )
}

/** An entry with its activity and, for a reader, voted today and votes left today. */
export async function voteItemDetail(
  app: AppContext,
  id: number,
  viewerId: number | null,
): Promise<VoteItemDetail> {
  const now = app.clock.now()
  const { entry, author } = await findEntry(app.db, id)
  const { row } = await findActivity(app.db, entry.activityId)
  const rank = await rankOf(app.db, entry.activityId, entry.votes)
  let votedToday = false
  let left: number | null = null
  if (viewerId !== null) {
    const [voted] = await app.db
      .select({ id: activityVotes.id })
      .from(activityVotes)
      .where(
        and(
          eq(activityVotes.entryId, id),
          eq(activityVotes.userId, viewerId),
          eq(activityVotes.day, chinaDay(now)),
        ),
      )
    votedToday = Boolean(voted)
    left = await votesLeftToday(app.db, row, viewerId, now)
  }
  return entryDetail(row, entry, author, rank, viewerId, now, votedToday, left)
}

/** The contract's entry detail from its parts. */
export function entryDetail(
  row: ActivityRow,
  entry: typeof activityEntries.$inferSelect,
  author: { id: number; nickname: string; avatar: string },
  rank: number,
  viewerId: number | null,
  now: number,
  votedToday: boolean,
  left: number | null,
): VoteItemDetail {
  const { excerpt: _excerpt, ...item } = toVoteItem(entry, author, rank, viewerId)
  return {
    ...item,
    content: entry.content,
    images: entry.images,
    votedToday,
    votesLeftToday: left,
    activity: {
      id: row.id,
      title: row.title,
      phase: activityPhase(windowsOf(row), now),
      voteOpen: voteOpen(windowsOf(row), now),
      votesPerDay: row.votesPerDay,
    },
  }
}
