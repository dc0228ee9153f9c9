/**
 * A reader's own newspapers: uploading a dated edition (to a new newspaper or one of theirs),
 * replacing it, deleting it with its files, and the list and edit form of their uploads. Only the
 * owner changes an edition; every change is one transaction and sends it back to review.
 */
import { and, count, desc, eq, ne, sql } from 'drizzle-orm'
import {
  CATEGORY_NOT_FOUND,
  DATE_TAKEN,
  DELETE_NOT_OWNER,
  EDITION_NOT_FOUND,
  editionDateError,
  editionTitleError,
  IMAGE_INVALID,
  NEWSPAPER_NOT_FOUND,
  NOT_OWNER,
  PAGE_IMAGE_MISSING,
  pageNameError,
  PAGES_MISSING,
} from '@rules/periodicals'
import type { AddEditionReq, EditionDraft, MyEdition, UpdateEditionReq } from '@api/newspapers'
import type { Page } from '@api/envelope'
import { unixSeconds } from '../../clock'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import {
  newspaperArticles,
  newspaperEditions,
  newspaperPages,
  newspapers,
  pressCategories,
} from '../../db/schema'
import { inTx } from '../../db/tx'
import { lockCaller } from '../../db/users'
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
import { dayKey } from '../stats/days'

// ---- what an edition is made of -------------------------------------------------------------

interface PageContent {
  name: string
  image: string
  articles: ArticleContent[]
}

interface EditionContent {
  date: string
  title: string
  pages: PageContent[]
  pageImageNames: string[]
  imageNames: string[]
}

type EditionFields = Pick<AddEditionReq, 'date' | 'title' | 'pages'>

/** The edition as stored, checked before the transaction (ownership of the uploads inside it). */
function editionContent(input: EditionFields, nowMs: number): EditionContent {
  const date = input.date.trim()
  check(editionDateError(date, dayKey(nowMs)))
  const title = (input.title ?? '').trim()
  check(editionTitleError(title))
  const pagesIn = input.pages ?? []
  if (pagesIn.length === 0) throw badRequest(PAGES_MISSING)
  const pageImages = new UploadNames()
  const images = new UploadNames()
  const pages = pagesIn.map((page) => {
    const name = (page.name ?? '').trim()
    check(pageNameError(name))
    return {
      name,
      image: pageImages.url(page.image, PAGE_IMAGE_MISSING),
      articles: (page.articles ?? []).map((a) => articleContent(a, images, IMAGE_INVALID)),
    }
  })
  return {
    date,
    title: title || date,
    pages,
    pageImageNames: pageImages.list(),
    imageNames: images.list(),
  }
}

async function requireContentUploads(tx: Db, userId: number, content: EditionContent) {
  await requireOwnUploads(tx, userId, content.pageImageNames, PAGE_IMAGE_MISSING)
  await requireOwnUploads(tx, userId, content.imageNames, IMAGE_INVALID)
}

/** The pages in order and their articles numbered across the edition. */
async function insertPages(tx: Db, editionId: number, pages: PageContent[]): Promise<void> {
  const made = await tx
    .insert(newspaperPages)
    .values(
      pages.map((page, i) => ({ editionId, serial: i + 1, name: page.name, image: page.image })),
    )
    .returning({ id: newspaperPages.id, serial: newspaperPages.serial })
  const pageIds = new Map(made.map((row) => [row.serial, row.id]))
  let serial = 0
  const articles = pages.flatMap((page, i) =>
    page.articles.map((article) => {
      serial += 1
      return { editionId, pageId: pageIds.get(i + 1) as number, serial, ...article }
    }),
  )
  if (articles.length > 0) await tx.insert(newspaperArticles).values(articles)
}

async function requireCategory(tx: Db, categoryId: number): Promise<void> {
  const rows = await tx
    .select({ id: pressCategories.id })
    .from(pressCategories)
    .where(eq(pressCategories.id, categoryId))
  if (!rows[0]) throw badRequest(CATEGORY_NOT_FOUND)
}

/** One edition per newspaper and date (`except`: the edition being edited). */
async function refuseTakenDate(tx: Db, newspaperId: number, date: string, except?: number) {
  const rows = await tx
    .select({ id: newspaperEditions.id })
    .from(newspaperEditions)
    .where(
      and(
        eq(newspaperEditions.newspaperId, newspaperId),
        eq(newspaperEditions.date, date),
        except === undefined ? undefined : ne(newspaperEditions.id, except),
      ),
    )
  if (rows[0]) throw badRequest(DATE_TAKEN)
}

/** Every upload name an edition uses: its cover, page images and articles' images. */
async function namesOfEdition(tx: Db, editionId: number, cover: string): Promise<string[]> {
  const pages = await tx
    .select({ image: newspaperPages.image })
    .from(newspaperPages)
    .where(eq(newspaperPages.editionId, editionId))
  const articles = await tx
    .select({ images: newspaperArticles.images })
    .from(newspaperArticles)
    .where(eq(newspaperArticles.editionId, editionId))
  return uploadNamesOf([cover, ...pages.map((p) => p.image), ...articles.flatMap((a) => a.images)])
}

