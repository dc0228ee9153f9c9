/**
 * Reading an edition: where to open it, the editions before and after, the reader's place and
 * read marks (sign: an article is signed when a place is first saved in it).
 */
import { and, asc, eq, sql } from 'drizzle-orm'
import {
  ARTICLE_NOT_FOUND,
  FIRST_EDITION,
  LAST_EDITION,
  NEWSPAPER_NOT_FOUND,
} from '@rules/periodicals'
import type { Direction, SignRes } from '@api/magazines'
import type {
  EditionRef,
  NewspaperArticle,
  NewspaperOpenRes,
  NewspaperPlace,
  SaveNewspaperReadingReq,
} from '@api/newspapers'
import type { AppContext } from '../../context'
import {
  newspaperArticleReads,
  newspaperArticles,
  newspaperEditions,
  newspaperReading,
} from '../../db/schema'
import { inTx } from '../../db/tx'
import { lockCaller } from '../../db/users'
import type { Caller } from '../../http/auth'
import { notFound } from '../../http/errors'
import { all, checkParagraph, userIdOf } from '../periodicals/shared'
import {
  adjacentEdition,
  editionVisible,
  findArticle,
  findVisibleEdition,
  latestPlace,
  requireArticle,
  toPlace,
} from './rows'

/** The article to open: `articleId` (in the edition), else the caller's place, else the first. */
export async function openReading(
  app: AppContext,
  caller: Caller | null,
  editionId: number,
  articleId: number | undefined,
): Promise<NewspaperOpenRes> {
  const userId = userIdOf(caller)
  const edition = await findVisibleEdition(app.db, editionId, userId)
  const place =
    userId === null
      ? null
      : await latestPlace(app.db, userId, eq(newspaperReading.editionId, edition.id))
  const inEdition = eq(newspaperArticles.editionId, edition.id)
  let article: NewspaperArticle | null
  if (articleId !== undefined) {
    article = await requireArticle(
      app.db,
      all(inEdition, eq(newspaperArticles.id, articleId)),
      userId,
    )
  } else if (place) {
    article = await findArticle(
      app.db,
      all(inEdition, eq(newspaperArticles.id, place.articleId)),
      userId,
    )
  } else {
    article = await findArticle(app.db, inEdition, userId)
  }
  return { place, article }
}

/** The edition of the same newspaper before or after this one (by date) the caller may see. */
export async function turnEdition(
  app: AppContext,
  caller: Caller | null,
  editionId: number,
  direction: Direction,
): Promise<EditionRef> {
  const userId = userIdOf(caller)
  const edition = await findVisibleEdition(app.db, editionId, userId)
  const next = await adjacentEdition(app.db, edition.newspaperId, edition.date, direction, userId)
  if (!next) throw notFound(direction === 'next' ? LAST_EDITION : FIRST_EDITION)
  return {
    id: next.id,
    newspaperId: next.newspaperId,
    date: next.date,
    title: next.title,
    cover: next.cover,
  }
}

/** The caller's most recent place in the newspaper (404 when they may see none of it). */
export async function myPlace(
  app: AppContext,
  caller: Caller,
  newspaperId: number,
): Promise<NewspaperPlace | null> {
  const visible = await app.db
    .select({ id: newspaperEditions.id })
    .from(newspaperEditions)
    .where(
      and(
        eq(newspaperEditions.newspaperId, newspaperId),
        editionVisible(newspaperEditions, caller.userId),
      ),
    )
    .limit(1)
  if (!visible[0]) throw notFound(NEWSPAPER_NOT_FOUND)
  return latestPlace(app.db, caller.userId, eq(newspaperEditions.newspaperId, newspaperId))
}

/** The caller's read marks in an edition, in reading order. */
export async function editionSign(
  app: AppContext,
  caller: Caller,
  editionId: number,
): Promise<SignRes> {
  const edition = await findVisibleEdition(app.db, editionId, caller.userId)
  const rows = await app.db
    .select({
      id: newspaperArticles.id,
      read: sql<boolean>`exists (select 1 from ${newspaperArticleReads} where ${and(eq(newspaperArticleReads.articleId, newspaperArticles.id), eq(newspaperArticleReads.userId, caller.userId))})`,
    })
    .from(newspaperArticles)
    .where(eq(newspaperArticles.editionId, edition.id))
    .orderBy(asc(newspaperArticles.serial))
  const readArticleIds = rows.filter((r) => Boolean(r.read)).map((r) => r.id)
  return { readArticleIds, read: readArticleIds.length, total: rows.length }
}

/** Saves the caller's place in the edition and signs the article: one transaction. */
export async function saveReading(
  app: AppContext,
  caller: Caller,
  req: SaveNewspaperReadingReq,
): Promise<NewspaperPlace> {
  const edition = await findVisibleEdition(app.db, req.editionId, caller.userId)
  const article = await requireArticle(
    app.db,
    all(eq(newspaperArticles.editionId, edition.id), eq(newspaperArticles.id, req.articleId)),
    caller.userId,
  )
  checkParagraph(req.paragraph, article.paragraphs.length)
  return inTx(app.db, async (tx) => {
    await lockCaller(tx, caller.userId)
    // The edition may have been deleted (or replaced) since: the article's row is kept until the commit.
    const still = await tx
      .select({ id: newspaperArticles.id })
      .from(newspaperArticles)
      .where(eq(newspaperArticles.id, article.id))
      .for('share')
    if (!still[0]) throw notFound(ARTICLE_NOT_FOUND)
    const now = new Date(app.clock.now())
    const values = { articleId: article.id, paragraph: req.paragraph, updatedAt: now }
    await tx
      .insert(newspaperReading)
      .values({ userId: caller.userId, editionId: edition.id, ...values })
      .onConflictDoUpdate({
        target: [newspaperReading.userId, newspaperReading.editionId],
        set: values,
      })
    await tx
      .insert(newspaperArticleReads)
      .values({ userId: caller.userId, articleId: article.id, editionId: edition.id, readAt: now })
      .onConflictDoNothing()
    return toPlace({
      newspaperId: edition.newspaperId,
      editionId: edition.id,
      date: edition.date,
      editionTitle: edition.title,
      articleId: article.id,
      articleTitle: article.title,
      pageId: article.pageId,
      pageName: article.pageName,
      paragraph: req.paragraph,
      updatedAt: now,
    })
  })
}
