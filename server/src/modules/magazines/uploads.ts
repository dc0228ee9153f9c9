/**
 * A reader's own magazines: uploading an issue (to a new magazine or one of theirs), replacing it,
 * deleting it with its files, and the lists and edit form of their uploads. Only the owner changes
 * an issue; every change is one transaction and sends the issue back to review.
 */
import { count, desc, eq, max, sql } from 'drizzle-orm'
import {
  CATEGORY_NOT_FOUND,
  CONTENT_EITHER,
  CONTENT_MISSING,
  COVER_MISSING,
  DELETE_NOT_OWNER,
  IMAGE_INVALID,
  ISSUE_NOT_FOUND,
  issueTitleError,
  MAGAZINE_NOT_FOUND,
  NOT_OWNER,
  pageArticleTitle,
} from '@rules/periodicals'
import type { AddIssueReq, IssueDraft, MyIssue, UpdateIssueReq } from '@api/magazines'
import type { Page } from '@api/envelope'
import { unixSeconds } from '../../clock'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { lockCaller } from '../../db/users'
import { magazineArticles, magazineCategories, magazineIssues, magazines } from '../../db/schema'
import { inTx } from '../../db/tx'
import type { Caller } from '../../http/auth'
import { badRequest, forbidden, notFound } from '../../http/errors'
import { pageOf, type Paging } from '../../http/paging'
import {
  articleContent,
  check,
  contentOf,
  introGiven,
  newTitle,
  uploadNamesOf,
  UploadNames,
  type ArticleContent,
} from '../periodicals/content'
import {
  dropCollections,
  pendingReview,
  refuseOverUploadRate,
  releaseUploads,
  removeFiles,
  requireOwnUploads,
} from '../periodicals/shared'

// ---- what an issue is made of ---------------------------------------------------------------

interface IssueContent {
  title: string
  cover: string
  coverName: string
  articles: ArticleContent[]
  /** Upload names of the articles' images. */
  imageNames: string[]
}

type IssueFields = Pick<AddIssueReq, 'title' | 'cover' | 'articles' | 'pages'>

/** The issue as stored, checked before the transaction (ownership of the uploads inside it). */
function issueContent(input: IssueFields): IssueContent {
  const title = input.title.trim()
  check(issueTitleError(title))
  const coverUpload = new UploadNames()
  const cover = coverUpload.url(input.cover, COVER_MISSING)
  const articleInputs = input.articles ?? []
  const pages = input.pages ?? []
  if (articleInputs.length === 0 && pages.length === 0) throw badRequest(CONTENT_MISSING)
  if (articleInputs.length > 0 && pages.length > 0) throw badRequest(CONTENT_EITHER)
  const images = new UploadNames()
  const articles =
    articleInputs.length > 0
      ? articleInputs.map((article) => articleContent(article, images, IMAGE_INVALID))
      : pages.map((url, i) => ({
          title: pageArticleTitle(i),
          author: '',
          paragraphs: [],
          images: [images.url(url, IMAGE_INVALID)],
        }))
  return { title, cover, coverName: coverUpload.list()[0], articles, imageNames: images.list() }
}

/** The uploads must be the caller's: the cover (400 '请上传封面图片') and the images. */
async function requireContentUploads(tx: Db, userId: number, content: IssueContent): Promise<void> {
  await requireOwnUploads(tx, userId, [content.coverName], COVER_MISSING)
  await requireOwnUploads(tx, userId, content.imageNames, IMAGE_INVALID)
}

async function insertArticles(tx: Db, issueId: number, articles: ArticleContent[]): Promise<void> {
  await tx
    .insert(magazineArticles)
    .values(articles.map((article, i) => ({ issueId, serial: i + 1, ...article })))
}

async function requireCategory(tx: Db, categoryId: number): Promise<void> {
  const rows = await tx
    .select({ id: magazineCategories.id })
    .from(magazineCategories)
    .where(eq(magazineCategories.id, categoryId))
  if (!rows[0]) throw badRequest(CATEGORY_NOT_FOUND)
}

/** Every upload name an issue uses: its cover and its articles' images. */
async function namesOfIssue(tx: Db, issueId: number, cover: string): Promise<string[]> {
  const rows = await tx
    .select({ images: magazineArticles.images })
    .from(magazineArticles)
    .where(eq(magazineArticles.issueId, issueId))
  return uploadNamesOf([cover, ...rows.flatMap((row) => row.images)])
}

// ---- the caller's issues --------------------------------------------------------------------

