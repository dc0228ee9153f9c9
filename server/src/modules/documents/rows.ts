/** Reading document rows: the columns of the answers, who may see a document, and the shapes. */
import { and, desc, eq, isNull, or, type SQL } from 'drizzle-orm'
import { documentFileUrl, DocumentText, type DocumentReviewState } from '@rules/documents'
import type { DocumentDetail, DocumentSummary, MyDocument } from '@api/documents'
import { unixSeconds } from '../../clock'
import type { Db } from '../../db/client'
import { documentCategories, documents, itemCollections, users } from '../../db/schema'
import { badRequest, notFound } from '../../http/errors'

/** A document is in the public library: the house's own or contributed, and approved. */
export const isPublic: SQL = and(
  or(isNull(documents.ownerId), eq(documents.contributed, true)),
  eq(documents.reviewState, 'approved'),
) as SQL

/** isPublic for a row already read. */
export const isPublicRow = (row: Pick<DocRow, 'ownerId' | 'contributed' | 'reviewState'>) =>
  (row.ownerId === null || row.contributed) && row.reviewState === 'approved'

/** What `userId` (null: a guest) may read: the public library and their own documents. */
export const readableBy = (userId: number | null): SQL =>
  userId === null ? isPublic : (or(isPublic, eq(documents.ownerId, userId)) as SQL)

/** The columns every answer is made of (documents with their category and owner). */
export const docColumns = {
  id: documents.id,
  title: documents.title,
  intro: documents.intro,
  categoryId: documents.categoryId,
  categoryName: documentCategories.name,
  fileType: documents.fileType,
  fileSize: documents.fileSize,
  pageCount: documents.pageCount,
  thumb: documents.thumb,
  readCount: documents.readCount,
  ownerId: documents.ownerId,
  ownerNickname: users.nickname,
  contributed: documents.contributed,
  reviewState: documents.reviewState,
  reviewReason: documents.reviewReason,
  submittedAt: documents.submittedAt,
  createdAt: documents.createdAt,
}

export interface DocRow {
  id: number
  title: string
  intro: string
  categoryId: number
  categoryName: string
  fileType: DocumentSummary['fileType']
  fileSize: number
  pageCount: number
  thumb: string
  readCount: number
  ownerId: number | null
  ownerNickname: string | null
  contributed: boolean
  reviewState: 'pending' | 'approved' | 'rejected'
  reviewReason: string
  submittedAt: Date | null
  createdAt: Date
}

/** documents joined with their category and owner, for `select(docColumns)`. */
export function selectDocs(db: Db) {
  return db
    .select(docColumns)
    .from(documents)
    .innerJoin(documentCategories, eq(documentCategories.id, documents.categoryId))
    .leftJoin(users, eq(users.id, documents.ownerId))
}

/** Newest first (lists of the library and of my documents). */
export const newestFirst = [desc(documents.createdAt), desc(documents.id)]

export function toSummary(row: DocRow): DocumentSummary {
  return {
    id: row.id,
    title: row.title,
    intro: row.intro,
    categoryId: row.categoryId,
    categoryName: row.categoryName,
    fileType: row.fileType,
    fileSize: row.fileSize,
    pageCount: row.pageCount,
    thumb: row.thumb,
    readCount: row.readCount,
    ownerNickname: row.ownerId === null ? '' : (row.ownerNickname ?? ''),
    createdAt: unixSeconds(row.createdAt.getTime()),
  }
}

/** The review state as the API tells it ('none' while a reader's document is not contributed). */
export function reviewStateOf(row: Pick<DocRow, 'ownerId' | 'contributed' | 'reviewState'>) {
  const state: DocumentReviewState =
    row.ownerId !== null && !row.contributed ? 'none' : row.reviewState
  return state
}

export function toMine(row: DocRow): MyDocument {
  const state = reviewStateOf(row)
  return {
    ...toSummary(row),
    contributed: row.contributed,
    reviewState: state,
    reviewReason: state === 'rejected' ? row.reviewReason : '',
    submittedAt: row.submittedAt ? unixSeconds(row.submittedAt.getTime()) : null,
  }
}

/** A detail for `viewerId` (the reason only for the owner). */
export function toDetail(row: DocRow, viewerId: number | null, collected: boolean): DocumentDetail {
  const mine = viewerId !== null && row.ownerId === viewerId
  const own = toMine(row)
  return {
    ...own,
    reviewReason: mine ? own.reviewReason : '',
    fileUrl: documentFileUrl(row.id),
    collected,
    mine,
  }
}

/** One document by id among those `where` allows, else 404 '文档不存在'. */
export async function findDoc(db: Db, id: number, where?: SQL): Promise<DocRow> {
  const [row] = await selectDocs(db).where(and(eq(documents.id, id), where))
  if (!row) throw notFound(DocumentText.notFound)
  return row
}

export async function isCollected(db: Db, userId: number, docId: number): Promise<boolean> {
  const rows = await db
    .select({ id: itemCollections.itemId })
    .from(itemCollections)
    .where(
      and(
        eq(itemCollections.userId, userId),
        eq(itemCollections.kind, 'doc'),
        eq(itemCollections.itemId, docId),
      ),
    )
  return rows.length > 0
}

/** The detail of a document `viewerId` may read, else 404. */
export async function docDetail(
  db: Db,
  id: number,
  viewerId: number | null,
): Promise<DocumentDetail> {
  const row = await findDoc(db, id, readableBy(viewerId))
  const collected = viewerId !== null && (await isCollected(db, viewerId, id))
  return toDetail(row, viewerId, collected)
}

/** 400 '请选择分类' unless the category exists. */
export async function requireCategory(db: Db, id: number): Promise<void> {
  const rows = await db
    .select({ id: documentCategories.id })
    .from(documentCategories)
    .where(eq(documentCategories.id, id))
  if (!rows[0]) throw badRequest(DocumentText.categoryMissing)
}
