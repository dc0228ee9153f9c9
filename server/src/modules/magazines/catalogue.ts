/** Magazine categories, the public list, a magazine's detail and an issue's contents. */
import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm'
import { MAGAZINE_NOT_FOUND } from '@rules/periodicals'
import type {
  IssueContents,
  IssueItem,
  MagazineDetail,
  MagazineListReq,
  MagazineSummary,
  PeriodicalCategory,
} from '@api/magazines'
import type { Page } from '@api/envelope'
import type { AppContext } from '../../context'
import {
  magazineArticleReads,
  magazineArticles,
  magazineCategories,
  magazineIssues,
  magazines,
} from '../../db/schema'
import type { Caller } from '../../http/auth'
import { notFound } from '../../http/errors'
import { pageOf, type Paging } from '../../http/paging'
import { isCollected, keywordOf, likePattern, userIdOf } from '../periodicals/shared'
import {
  findVisibleIssue,
  issueVisible,
  latestPlace,
  magazinePublic,
  publishedAt,
  summaryColumns,
  toSummary,
} from './rows'

/** Every category in display order, with how many public magazines it has. */
export async function listCategories(app: AppContext): Promise<PeriodicalCategory[]> {
  const rows = await app.db
    .select({
      id: magazineCategories.id,
      name: magazineCategories.name,
      count: sql<number>`count(${magazines.id}) filter (where ${magazinePublic})::int`,
    })
    .from(magazineCategories)
    .leftJoin(magazines, eq(magazines.categoryId, magazineCategories.id))
    .groupBy(magazineCategories.id)
    .orderBy(asc(magazineCategories.sort), asc(magazineCategories.id))
  return rows.map((r) => ({ id: r.id, name: r.name, count: Number(r.count) }))
}

/** Public magazines, the most recently published first. */
export async function listMagazines(
  app: AppContext,
  filter: Pick<MagazineListReq, 'categoryId' | 'keyword'>,
  paging: Paging,
): Promise<Page<MagazineSummary>> {
  const keyword = keywordOf(filter.keyword)
  const conditions: SQL[] = [magazinePublic]
  if (filter.categoryId !== undefined) conditions.push(eq(magazines.categoryId, filter.categoryId))
  if (keyword) conditions.push(ilike(magazines.name, likePattern(keyword)))
  const where = and(...conditions)
  const [{ total }] = await app.db.select({ total: count() }).from(magazines).where(where)
  const rows = await app.db
    .select(summaryColumns(null))
    .from(magazines)
    .innerJoin(magazineCategories, eq(magazineCategories.id, magazines.categoryId))
    .where(where)
    .orderBy(sql`${publishedAt} desc nulls last`, desc(magazines.id))
    .limit(paging.pageSize)
    .offset(paging.offset)
  return pageOf(rows.map(toSummary), total, paging)
}

/** Articles of the row's issue the reader has read (0 for a guest). */
const readCount = (userId: number | null) =>
  userId === null
    ? sql<number>`0`
    : sql<number>`(select count(*)::int from ${magazineArticleReads} where ${and(eq(magazineArticleReads.issueId, magazineIssues.id), eq(magazineArticleReads.userId, userId))})`

const articleCount = sql<number>`(select count(*)::int from ${magazineArticles} where ${eq(magazineArticles.issueId, magazineIssues.id)})`

/** A magazine with the issues the caller may see; none: 404. */
export async function magazineDetail(
  app: AppContext,
  caller: Caller | null,
  id: number,
): Promise<MagazineDetail> {
  const userId = userIdOf(caller)
  const found = await app.db
    .select({ ...summaryColumns(userId), ownerId: magazines.ownerId })
    .from(magazines)
    .innerJoin(magazineCategories, eq(magazineCategories.id, magazines.categoryId))
    .where(eq(magazines.id, id))
  const magazine = found[0]
  if (!magazine) throw notFound(MAGAZINE_NOT_FOUND)
  const issueRows = await app.db
    .select({
      id: magazineIssues.id,
      serial: magazineIssues.serial,
      title: magazineIssues.title,
      cover: magazineIssues.cover,
      articleCount,
      read: readCount(userId),
      reviewState: magazineIssues.reviewState,
      reviewReason: magazineIssues.reviewReason,
    })
    .from(magazineIssues)
    .where(and(eq(magazineIssues.magazineId, id), issueVisible(magazineIssues, userId)))
    .orderBy(desc(magazineIssues.serial))
  if (issueRows.length === 0) throw notFound(MAGAZINE_NOT_FOUND)
  const issues: IssueItem[] = issueRows.map((row) => ({
    ...row,
    articleCount: Number(row.articleCount),
    read: Number(row.read),
  }))
  return {
    ...toSummary(magazine),
    issues,
    collected: userId === null ? false : await isCollected(app.db, 'maga', userId, id),
    place:
      userId === null ? null : await latestPlace(app.db, userId, eq(magazineIssues.magazineId, id)),
    mine: userId !== null && magazine.ownerId === userId,
  }
}

/** An issue's head and contents, with the caller's read marks. */
export async function issueContents(
  app: AppContext,
  caller: Caller | null,
  issueId: number,
): Promise<IssueContents> {
  const userId = userIdOf(caller)
  const issue = await findVisibleIssue(app.db, issueId, userId)
  const read =
    userId === null
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from ${magazineArticleReads} where ${and(eq(magazineArticleReads.articleId, magazineArticles.id), eq(magazineArticleReads.userId, userId))})`
  const articles = await app.db
    .select({
      id: magazineArticles.id,
      serial: magazineArticles.serial,
      title: magazineArticles.title,
      author: magazineArticles.author,
      image: sql<string>`coalesce(${magazineArticles.images} ->> 0, '')`,
      read,
    })
    .from(magazineArticles)
    .where(eq(magazineArticles.issueId, issue.id))
    .orderBy(asc(magazineArticles.serial))
  return {
    issue: {
      id: issue.id,
      magazineId: issue.magazineId,
      magazineName: issue.magazineName,
      serial: issue.serial,
      title: issue.title,
      cover: issue.cover,
      reviewState: issue.reviewState,
      reviewReason: issue.reviewReason,
    },
    articles: articles.map((a) => ({ ...a, read: Boolean(a.read) })),
  }
}
