/**
 * Who may see what of the newspapers, and the rows the calls answer with. An edition is visible to
 * everyone once approved and to its owner always; a newspaper is visible while it has a visible
 * edition, public while it has an approved one.
 */
import { and, asc, desc, eq, gt, lt, or, sql, type SQL } from 'drizzle-orm'
import { alias, type PgColumn } from 'drizzle-orm/pg-core'
import { ARTICLE_NOT_FOUND, EDITION_NOT_FOUND } from '@rules/periodicals'
import type { ReviewState } from '@api/magazines'
import type { NewspaperArticle, NewspaperPlace, NewspaperSummary } from '@api/newspapers'
import { unixSeconds } from '../../clock'
import type { Db } from '../../db/client'
import {
  newspaperArticles,
  newspaperEditions,
  newspaperPages,
  newspaperReading,
  newspapers,
  pressCategories,
} from '../../db/schema'
import { notFound } from '../../http/errors'

/** Approved, or the caller's own. */
export function editionVisible(
  t: { reviewState: PgColumn; ownerId: PgColumn },
  userId: number | null,
): SQL {
  const approved = eq(t.reviewState, 'approved')
  return userId === null ? approved : (or(approved, eq(t.ownerId, userId)) as SQL)
}

// ---- summaries ------------------------------------------------------------------------------

const se = alias(newspaperEditions, 'se')
/** `from` of the alias (an alias in a raw subquery renders as its name only). */
const seRows = sql`${newspaperEditions} ${sql.identifier('se')}`
const ofNewspaper = eq(se.newspaperId, newspapers.id)
const approvedOfNewspaper = and(ofNewspaper, eq(se.reviewState, 'approved'))

/** The newspaper has an approved edition. */
export const newspaperPublic: SQL = sql`exists (select 1 from ${seRows} where ${approvedOfNewspaper})`

/** The date of its newest approved edition. */
export const latestPublicDate: SQL = sql`(select max(${se.date}) from ${seRows} where ${approvedOfNewspaper})`

/** The summary columns, counting the editions `userId` may see (null: the public ones). */
export function summaryColumns(userId: number | null) {
  const visible = and(ofNewspaper, editionVisible(se, userId))
  return {
    id: newspapers.id,
    name: newspapers.name,
    intro: newspapers.intro,
    ownCover: newspapers.cover,
    categoryId: newspapers.categoryId,
    categoryName: pressCategories.name,
    editionCount: sql<number>`(select count(*)::int from ${seRows} where ${visible})`,
    latestDate: sql<string | null>`(select max(${se.date}) from ${seRows} where ${visible})`,
    latestCover: sql<
      string | null
    >`(select ${se.cover} from ${seRows} where ${visible} order by ${se.date} desc limit 1)`,
    approvedCover: sql<
      string | null
    >`(select ${se.cover} from ${seRows} where ${approvedOfNewspaper} order by ${se.date} desc limit 1)`,
  }
}

export interface SummaryRow {
  id: number
  name: string
  intro: string
  ownCover: string
  categoryId: number
  categoryName: string
  editionCount: number
  latestDate: string | null
  latestCover: string | null
  approvedCover: string | null
}

/** Cover: the latest public edition's, else the newspaper's own, else the latest visible one's. */
export const toSummary = (row: SummaryRow): NewspaperSummary => ({
  id: row.id,
  name: row.name,
  intro: row.intro,
  cover: row.approvedCover || row.ownCover || row.latestCover || '',
  categoryId: row.categoryId,
  categoryName: row.categoryName,
  editionCount: Number(row.editionCount),
  latestDate: row.latestDate ?? '',
})

// ---- editions -------------------------------------------------------------------------------

export interface EditionRow {
  id: number
  newspaperId: number
  newspaperName: string
  date: string
  title: string
  cover: string
  ownerId: number | null
  reviewState: ReviewState
  reviewReason: string
}

const editionColumns = {
  id: newspaperEditions.id,
  newspaperId: newspaperEditions.newspaperId,
  newspaperName: newspapers.name,
  date: newspaperEditions.date,
  title: newspaperEditions.title,
  cover: newspaperEditions.cover,
  ownerId: newspaperEditions.ownerId,
  reviewState: newspaperEditions.reviewState,
  reviewReason: newspaperEditions.reviewReason,
}

/** An edition the caller may see, else 404 '该期报纸不存在'. */
export async function findVisibleEdition(
  db: Db,
  editionId: number,
  userId: number | null,
): Promise<EditionRow> {
  const rows = await db
    .select(editionColumns)
    .from(newspaperEditions)
    .innerJoin(newspapers, eq(newspapers.id, newspaperEditions.newspaperId))
    .where(and(eq(newspaperEditions.id, editionId), editionVisible(newspaperEditions, userId)))
  if (!rows[0]) throw notFound(EDITION_NOT_FOUND)
  return rows[0]
}

