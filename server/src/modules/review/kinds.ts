/**
 * What each review kind is in the database: the table holding its review columns
 * (db/schema/review.ts reviewColumns), which rows of it are reviewed, how a pending one is listed
 * and named. Adding a kind is one entry here and its name in types/api/review.ts.
 */
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Page } from '@api/envelope'
import type { PendingItem, ReviewKind } from '@api/review'
import { unixSeconds } from '../../clock'
import type { Db } from '../../db/client'
import {
  documents,
  magazineIssues,
  magazines,
  newspaperEditions,
  newspapers,
  users,
  videoChannels,
  videos,
} from '../../db/schema'
import { pageOf, type Paging } from '../../http/paging'

/** A reviewed row as decide() reads it (locked). */
export interface ReviewedRow {
  state: 'pending' | 'approved' | 'rejected'
  ownerId: number | null
  /** How the owner's notice names it (《…》). */
  name: string
}

export interface ReviewTarget {
  /** The table with the review columns (review_state, review_reason, reviewed_at, reviewed_by). */
  table: PgTable
  /**
   * The row `id`, locked for the decision (inside the caller's transaction), or null when there is
   * none among the reviewed rows (documents: the contributed ones).
   */
  lock(tx: Db, id: number): Promise<ReviewedRow | null>
  /** The pending rows, oldest submission first. */
  pending(db: Db, at: Paging): Promise<Page<PendingItem>>
}

interface PendingRow {
  id: number
  title: string
  parentName: string
  cover: string
  ownerId: number | null
  ownerNickname: string | null
  submittedAt: Date | null
}

const toItem =
  (kind: ReviewKind) =>
  (row: PendingRow): PendingItem => ({
    kind,
    id: row.id,
    title: row.title,
    parentName: row.parentName,
    cover: row.cover,
    ownerId: row.ownerId ?? 0,
    ownerNickname: row.ownerNickname ?? '',
    submittedAt: row.submittedAt ? unixSeconds(row.submittedAt.getTime()) : 0,
  })

async function pageOfRows(
  db: Db,
  kind: ReviewKind,
  table: PgTable,
  where: SQL | undefined,
  rows: Promise<PendingRow[]>,
  at: Paging,
): Promise<Page<PendingItem>> {
  const [{ total }] = await db.select({ total: count() }).from(table).where(where)
  return pageOf((await rows).map(toItem(kind)), total, at)
}

const magazinePending = eq(magazineIssues.reviewState, 'pending')
const newspaperPending = eq(newspaperEditions.reviewState, 'pending')
const documentReviewed = eq(documents.contributed, true)
const documentPending = and(documentReviewed, eq(documents.reviewState, 'pending'))
const videoPending = eq(videos.reviewState, 'pending')

