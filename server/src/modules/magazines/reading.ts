/**
 * Reading an issue: where to open it, turning articles (across issues at the ends), the reader's
 * place and read marks (sign: an article is signed when a place is first saved in it).
 */
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm'
import {
  ARTICLE_NOT_FOUND,
  FIRST_ARTICLE,
  LAST_ARTICLE,
  MAGAZINE_NOT_FOUND,
} from '@rules/periodicals'
import type {
  Direction,
  MagazineArticle,
  MagazineOpenRes,
  MagazinePlace,
  SaveMagazineReadingReq,
  SignRes,
} from '@api/magazines'
import type { AppContext } from '../../context'
import { lockCaller } from '../../db/users'
import {
  magazineArticleReads,
  magazineArticles,
  magazineIssues,
  magazineReading,
} from '../../db/schema'
import { inTx } from '../../db/tx'
import type { Caller } from '../../http/auth'
import { notFound } from '../../http/errors'
import { all, checkParagraph, userIdOf } from '../periodicals/shared'
import {
  findArticle,
  findVisibleIssue,
  issueVisible,
  latestPlace,
  requireArticle,
  toPlace,
} from './rows'

/** The article to open: `articleId` (in the issue), else the caller's place, else the first. */
export async function openReading(
  app: AppContext,
  caller: Caller | null,
  issueId: number,
  articleId: number | undefined,
): Promise<MagazineOpenRes> {
  const userId = userIdOf(caller)
  const issue = await findVisibleIssue(app.db, issueId, userId)
  const place =
    userId === null
      ? null
      : await latestPlace(app.db, userId, eq(magazineReading.issueId, issue.id))
  const inIssue = eq(magazineArticles.issueId, issue.id)
  let article: MagazineArticle | null
  if (articleId !== undefined) {
    article = await requireArticle(app.db, all(inIssue, eq(magazineArticles.id, articleId)), userId)
  } else if (place) {
    article = await findArticle(
      app.db,
      and(inIssue, eq(magazineArticles.id, place.articleId)),
      userId,
    )
  } else {
    article = await findArticle(app.db, inIssue, userId)
  }
  if (!article) throw notFound(ARTICLE_NOT_FOUND)
  return { place, article }
}

/**
 * The article before or after one: within its issue, else the last (first) article of the
 * nearest earlier (later) issue of the magazine the caller may see.
 */
export async function turnArticle(
  app: AppContext,
  caller: Caller | null,
  articleId: number,
  direction: Direction,
): Promise<MagazineArticle> {
  const userId = userIdOf(caller)
  const current = await requireArticle(app.db, eq(magazineArticles.id, articleId), userId)
  const neighbour = direction === 'next' ? current.nextId : current.prevId
  if (neighbour !== null) {
    return requireArticle(app.db, eq(magazineArticles.id, neighbour), userId)
  }
  const issue = await findVisibleIssue(app.db, current.issueId, userId)
  const sameMagazine = eq(magazineIssues.magazineId, issue.magazineId)
  const beyond =
    direction === 'next'
      ? and(sameMagazine, gt(magazineIssues.serial, issue.serial))
      : and(sameMagazine, lt(magazineIssues.serial, issue.serial))
  const next = await findArticle(app.db, beyond, userId, direction === 'next' ? 'first' : 'last')
  if (!next) throw notFound(direction === 'next' ? LAST_ARTICLE : FIRST_ARTICLE)
  return next
}

/** The caller's most recent place in the magazine (404 when they may see none of it). */
export async function myPlace(
  app: AppContext,
  caller: Caller,
  magazineId: number,
): Promise<MagazinePlace | null> {
  const visible = await app.db
    .select({ id: magazineIssues.id })
    .from(magazineIssues)
    .where(
      and(eq(magazineIssues.magazineId, magazineId), issueVisible(magazineIssues, caller.userId)),
    )
    .limit(1)
  if (!visible[0]) throw notFound(MAGAZINE_NOT_FOUND)
  return latestPlace(app.db, caller.userId, eq(magazineIssues.magazineId, magazineId))
}

/** The caller's read marks in an issue, in contents order. */
export async function issueSign(
  app: AppContext,
  caller: Caller,
  issueId: number,
): Promise<SignRes> {
  const issue = await findVisibleIssue(app.db, issueId, caller.userId)
  const rows = await app.db
    .select({
      id: magazineArticles.id,
      read: sql<boolean>`exists (select 1 from ${magazineArticleReads} where ${and(eq(magazineArticleReads.articleId, magazineArticles.id), eq(magazineArticleReads.userId, caller.userId))})`,
    })
    .from(magazineArticles)
    .where(eq(magazineArticles.issueId, issue.id))
    .orderBy(asc(magazineArticles.serial))
  const readArticleIds = rows.filter((r) => Boolean(r.read)).map((r) => r.id)
  return { readArticleIds, read: readArticleIds.length, total: rows.length }
}

/** Saves the caller's place in the issue and signs the article: one transaction. */
export async function saveReading(
  app: AppContext,
  caller: Caller,
  req: SaveMagazineReadingReq,
): Promise<MagazinePlace> {
  const issue = await findVisibleIssue(app.db, req.issueId, caller.userId)
  const article = await requireArticle(
    app.db,
    all(eq(magazineArticles.issueId, issue.id), eq(magazineArticles.id, req.articleId)),
    caller.userId,
  )
  checkParagraph(req.paragraph, article.paragraphs.length)
  return inTx(app.db, async (tx) => {
    await lockCaller(tx, caller.userId)
    // The issue may have been deleted (or replaced) since: its row is kept until the commit.
    const still = await tx
      .select({ id: magazineArticles.id })
      .from(magazineArticles)
      .where(eq(magazineArticles.id, article.id))
      .for('share')
    if (!still[0]) throw notFound(ARTICLE_NOT_FOUND)
    const now = new Date(app.clock.now())
    const values = { articleId: article.id, paragraph: req.paragraph, updatedAt: now }
    await tx
      .insert(magazineReading)
      .values({ userId: caller.userId, issueId: issue.id, ...values })
      .onConflictDoUpdate({
        target: [magazineReading.userId, magazineReading.issueId],
        set: values,
      })
    await tx
      .insert(magazineArticleReads)
      .values({ userId: caller.userId, articleId: article.id, issueId: issue.id, readAt: now })
      .onConflictDoNothing()
    return toPlace({
      magazineId: issue.magazineId,
      issueId: issue.id,
      issueTitle: issue.title,
      articleId: article.id,
      articleTitle: article.title,
      paragraph: req.paragraph,
      updatedAt: now,
    })
  })
}
