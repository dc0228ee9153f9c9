/**
 * Who may see what of the magazines, and the rows the calls answer with. An issue is visible to
 * everyone once approved, and to its owner always; a magazine is visible while it has a visible
 * issue, public while it has an approved one.
 */
import { and, asc, desc, eq, gt, lt, or, sql, type SQL } from 'drizzle-orm'
import { alias, type PgColumn } from 'drizzle-orm/pg-core'
import { ARTICLE_NOT_FOUND, ISSUE_NOT_FOUND } from '@rules/periodicals'
import type { MagazineArticle, MagazinePlace, MagazineSummary, ReviewState } from '@api/magazines'
import { unixSeconds } from '../../clock'
import type { Db } from '../../db/client'
import {
  magazineArticles,
  magazineCategories,
  magazineIssues,
  magazineReading,
  magazines,
} from '../../db/schema'
import { notFound } from '../../http/errors'

/** Approved, or the caller's own. */
export function issueVisible(
  t: { reviewState: PgColumn; ownerId: PgColumn },
  userId: number | null,
): SQL {
  const approved = eq(t.reviewState, 'approved')
  return userId === null ? approved : (or(approved, eq(t.ownerId, userId)) as SQL)
}

// ---- summaries ------------------------------------------------------------------------------

/** The issues of the outer query's magazine (correlated subqueries). */
const si = alias(magazineIssues, 'si')
/** `from` of the alias (an alias in a raw subquery renders as its name only). */
const siRows = sql`${magazineIssues} ${sql.identifier('si')}`
const ofMagazine = eq(si.magazineId, magazines.id)
const approvedOfMagazine = and(ofMagazine, eq(si.reviewState, 'approved'))

/** The magazine has an approved issue. */
export const magazinePublic: SQL = sql`exists (select 1 from ${siRows} where ${approvedOfMagazine})`

/** When the magazine last published: its newest approval. */
export const publishedAt: SQL = sql`(select max(coalesce(${si.reviewedAt}, ${si.createdAt})) from ${siRows} where ${approvedOfMagazine})`

/** The summary columns, counting the issues `userId` may see (null: the public ones). */
export function summaryColumns(userId: number | null) {
  const visible = and(ofMagazine, issueVisible(si, userId))
  return {
    id: magazines.id,
    name: magazines.name,
    intro: magazines.intro,
    ownCover: magazines.cover,
    categoryId: magazines.categoryId,
    categoryName: magazineCategories.name,
    issueCount: sql<number>`(select count(*)::int from ${siRows} where ${visible})`,
    latestTitle: sql<
      string | null
    >`(select ${si.title} from ${siRows} where ${visible} order by ${si.serial} desc limit 1)`,
    latestCover: sql<
      string | null
    >`(select ${si.cover} from ${siRows} where ${visible} order by ${si.serial} desc limit 1)`,
    approvedCover: sql<
      string | null
    >`(select ${si.cover} from ${siRows} where ${approvedOfMagazine} order by ${si.serial} desc limit 1)`,
  }
}

export interface SummaryRow {
  id: number
  name: string
  intro: string
  ownCover: string
  categoryId: number
  categoryName: string
  issueCount: number
  latestTitle: string | null
  latestCover: string | null
  approvedCover: string | null
}

/** Cover: the latest public issue's, else the magazine's own, else the latest visible issue's. */
export const toSummary = (row: SummaryRow): MagazineSummary => ({
  id: row.id,
  name: row.name,
  intro: row.intro,
  cover: row.approvedCover || row.ownCover || row.latestCover || '',
  categoryId: row.categoryId,
  categoryName: row.categoryName,
  issueCount: Number(row.issueCount),
  latestIssueTitle: row.latestTitle ?? '',
})

// ---- issues ---------------------------------------------------------------------------------

export interface IssueRow {
  id: number
  magazineId: number
  magazineName: string
  magazineOwnerId: number | null
  serial: number
  title: string
  cover: string
  ownerId: number | null
  reviewState: ReviewState
  reviewReason: string
}

const issueColumns = {
  id: magazineIssues.id,
  magazineId: magazineIssues.magazineId,
  magazineName: magazines.name,
  magazineOwnerId: magazines.ownerId,
  serial: magazineIssues.serial,
  title: magazineIssues.title,
  cover: magazineIssues.cover,
  ownerId: magazineIssues.ownerId,
  reviewState: magazineIssues.reviewState,
  reviewReason: magazineIssues.reviewReason,
}