export const reviewTargets: Record<ReviewKind, ReviewTarget> = {
  magazine: {
    table: magazineIssues,
    async lock(tx, id) {
      const [row] = await tx
        .select({
          state: magazineIssues.reviewState,
          ownerId: magazineIssues.ownerId,
          issue: magazineIssues.title,
          magazine: magazines.name,
        })
        .from(magazineIssues)
        .innerJoin(magazines, eq(magazines.id, magazineIssues.magazineId))
        .where(eq(magazineIssues.id, id))
        .for('update', { of: magazineIssues })
      return row
        ? { state: row.state, ownerId: row.ownerId, name: `${row.magazine} ${row.issue}` }
        : null
    },
    pending: (db, at) =>
      pageOfRows(
        db,
        'magazine',
        magazineIssues,
        magazinePending,
        db
          .select({
            id: magazineIssues.id,
            title: magazineIssues.title,
            parentName: magazines.name,
            cover: sql<string>`coalesce(nullif(${magazineIssues.cover}, ''), ${magazines.cover})`,
            ownerId: magazineIssues.ownerId,
            ownerNickname: users.nickname,
            submittedAt: magazineIssues.updatedAt,
          })
          .from(magazineIssues)
          .innerJoin(magazines, eq(magazines.id, magazineIssues.magazineId))
          .leftJoin(users, eq(users.id, magazineIssues.ownerId))
          .where(magazinePending)
          .orderBy(asc(magazineIssues.updatedAt), asc(magazineIssues.id))
          .limit(at.pageSize)
          .offset(at.offset),
        at,
      ),
  },
  newspaper: {
    table: newspaperEditions,
    async lock(tx, id) {
      const [row] = await tx
        .select({
          state: newspaperEditions.reviewState,
          ownerId: newspaperEditions.ownerId,
          date: newspaperEditions.date,
          newspaper: newspapers.name,
        })
        .from(newspaperEditions)
        .innerJoin(newspapers, eq(newspapers.id, newspaperEditions.newspaperId))
        .where(eq(newspaperEditions.id, id))
        .for('update', { of: newspaperEditions })
      return row
        ? { state: row.state, ownerId: row.ownerId, name: `${row.newspaper} ${row.date}` }
        : null
    },
    pending: (db, at) =>
      pageOfRows(
        db,
        'newspaper',
        newspaperEditions,
        newspaperPending,
        db
          .select({
            id: newspaperEditions.id,
            title: sql<string>`${newspapers.name} || ' ' || ${newspaperEditions.date}`,
            parentName: newspapers.name,
            cover: sql<string>`coalesce(nullif(${newspaperEditions.cover}, ''), ${newspapers.cover})`,
            ownerId: newspaperEditions.ownerId,
            ownerNickname: users.nickname,
            submittedAt: newspaperEditions.updatedAt,
          })
          .from(newspaperEditions)
          .innerJoin(newspapers, eq(newspapers.id, newspaperEditions.newspaperId))
          .leftJoin(users, eq(users.id, newspaperEditions.ownerId))
          .where(newspaperPending)
          .orderBy(asc(newspaperEditions.updatedAt), asc(newspaperEditions.id))
          .limit(at.pageSize)
          .offset(at.offset),
        at,
      ),
  },
  document: {
    table: documents,
    async lock(tx, id) {
      const [row] = await tx
        .select({
          state: documents.reviewState,
          ownerId: documents.ownerId,
          title: documents.title,
        })
        .from(documents)
        .where(and(eq(documents.id, id), documentReviewed))
        .for('update')
      return row ? { state: row.state, ownerId: row.ownerId, name: row.title } : null
    },
    pending: (db, at) =>
      pageOfRows(
        db,
        'document',
        documents,
        documentPending,
        db
          .select({
            id: documents.id,
            title: documents.title,
            parentName: sql<string>`''`,
            cover: documents.thumb,
            ownerId: documents.ownerId,
            ownerNickname: users.nickname,
            submittedAt: documents.submittedAt,
          })
          .from(documents)
          .leftJoin(users, eq(users.id, documents.ownerId))
          .where(documentPending)
          .orderBy(asc(documents.submittedAt), asc(documents.id))
          .limit(at.pageSize)
          .offset(at.offset),
        at,
      ),
  },
  video: {
    table: videos,
    async lock(tx, id) {
      const [row] = await tx
        .select({ state: videos.reviewState, ownerId: videos.ownerId, title: videos.title })
        .from(videos)
        .where(eq(videos.id, id))
        .for('update')
      return row ? { state: row.state, ownerId: row.ownerId, name: row.title } : null
    },
    pending: (db, at) =>
      pageOfRows(
        db,
        'video',
        videos,
        videoPending,
        db
          .select({
            id: videos.id,
            title: videos.title,
            parentName: videoChannels.name,
            cover: videos.cover,
            ownerId: videos.ownerId,
            ownerNickname: users.nickname,
            submittedAt: videos.updatedAt,
          })
          .from(videos)
          .innerJoin(videoChannels, eq(videoChannels.id, videos.channelId))
          .leftJoin(users, eq(users.id, videos.ownerId))
          .where(videoPending)
          .orderBy(asc(videos.updatedAt), asc(videos.id))
          .limit(at.pageSize)
          .offset(at.offset),
        at,
      ),
  },
}