/** The nearest edition of the same newspaper before or after `date` that the caller may see. */
export async function adjacentEdition(
  db: Db,
  newspaperId: number,
  date: string,
  direction: 'prev' | 'next',
  userId: number | null,
): Promise<EditionRow | null> {
  const beyond =
    direction === 'next'
      ? sql`${newspaperEditions.date} > ${date}`
      : sql`${newspaperEditions.date} < ${date}`
  const rows = await db
    .select(editionColumns)
    .from(newspaperEditions)
    .innerJoin(newspapers, eq(newspapers.id, newspaperEditions.newspaperId))
    .where(
      and(
        eq(newspaperEditions.newspaperId, newspaperId),
        beyond,
        editionVisible(newspaperEditions, userId),
      ),
    )
    .orderBy(direction === 'next' ? asc(newspaperEditions.date) : desc(newspaperEditions.date))
    .limit(1)
  return rows[0] ?? null
}

// ---- articles -------------------------------------------------------------------------------

const nb = alias(newspaperArticles, 'nb')
/** `from` of the alias (an alias in a raw subquery renders as its name only). */
const nbRows = sql`${newspaperArticles} ${sql.identifier('nb')}`
const prevId = sql<
  number | null
>`(select ${nb.id} from ${nbRows} where ${and(eq(nb.editionId, newspaperArticles.editionId), lt(nb.serial, newspaperArticles.serial))} order by ${nb.serial} desc limit 1)`
const nextId = sql<
  number | null
>`(select ${nb.id} from ${nbRows} where ${and(eq(nb.editionId, newspaperArticles.editionId), gt(nb.serial, newspaperArticles.serial))} order by ${nb.serial} asc limit 1)`

const articleColumns = {
  id: newspaperArticles.id,
  editionId: newspaperArticles.editionId,
  newspaperId: newspaperEditions.newspaperId,
  date: newspaperEditions.date,
  pageId: newspaperArticles.pageId,
  pageName: newspaperPages.name,
  serial: newspaperArticles.serial,
  title: newspaperArticles.title,
  author: newspaperArticles.author,
  paragraphs: newspaperArticles.paragraphs,
  images: newspaperArticles.images,
  prevId,
  nextId,
}

/** The first article (by serial) of the visible editions' articles matching `where`, or null. */
export async function findArticle(
  db: Db,
  where: SQL,
  userId: number | null,
): Promise<NewspaperArticle | null> {
  const rows = await db
    .select(articleColumns)
    .from(newspaperArticles)
    .innerJoin(newspaperEditions, eq(newspaperEditions.id, newspaperArticles.editionId))
    .innerJoin(newspaperPages, eq(newspaperPages.id, newspaperArticles.pageId))
    .where(and(where, editionVisible(newspaperEditions, userId)))
    .orderBy(asc(newspaperArticles.serial))
    .limit(1)
  const row = rows[0]
  if (!row) return null
  return {
    ...row,
    prevId: row.prevId === null ? null : Number(row.prevId),
    nextId: row.nextId === null ? null : Number(row.nextId),
  }
}

export async function requireArticle(
  db: Db,
  where: SQL,
  userId: number | null,
): Promise<NewspaperArticle> {
  const article = await findArticle(db, where, userId)
  if (!article) throw notFound(ARTICLE_NOT_FOUND)
  return article
}

// ---- places ---------------------------------------------------------------------------------

const placeColumns = {
  newspaperId: newspaperEditions.newspaperId,
  editionId: newspaperReading.editionId,
  date: newspaperEditions.date,
  editionTitle: newspaperEditions.title,
  articleId: newspaperReading.articleId,
  articleTitle: newspaperArticles.title,
  pageId: newspaperArticles.pageId,
  pageName: newspaperPages.name,
  paragraph: newspaperReading.paragraph,
  updatedAt: newspaperReading.updatedAt,
}

type PlaceRow = Omit<NewspaperPlace, 'updatedAt'> & { updatedAt: Date }

export const toPlace = (row: PlaceRow): NewspaperPlace => ({
  ...row,
  updatedAt: unixSeconds(row.updatedAt.getTime()),
})

/** The reader's most recent place among the visible editions matching `where`, or null. */
export async function latestPlace(
  db: Db,
  userId: number,
  where: SQL,
): Promise<NewspaperPlace | null> {
  const rows = await db
    .select(placeColumns)
    .from(newspaperReading)
    .innerJoin(newspaperEditions, eq(newspaperEditions.id, newspaperReading.editionId))
    .innerJoin(newspaperArticles, eq(newspaperArticles.id, newspaperReading.articleId))
    .innerJoin(newspaperPages, eq(newspaperPages.id, newspaperArticles.pageId))
    .where(
      and(eq(newspaperReading.userId, userId), where, editionVisible(newspaperEditions, userId)),
    )
    .orderBy(desc(newspaperReading.updatedAt), desc(newspaperReading.editionId))
    .limit(1)
  return rows[0] ? toPlace(rows[0]) : null
}