const myIssueColumns = {
  issueId: magazineIssues.id,
  magazineId: magazineIssues.magazineId,
  magazineName: magazines.name,
  serial: magazineIssues.serial,
  title: magazineIssues.title,
  cover: magazineIssues.cover,
  articleCount: sql<number>`(select count(*)::int from ${magazineArticles} where ${eq(magazineArticles.issueId, magazineIssues.id)})`,
  reviewState: magazineIssues.reviewState,
  reviewReason: magazineIssues.reviewReason,
  createdAt: magazineIssues.createdAt,
  updatedAt: magazineIssues.updatedAt,
}

type MyIssueRow = Omit<MyIssue, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date }

const toMyIssue = (row: MyIssueRow): MyIssue => ({
  ...row,
  articleCount: Number(row.articleCount),
  createdAt: unixSeconds(row.createdAt.getTime()),
  updatedAt: unixSeconds(row.updatedAt.getTime()),
})

async function myIssueOf(db: Db, issueId: number): Promise<MyIssue> {
  const rows = await db
    .select(myIssueColumns)
    .from(magazineIssues)
    .innerJoin(magazines, eq(magazines.id, magazineIssues.magazineId))
    .where(eq(magazineIssues.id, issueId))
  return toMyIssue(rows[0])
}

/** The caller's uploaded issues, newest upload first. */
export async function myIssues(
  app: AppContext,
  caller: Caller,
  paging: Paging,
): Promise<Page<MyIssue>> {
  const where = eq(magazineIssues.ownerId, caller.userId)
  const [{ total }] = await app.db.select({ total: count() }).from(magazineIssues).where(where)
  const rows = await app.db
    .select(myIssueColumns)
    .from(magazineIssues)
    .innerJoin(magazines, eq(magazines.id, magazineIssues.magazineId))
    .where(where)
    .orderBy(desc(magazineIssues.createdAt), desc(magazineIssues.id))
    .limit(paging.pageSize)
    .offset(paging.offset)
  return pageOf(rows.map(toMyIssue), total, paging)
}

/** The caller's issue, else 404 (none) or 403 `refusal` (someone else's). */
async function ownIssue(
  db: Db,
  caller: Caller,
  issueId: number,
  refusal: string,
  lock = false,
): Promise<{ id: number; magazineId: number; cover: string }> {
  const query = db
    .select({
      id: magazineIssues.id,
      magazineId: magazineIssues.magazineId,
      ownerId: magazineIssues.ownerId,
      cover: magazineIssues.cover,
    })
    .from(magazineIssues)
    .where(eq(magazineIssues.id, issueId))
  const rows = lock ? await query.for('update') : await query
  const issue = rows[0]
  if (!issue) throw notFound(ISSUE_NOT_FOUND)
  if (issue.ownerId !== caller.userId) throw forbidden(refusal)
  return issue
}

/** One of the caller's issues as the edit form loads it. */
export async function issueDraft(
  app: AppContext,
  caller: Caller,
  issueId: number,
): Promise<IssueDraft> {
  await ownIssue(app.db, caller, issueId, NOT_OWNER)
  const mine = await myIssueOf(app.db, issueId)
  const [magazine] = await app.db
    .select({ categoryId: magazines.categoryId, intro: magazines.intro })
    .from(magazines)
    .where(eq(magazines.id, mine.magazineId))
  const articles = await app.db
    .select({
      title: magazineArticles.title,
      author: magazineArticles.author,
      paragraphs: magazineArticles.paragraphs,
      images: magazineArticles.images,
    })
    .from(magazineArticles)
    .where(eq(magazineArticles.issueId, issueId))
    .orderBy(magazineArticles.serial)
  // Text articles always have a paragraph: an article without one is a page image.
  const pagesMode = articles.length > 0 && articles.every((a) => a.paragraphs.length === 0)
  return {
    ...mine,
    ...magazine,
    mode: pagesMode ? 'pages' : 'articles',
    articles: pagesMode
      ? []
      : articles.map((a) => ({
          title: a.title,
          author: a.author,
          content: contentOf(a.paragraphs),
          images: a.images,
        })),
    pages: pagesMode ? articles.flatMap((a) => a.images.slice(0, 1)) : [],
  }
}

// ---- changes ----------------------------------------------------------------------------------