/** An issue the caller may see, else 404 '该期杂志不存在'. */
export async function findVisibleIssue(
  db: Db,
  issueId: number,
  userId: number | null,
): Promise<IssueRow> {
  const rows = await db
    .select(issueColumns)
    .from(magazineIssues)
    .innerJoin(magazines, eq(magazines.id, magazineIssues.magazineId))
    .where(and(eq(magazineIssues.id, issueId), issueVisible(magazineIssues, userId)))
  if (!rows[0]) throw notFound(ISSUE_NOT_FOUND)
  return rows[0]
}

// ---- articles -------------------------------------------------------------------------------

const nb = alias(magazineArticles, 'nb')
/** `from` of the alias (an alias in a raw subquery renders as its name only). */
const nbRows = sql`${magazineArticles} ${sql.identifier('nb')}`
const prevId = sql<
  number | null
>`(select ${nb.id} from ${nbRows} where ${and(eq(nb.issueId, magazineArticles.issueId), lt(nb.serial, magazineArticles.serial))} order by ${nb.serial} desc limit 1)`
const nextId = sql<
  number | null
>`(select ${nb.id} from ${nbRows} where ${and(eq(nb.issueId, magazineArticles.issueId), gt(nb.serial, magazineArticles.serial))} order by ${nb.serial} asc limit 1)`

const articleColumns = {
  id: magazineArticles.id,
  issueId: magazineArticles.issueId,
  magazineId: magazineIssues.magazineId,
  issueTitle: magazineIssues.title,
  serial: magazineArticles.serial,
  title: magazineArticles.title,
  author: magazineArticles.author,
  paragraphs: magazineArticles.paragraphs,
  images: magazineArticles.images,
  prevId,
  nextId,
}

const toArticle = (row: MagazineArticle): MagazineArticle => ({
  ...row,
  prevId: row.prevId === null ? null : Number(row.prevId),
  nextId: row.nextId === null ? null : Number(row.nextId),
})

/**
 * The first article (in `order`) of the visible issues matching `where`, or null.
 */
export async function findArticle(
  db: Db,
  where: SQL | undefined,
  userId: number | null,
  order: 'first' | 'last' = 'first',
): Promise<MagazineArticle | null> {
  const dir = order === 'first' ? asc : desc
  const rows = await db
    .select(articleColumns)
    .from(magazineArticles)
    .innerJoin(magazineIssues, eq(magazineIssues.id, magazineArticles.issueId))
    .where(and(where, issueVisible(magazineIssues, userId)))
    .orderBy(dir(magazineIssues.serial), dir(magazineArticles.serial))
    .limit(1)
  return rows[0] ? toArticle(rows[0]) : null
}

/** An article of an issue the caller may see, else 404 '文章不存在'. */
export async function requireArticle(
  db: Db,
  where: SQL,
  userId: number | null,
): Promise<MagazineArticle> {
  const article = await findArticle(db, where, userId)
  if (!article) throw notFound(ARTICLE_NOT_FOUND)
  return article
}

// ---- places ---------------------------------------------------------------------------------

const placeColumns = {
  magazineId: magazineIssues.magazineId,
  issueId: magazineReading.issueId,
  issueTitle: magazineIssues.title,
  articleId: magazineReading.articleId,
  articleTitle: magazineArticles.title,
  paragraph: magazineReading.paragraph,
  updatedAt: magazineReading.updatedAt,
}

type PlaceRow = Omit<MagazinePlace, 'updatedAt'> & { updatedAt: Date }

export const toPlace = (row: PlaceRow): MagazinePlace => ({
  ...row,
  updatedAt: unixSeconds(row.updatedAt.getTime()),
})

/** The reader's most recent place among the visible issues matching `where`, or null. */
export async function latestPlace(
  db: Db,
  userId: number,
  where: SQL,
): Promise<MagazinePlace | null> {
  const rows = await db
    .select(placeColumns)
    .from(magazineReading)
    .innerJoin(magazineIssues, eq(magazineIssues.id, magazineReading.issueId))
    .innerJoin(magazineArticles, eq(magazineArticles.id, magazineReading.articleId))
    .where(and(eq(magazineReading.userId, userId), where, issueVisible(magazineIssues, userId)))
    .orderBy(desc(magazineReading.updatedAt), desc(magazineReading.issueId))
    .limit(1)
  return rows[0] ? toPlace(rows[0]) : null
}