// ---- the caller's editions ------------------------------------------------------------------

const myEditionColumns = {
  editionId: newspaperEditions.id,
  newspaperId: newspaperEditions.newspaperId,
  newspaperName: newspapers.name,
  date: newspaperEditions.date,
  title: newspaperEditions.title,
  cover: newspaperEditions.cover,
  pageCount: sql<number>`(select count(*)::int from ${newspaperPages} where ${eq(newspaperPages.editionId, newspaperEditions.id)})`,
  articleCount: sql<number>`(select count(*)::int from ${newspaperArticles} where ${eq(newspaperArticles.editionId, newspaperEditions.id)})`,
  reviewState: newspaperEditions.reviewState,
  reviewReason: newspaperEditions.reviewReason,
  createdAt: newspaperEditions.createdAt,
  updatedAt: newspaperEditions.updatedAt,
}

type MyEditionRow = Omit<MyEdition, 'createdAt' | 'updatedAt'> & {
  createdAt: Date
  updatedAt: Date
}

const toMyEdition = (row: MyEditionRow): MyEdition => ({
  ...row,
  pageCount: Number(row.pageCount),
  articleCount: Number(row.articleCount),
  createdAt: unixSeconds(row.createdAt.getTime()),
  updatedAt: unixSeconds(row.updatedAt.getTime()),
})

async function myEditionOf(db: Db, editionId: number): Promise<MyEdition> {
  const rows = await db
    .select(myEditionColumns)
    .from(newspaperEditions)
    .innerJoin(newspapers, eq(newspapers.id, newspaperEditions.newspaperId))
    .where(eq(newspaperEditions.id, editionId))
  return toMyEdition(rows[0])
}

/** The caller's uploaded editions, newest upload first. */
export async function myEditions(
  app: AppContext,
  caller: Caller,
  paging: Paging,
): Promise<Page<MyEdition>> {
  const where = eq(newspaperEditions.ownerId, caller.userId)
  const [{ total }] = await app.db.select({ total: count() }).from(newspaperEditions).where(where)
  const rows = await app.db
    .select(myEditionColumns)
    .from(newspaperEditions)
    .innerJoin(newspapers, eq(newspapers.id, newspaperEditions.newspaperId))
    .where(where)
    .orderBy(desc(newspaperEditions.createdAt), desc(newspaperEditions.id))
    .limit(paging.pageSize)
    .offset(paging.offset)
  return pageOf(rows.map(toMyEdition), total, paging)
}

/** The caller's edition, else 404 (none) or 403 `refusal` (someone else's). */
async function ownEdition(
  db: Db,
  caller: Caller,
  editionId: number,
  refusal: string,
  lock = false,
): Promise<{ id: number; newspaperId: number; cover: string }> {
  const query = db
    .select({
      id: newspaperEditions.id,
      newspaperId: newspaperEditions.newspaperId,
      ownerId: newspaperEditions.ownerId,
      cover: newspaperEditions.cover,
    })
    .from(newspaperEditions)
    .where(eq(newspaperEditions.id, editionId))
  const rows = lock ? await query.for('update') : await query
  const edition = rows[0]
  if (!edition) throw notFound(EDITION_NOT_FOUND)
  if (edition.ownerId !== caller.userId) throw forbidden(refusal)
  return edition
}

/** One of the caller's editions as the edit form loads it. */
export async function editionDraft(
  app: AppContext,
  caller: Caller,
  editionId: number,
): Promise<EditionDraft> {
  await ownEdition(app.db, caller, editionId, NOT_OWNER)
  const mine = await myEditionOf(app.db, editionId)
  const [newspaper] = await app.db
    .select({ categoryId: newspapers.categoryId, intro: newspapers.intro })
    .from(newspapers)
    .where(eq(newspapers.id, mine.newspaperId))
  const pages = await app.db
    .select({ id: newspaperPages.id, name: newspaperPages.name, image: newspaperPages.image })
    .from(newspaperPages)
    .where(eq(newspaperPages.editionId, editionId))
    .orderBy(newspaperPages.serial)
  const articles = await app.db
    .select({
      pageId: newspaperArticles.pageId,
      title: newspaperArticles.title,
      author: newspaperArticles.author,
      paragraphs: newspaperArticles.paragraphs,
      images: newspaperArticles.images,
    })
    .from(newspaperArticles)
    .where(eq(newspaperArticles.editionId, editionId))
    .orderBy(newspaperArticles.serial)
  return {
    ...mine,
    ...newspaper,
    pages: pages.map((page) => ({
      name: page.name,
      image: page.image,
      articles: articles
        .filter((a) => a.pageId === page.id)
        .map((a) => ({
          title: a.title,
          author: a.author,
          content: contentOf(a.paragraphs),
          images: a.images,
        })),
    })),
  }
}

// ---- changes ----------------------------------------------------------------------------------

