/** The public library: categories, the list, readings and collections. */
import { and, asc, count, desc, eq, ilike, lte, sql, type SQL } from 'drizzle-orm'
import { DocumentLimits, DocumentText } from '@rules/documents'
import type {
  CollectDocRes,
  CollectedDocument,
  DocListReq,
  DocumentCategory,
  DocumentSummary,
  ReadCountRes,
} from '@api/documents'
import type { Page } from '@api/envelope'
import { unixSeconds } from '../../clock'
import type { AppContext } from '../../context'
import {
  documentCategories,
  documents,
  documentViews,
  itemCollections,
  users,
} from '../../db/schema'
import { inTx } from '../../db/tx'
import type { Caller } from '../../http/auth'
import { badRequest } from '../../http/errors'
import { pageOf, type Paging } from '../../http/paging'
import {
  docColumns,
  findDoc,
  isPublic,
  isPublicRow,
  newestFirst,
  readableBy,
  selectDocs,
  toSummary,
} from './rows'

/** A viewer counts one reading per document in this long. */
export const READ_COUNT_WINDOW_MS = 60 * 60 * 1000

/** The categories in display order, each with its number of public documents. */
export async function categoryList(app: AppContext): Promise<DocumentCategory[]> {
  const rows = await app.db
    .select({
      id: documentCategories.id,
      name: documentCategories.name,
      count: sql<number>`count(${documents.id})::int`,
    })
    .from(documentCategories)
    .leftJoin(documents, and(eq(documents.categoryId, documentCategories.id), isPublic))
    .groupBy(documentCategories.id)
    .orderBy(asc(documentCategories.sort), asc(documentCategories.id))
  return rows.map((r) => ({ id: r.id, name: r.name, count: Number(r.count) }))
}

/** `%` and `_` in a keyword match themselves. */
const likePattern = (term: string): string => `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

export async function docList(
  app: AppContext,
  filter: Pick<DocListReq, 'categoryId' | 'keyword'>,
  at: Paging,
): Promise<Page<DocumentSummary>> {
  const keyword = filter.keyword ?? ''
  if ([...keyword].length > DocumentLimits.keywordMaxChars) {
    throw badRequest(DocumentText.keywordTooLong)
  }
  const conditions: SQL[] = [isPublic]
  if (filter.categoryId !== undefined) conditions.push(eq(documents.categoryId, filter.categoryId))
  if (keyword) conditions.push(ilike(documents.title, likePattern(keyword)))
  const where = and(...conditions)
  const [{ total }] = await app.db.select({ total: count() }).from(documents).where(where)
  const rows = await selectDocs(app.db)
    .where(where)
    .orderBy(...newestFirst)
    .limit(at.pageSize)
    .offset(at.offset)
  return pageOf(rows.map(toSummary), total, at)
}

/** Who is reading (shared with the video counts). */
export { viewerKey } from '../../http/viewerKey'

/**
 * Counts a reading of a public document, at most once per viewer per document in
 * READ_COUNT_WINDOW_MS (a reload loop adds nothing). The owner's document that is not public is
 * answered with its count, uncounted; anyone else's is 404.
 */
export async function refreshReadCount(
  app: AppContext,
  caller: Caller | null,
  id: number,
  viewer: string,
): Promise<ReadCountRes> {
  const doc = await findDoc(app.db, id, readableBy(caller?.userId ?? null))
  if (!isPublicRow(doc)) return { readCount: doc.readCount }
  return inTx(app.db, async (tx) => {
    const now = new Date(app.clock.now())
    // One statement decides whether this viewing counts: a new viewer, or one whose last counted
    // viewing is an hour old. Two requests at once: the row lock lets only one of them count.
    const counted = await tx
      .insert(documentViews)
      .values({ documentId: id, viewer, viewedAt: now })
      .onConflictDoUpdate({
        target: [documentViews.documentId, documentViews.viewer],
        set: { viewedAt: now },
        setWhere: lte(documentViews.viewedAt, new Date(now.getTime() - READ_COUNT_WINDOW_MS)),
      })
      .returning({ viewer: documentViews.viewer })
    if (counted.length === 0) {
      const [row] = await tx
        .select({ readCount: documents.readCount })
        .from(documents)
        .where(eq(documents.id, id))
      return { readCount: row?.readCount ?? doc.readCount }
    }
    const [row] = await tx
      .update(documents)
      .set({ readCount: sql`${documents.readCount} + 1` })
      .where(eq(documents.id, id))
      .returning({ readCount: documents.readCount })
    return { readCount: row.readCount }
  })
}

const collectionOf = (userId: number, docId: number) =>
  and(
    eq(itemCollections.userId, userId),
    eq(itemCollections.kind, 'doc'),
    eq(itemCollections.itemId, docId),
  )

/** Collects (a document the caller may read; idempotent) or uncollects (any). */
export async function setCollected(
  app: AppContext,
  caller: Caller,
  id: number,
  collect: 0 | 1,
): Promise<CollectDocRes> {
  if (collect === 0) {
    await app.db.delete(itemCollections).where(collectionOf(caller.userId, id))
    return { collected: false }
  }
  await findDoc(app.db, id, readableBy(caller.userId))
  await app.db
    .insert(itemCollections)
    .values({
      userId: caller.userId,
      kind: 'doc',
      itemId: id,
      createdAt: new Date(app.clock.now()),
    })
    .onConflictDoNothing()
  return { collected: true }
}

/** My collected documents that I may still read, last collected first. */
export async function collectionList(
  app: AppContext,
  caller: Caller,
  at: Paging,
): Promise<Page<CollectedDocument>> {
  const where = and(
    eq(itemCollections.userId, caller.userId),
    eq(itemCollections.kind, 'doc'),
    readableBy(caller.userId),
  )
  const [{ total }] = await app.db
    .select({ total: count() })
    .from(itemCollections)
    .innerJoin(documents, eq(documents.id, itemCollections.itemId))
    .where(where)
  const rows = await app.db
    .select({ ...docColumns, collectedAt: itemCollections.createdAt })
    .from(itemCollections)
    .innerJoin(documents, eq(documents.id, itemCollections.itemId))
    .innerJoin(documentCategories, eq(documentCategories.id, documents.categoryId))
    .leftJoin(users, eq(users.id, documents.ownerId))
    .where(where)
    .orderBy(desc(itemCollections.createdAt), desc(documents.id))
    .limit(at.pageSize)
    .offset(at.offset)
  return pageOf(
    rows.map((row) => ({
      ...toSummary(row),
      collectedAt: unixSeconds(row.collectedAt.getTime()),
    })),
    total,
    at,
  )
}
