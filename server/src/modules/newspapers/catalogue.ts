/** Newspaper categories, the public list, a newspaper's detail and an edition's catalogue. */
import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm'
import { NEWSPAPER_NOT_FOUND } from '@rules/periodicals'
import type { PeriodicalCategory } from '@api/magazines'
import type {
  EditionCatalogue,
  EditionItem,
  NewspaperDetail,
  NewspaperListReq,
  NewspaperSummary,
} from '@api/newspapers'
import type { Page } from '@api/envelope'
import type { AppContext } from '../../context'
import {
  newspaperArticleReads,
  newspaperArticles,
  newspaperEditions,
  newspaperPages,
  newspapers,
  pressCategories,
} from '../../db/schema'
import type { Caller } from '../../http/auth'
import { notFound } from '../../http/errors'
import { pageOf, type Paging } from '../../http/paging'
import { isCollected, keywordOf, likePattern, userIdOf } from '../periodicals/shared'
import {
  editionVisible,
  findVisibleEdition,
  latestPlace,
  latestPublicDate,
  newspaperPublic,
  summaryColumns,
  toSummary,
} from './rows'

/** Every category in display order, with how many public newspapers it has. */
export async function listCategories(app: AppContext): Promise<PeriodicalCategory[]> {
  const rows = await app.db
    .select({
      id: pressCategories.id,
      name: pressCategories.name,
      count: sql<number>`count(${newspapers.id}) filter (where ${newspaperPublic})::int`,
    })
    .from(pressCategories)
    .leftJoin(newspapers, eq(newspapers.categoryId, pressCategories.id))
    .groupBy(pressCategories.id)
    .orderBy(asc(pressCategories.sort), asc(pressCategories.id))
  return rows.map((r) => ({ id: r.id, name: r.name, count: Number(r.count) }))
}

/** Public newspapers, the one with the latest approved edition first. */
export async function listNewspapers(
  app: AppContext,
  filter: Pick<NewspaperListReq, 'categoryId' | 'keyword'>,
  paging: Paging,
): Promise<Page<NewspaperSummary>> {
  const keyword = keywordOf(filter.keyword)
  const conditions: SQL[] = [newspaperPublic]
  if (filter.categoryId !== undefined) {
    conditions.push(eq(newspapers.categoryId, filter.categoryId))
  }
  if (keyword) conditions.push(ilike(newspapers.name, likePattern(keyword)))
  const where = and(...conditions)
  const [{ total }] = await app.db.select({ total: count() }).from(newspapers).where(where)
  const rows = await app.db
    .select(summaryColumns(null))
    .from(newspapers)
    .innerJoin(pressCategories, eq(pressCategories.id, newspapers.categoryId))
    .where(where)
    .orderBy(sql`${latestPublicDate} desc nulls last`, desc(newspapers.id))
    .limit(paging.pageSize)
    .offset(paging.offset)
  return pageOf(rows.map(toSummary), total, paging)
}

const readCount = (userId: number | null) =>
  userId === null
    ? sql<number>`0`
    : sql<number>`(select count(*)::int from ${newspaperArticleReads} where ${and(eq(newspaperArticleReads.editionId, newspaperEditions.id), eq(newspaperArticleReads.userId, userId))})`

const pageCount = sql<number>`(select count(*)::int from ${newspaperPages} where ${eq(newspaperPages.editionId, newspaperEditions.id)})`
const articleCount = sql<number>`(select count(*)::int from ${newspaperArticles} where ${eq(newspaperArticles.editionId, newspaperEditions.id)})`

/** A newspaper with the editions the caller may see; none: 404. */
export async function newspaperDetail(
  app: AppContext,
  caller: Caller | null,
  id: number,
): Promise<NewspaperDetail> {
  const userId = userIdOf(caller)
  const found = await app.db
    .select({ ...summaryColumns(userId), ownerId: newspapers.ownerId })
    .from(newspapers)
    .innerJoin(pressCategories, eq(pressCategories.id, newspapers.categoryId))
    .where(eq(newspapers.id, id))
  const newspaper = found[0]
  if (!newspaper) throw notFound(NEWSPAPER_NOT_FOUND)
  const rows = await app.db
    .select({
      id: newspaperEditions.id,
      date: newspaperEditions.date,
      title: newspaperEditions.title,
      cover: newspaperEditions.cover,
      pageCount,
      articleCount,
      read: readCount(userId),
      reviewState: newspaperEditions.reviewState,
      reviewReason: newspaperEditions.reviewReason,
    })
    .from(newspaperEditions)
    .where(and(eq(newspaperEditions.newspaperId, id), editionVisible(newspaperEditions, userId)))
    .orderBy(desc(newspaperEditions.date))
  if (rows.length === 0) throw notFound(NEWSPAPER_NOT_FOUND)
  const editions: EditionItem[] = rows.map((row) => ({
    ...row,
    pageCount: Number(row.pageCount),
    articleCount: Number(row.articleCount),
    read: Number(row.read),
  }))
  return {
    ...toSummary(newspaper),
    editions,
    collected: userId === null ? false : await isCollected(app.db, 'paper', userId, id),
    place:
      userId === null
        ? null
        : await latestPlace(app.db, userId, eq(newspaperEditions.newspaperId, id)),
    mine: userId !== null && newspaper.ownerId === userId,
  }
}

/** An edition's head and its pages with their articles and the caller's read marks. */
export async function editionCatalogue(
  app: AppContext,
  caller: Caller | null,
  editionId: number,
): Promise<EditionCatalogue> {
  const userId = userIdOf(caller)
  const edition = await findVisibleEdition(app.db, editionId, userId)
  const pages = await app.db
    .select({
      id: newspaperPages.id,
      serial: newspaperPages.serial,
      name: newspaperPages.name,
      image: newspaperPages.image,
    })
    .from(newspaperPages)
    .where(eq(newspaperPages.editionId, edition.id))
    .orderBy(asc(newspaperPages.serial))
  const read =
    userId === null
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from ${newspaperArticleReads} where ${and(eq(newspaperArticleReads.articleId, newspaperArticles.id), eq(newspaperArticleReads.userId, userId))})`
  const articles = await app.db
    .select({
      id: newspaperArticles.id,
      pageId: newspaperArticles.pageId,
      serial: newspaperArticles.serial,
      title: newspaperArticles.title,
      author: newspaperArticles.author,
      read,
    })
    .from(newspaperArticles)
    .where(eq(newspaperArticles.editionId, edition.id))
    .orderBy(asc(newspaperArticles.serial))
  return {
    edition: {
      id: edition.id,
      newspaperId: edition.newspaperId,
      newspaperName: edition.newspaperName,
      date: edition.date,
      title: edition.title,
      cover: edition.cover,
      reviewState: edition.reviewState,
      reviewReason: edition.reviewReason,
    },
    pages: pages.map((page) => ({
      ...page,
      articles: articles
        .filter((a) => a.pageId === page.id)
        .map((a) => ({
          id: a.id,
          serial: a.serial,
          title: a.title,
          author: a.author,
          read: Boolean(a.read),
        })),
    })),
  }
}