/** Uploads an edition (pending) to a new newspaper or one of the caller's. */
export async function addEdition(
  app: AppContext,
  caller: Caller,
  req: AddEditionReq,
): Promise<MyEdition> {
  const content = editionContent(req, app.clock.now())
  const fresh = req.newspaperId === undefined ? newTitle(req) : null
  return inTx(app.db, async (tx) => {
    await lockCaller(tx, caller.userId)
    const nowMs = app.clock.now()
    const now = new Date(nowMs)
    await refuseOverUploadRate(
      tx,
      {
        table: newspaperEditions,
        user: newspaperEditions.ownerId,
        at: newspaperEditions.createdAt,
      },
      caller.userId,
      nowMs,
    )
    let newspaperId: number
    if (fresh) {
      await requireCategory(tx, fresh.categoryId)
      const [made] = await tx
        .insert(newspapers)
        .values({ ...fresh, ownerId: caller.userId, createdAt: now, updatedAt: now })
        .returning({ id: newspapers.id })
      newspaperId = made.id
    } else {
      const rows = await tx
        .select({ id: newspapers.id, ownerId: newspapers.ownerId })
        .from(newspapers)
        .where(eq(newspapers.id, req.newspaperId as number))
        .for('update')
      if (!rows[0]) throw notFound(NEWSPAPER_NOT_FOUND)
      if (rows[0].ownerId !== caller.userId) throw forbidden(NOT_OWNER)
      newspaperId = rows[0].id
      await refuseTakenDate(tx, newspaperId, content.date)
    }
    await requireContentUploads(tx, caller.userId, content)
    const [edition] = await tx
      .insert(newspaperEditions)
      .values({
        newspaperId,
        date: content.date,
        title: content.title,
        cover: content.pages[0].image,
        ownerId: caller.userId,
        ...pendingReview(),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: newspaperEditions.id })
    await insertPages(tx, edition.id, content.pages)
    return myEditionOf(tx, edition.id)
  })
}

/** Replaces one of the caller's editions; it goes back to review. Unused images are deleted. */
export async function updateEdition(
  app: AppContext,
  caller: Caller,
  req: UpdateEditionReq,
): Promise<MyEdition> {
  const content = editionContent(req, app.clock.now())
  const intro = introGiven(req.intro)
  const { mine, released } = await inTx(app.db, async (tx) => {
    await lockCaller(tx, caller.userId)
    const edition = await ownEdition(tx, caller, req.editionId, NOT_OWNER, true)
    const now = new Date(app.clock.now())
    await refuseTakenDate(tx, edition.newspaperId, content.date, edition.id)
    await requireContentUploads(tx, caller.userId, content)
    const before = await namesOfEdition(tx, edition.id, edition.cover)
    const changes: Partial<typeof newspapers.$inferInsert> = {}
    if (req.categoryId !== undefined) {
      await requireCategory(tx, req.categoryId)
      changes.categoryId = req.categoryId
    }
    if (intro !== undefined) changes.intro = intro
    if (Object.keys(changes).length > 0) {
      await tx
        .update(newspapers)
        .set({ ...changes, updatedAt: now })
        .where(eq(newspapers.id, edition.newspaperId))
    }
    await tx
      .update(newspaperEditions)
      .set({
        date: content.date,
        title: content.title,
        cover: content.pages[0].image,
        ...pendingReview(),
        updatedAt: now,
      })
      .where(eq(newspaperEditions.id, edition.id))
    // Pages go with their articles, places and read marks (cascade).
    await tx.delete(newspaperPages).where(eq(newspaperPages.editionId, edition.id))
    await insertPages(tx, edition.id, content.pages)
    const kept = new Set([...content.pageImageNames, ...content.imageNames])
    const dropped = before.filter((name) => !kept.has(name))
    return {
      mine: await myEditionOf(tx, edition.id),
      released: await releaseUploads(tx, caller.userId, dropped),
    }
  })
  await removeFiles(app, released)
  return mine
}

/**
 * Deletes one of the caller's editions (pages, articles, places and read marks go with it) and
 * the files nothing else uses; a newspaper left without editions goes too, with its collections.
 */
export async function deleteEdition(
  app: AppContext,
  caller: Caller,
  editionId: number,
): Promise<void> {
  const released = await inTx(app.db, async (tx) => {
    await lockCaller(tx, caller.userId)
    const edition = await ownEdition(tx, caller, editionId, DELETE_NOT_OWNER, true)
    const names = await namesOfEdition(tx, edition.id, edition.cover)
    await tx.delete(newspaperEditions).where(eq(newspaperEditions.id, edition.id))
    const [left] = await tx
      .select({ n: count() })
      .from(newspaperEditions)
      .where(eq(newspaperEditions.newspaperId, edition.newspaperId))
    if (left.n === 0) {
      const gone = await tx
        .delete(newspapers)
        .where(eq(newspapers.id, edition.newspaperId))
        .returning({ cover: newspapers.cover })
      await dropCollections(tx, 'paper', edition.newspaperId)
      names.push(...uploadNamesOf(gone.map((row) => row.cover)))
    }
    return releaseUploads(tx, caller.userId, names)
  })
  await removeFiles(app, released)
}