/** Uploads an issue (pending) to a new magazine or one of the caller's. */
export async function addIssue(
  app: AppContext,
  caller: Caller,
  req: AddIssueReq,
): Promise<MyIssue> {
  const content = issueContent(req)
  const fresh = req.magazineId === undefined ? newTitle(req) : null
  return inTx(app.db, async (tx) => {
    await lockCaller(tx, caller.userId)
    const nowMs = app.clock.now()
    const now = new Date(nowMs)
    await refuseOverUploadRate(
      tx,
      { table: magazineIssues, user: magazineIssues.ownerId, at: magazineIssues.createdAt },
      caller.userId,
      nowMs,
    )
    let magazineId: number
    if (fresh) {
      await requireCategory(tx, fresh.categoryId)
      const [made] = await tx
        .insert(magazines)
        .values({ ...fresh, ownerId: caller.userId, createdAt: now, updatedAt: now })
        .returning({ id: magazines.id })
      magazineId = made.id
    } else {
      const rows = await tx
        .select({ id: magazines.id, ownerId: magazines.ownerId })
        .from(magazines)
        .where(eq(magazines.id, req.magazineId as number))
        .for('update')
      if (!rows[0]) throw notFound(MAGAZINE_NOT_FOUND)
      if (rows[0].ownerId !== caller.userId) throw forbidden(NOT_OWNER)
      magazineId = rows[0].id
    }
    await requireContentUploads(tx, caller.userId, content)
    const [last] = await tx
      .select({ serial: max(magazineIssues.serial) })
      .from(magazineIssues)
      .where(eq(magazineIssues.magazineId, magazineId))
    const [issue] = await tx
      .insert(magazineIssues)
      .values({
        magazineId,
        serial: (last?.serial ?? 0) + 1,
        title: content.title,
        cover: content.cover,
        ownerId: caller.userId,
        ...pendingReview(),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: magazineIssues.id })
    await insertArticles(tx, issue.id, content.articles)
    return myIssueOf(tx, issue.id)
  })
}

/** Replaces one of the caller's issues; it goes back to review. Unused images are deleted. */
export async function updateIssue(
  app: AppContext,
  caller: Caller,
  req: UpdateIssueReq,
): Promise<MyIssue> {
  const content = issueContent(req)
  const intro = introGiven(req.intro)
  const { mine, released } = await inTx(app.db, async (tx) => {
    await lockCaller(tx, caller.userId)
    const issue = await ownIssue(tx, caller, req.issueId, NOT_OWNER, true)
    const now = new Date(app.clock.now())
    await requireContentUploads(tx, caller.userId, content)
    const before = await namesOfIssue(tx, issue.id, issue.cover)
    const magazineChanges: Partial<typeof magazines.$inferInsert> = {}
    if (req.categoryId !== undefined) {
      await requireCategory(tx, req.categoryId)
      magazineChanges.categoryId = req.categoryId
    }
    if (intro !== undefined) magazineChanges.intro = intro
    if (Object.keys(magazineChanges).length > 0) {
      await tx
        .update(magazines)
        .set({ ...magazineChanges, updatedAt: now })
        .where(eq(magazines.id, issue.magazineId))
    }
    await tx
      .update(magazineIssues)
      .set({ title: content.title, cover: content.cover, ...pendingReview(), updatedAt: now })
      .where(eq(magazineIssues.id, issue.id))
    await tx.delete(magazineArticles).where(eq(magazineArticles.issueId, issue.id))
    await insertArticles(tx, issue.id, content.articles)
    const kept = new Set([content.coverName, ...content.imageNames])
    const dropped = before.filter((name) => !kept.has(name))
    return {
      mine: await myIssueOf(tx, issue.id),
      released: await releaseUploads(tx, caller.userId, dropped),
    }
  })
  await removeFiles(app, released)
  return mine
}

/**
 * Deletes one of the caller's issues (articles, places and read marks go with it) and the files
 * nothing else uses; a magazine left without issues goes too, with everyone's collections of it.
 */
export async function deleteIssue(app: AppContext, caller: Caller, issueId: number): Promise<void> {
  const released = await inTx(app.db, async (tx) => {
    await lockCaller(tx, caller.userId)
    const issue = await ownIssue(tx, caller, issueId, DELETE_NOT_OWNER, true)
    const names = await namesOfIssue(tx, issue.id, issue.cover)
    await tx.delete(magazineIssues).where(eq(magazineIssues.id, issue.id))
    const [left] = await tx
      .select({ n: count() })
      .from(magazineIssues)
      .where(eq(magazineIssues.magazineId, issue.magazineId))
    if (left.n === 0) {
      const gone = await tx
        .delete(magazines)
        .where(eq(magazines.id, issue.magazineId))
        .returning({ cover: magazines.cover })
      await dropCollections(tx, 'maga', issue.magazineId)
      names.push(...uploadNamesOf(gone.map((row) => row.cover)))
    }
    return releaseUploads(tx, caller.userId, names)
  })
  await removeFiles(app, released)
}
