/**
 * A reader's own documents: their list, edits, deletion, and contributing one to the public
 * library (review by an operator). Only the owner changes a document; each change is one
 * transaction with the document's row locked.
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm'
import { documentIntroError, DocumentText, documentTitleError } from '@rules/documents'
import type { DocumentDetail, MyDocument } from '@api/documents'
import type { Page } from '@api/envelope'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { documents, documentViews, itemCollections } from '../../db/schema'
import { inTx } from '../../db/tx'
import type { Caller } from '../../http/auth'
import { badRequest, forbidden, notFound } from '../../http/errors'
import { pageOf, type Paging } from '../../http/paging'
import {
  findDoc,
  isCollected,
  newestFirst,
  requireCategory,
  selectDocs,
  toDetail,
  toMine,
} from './rows'

type DocumentRow = typeof documents.$inferSelect

export interface DocEdits {
  title?: string
  categoryId?: number
  intro?: string
}

const mine = (caller: Caller): SQL => eq(documents.ownerId, caller.userId)

async function myPage(
  app: AppContext,
  where: SQL | undefined,
  order: SQL[],
  at: Paging,
): Promise<Page<MyDocument>> {
  const [{ total }] = await app.db.select({ total: count() }).from(documents).where(where)
  const rows = await selectDocs(app.db)
    .where(where)
    .orderBy(...order)
    .limit(at.pageSize)
    .offset(at.offset)
  return pageOf(rows.map(toMine), total, at)
}

/** All my documents, newest first. */
export const myDocList = (
  app: AppContext,
  caller: Caller,
  categoryId: number | undefined,
  at: Paging,
) =>
  myPage(
    app,
    and(mine(caller), categoryId === undefined ? undefined : eq(documents.categoryId, categoryId)),
    newestFirst,
    at,
  )

/** My contributions (any review state), last submitted first. */
export const contributionList = (app: AppContext, caller: Caller, at: Paging) =>
  myPage(
    app,
    and(mine(caller), eq(documents.contributed, true)),
    [desc(documents.submittedAt), desc(documents.id)],
    at,
  )

export async function myDocDetail(
  app: AppContext,
  caller: Caller,
  id: number,
): Promise<DocumentDetail> {
  const row = await findDoc(app.db, id, mine(caller))
  return toDetail(row, caller.userId, await isCollected(app.db, caller.userId, id))
}

const answerMine = async (db: Db, id: number): Promise<MyDocument> => toMine(await findDoc(db, id))

/**
 * The document's row locked for a change by its owner: 404 when there is none, 403 with
 * `notOwner` when it is someone else's (or the house's).
 */
async function lockOwn(tx: Db, caller: Caller, id: number, notOwner: string): Promise<DocumentRow> {
  const [row] = await tx.select().from(documents).where(eq(documents.id, id)).for('update')
  if (!row) throw notFound(DocumentText.notFound)
  if (row.ownerId !== caller.userId) throw forbidden(notOwner)
  return row
}

/** The edits checked by the rules (trimmed), with the category's existence. */
async function checkEdits(db: Db, edits: DocEdits): Promise<DocEdits> {
  const out: DocEdits = {}
  if (edits.title !== undefined) {
    const problem = documentTitleError(edits.title)
    if (problem) throw badRequest(problem)
    out.title = edits.title.trim()
  }
  if (edits.intro !== undefined) {
    const problem = documentIntroError(edits.intro)
    if (problem) throw badRequest(problem)
    out.intro = edits.intro.trim()
  }
  if (edits.categoryId !== undefined) {
    await requireCategory(db, edits.categoryId)
    out.categoryId = edits.categoryId
  }
  return out
}

/** A contribution going (back) to review: pending, the last decision and reason cleared. */
const submitted = (now: Date) => ({
  contributed: true,
  reviewState: 'pending' as const,
  reviewReason: '',
  reviewedAt: null,
  reviewedBy: null,
  submittedAt: now,
})

/** Back to a private document (out of the library, the review cleared). */
const privateAgain = {
  contributed: false,
  reviewState: 'pending' as const,
  reviewReason: '',
  reviewedAt: null,
  reviewedBy: null,
  submittedAt: null,
}

/**
 * User.UserDocument.UpdateDoc: edits one of mine. A public contribution whose title or category
 * changes goes back to review (the library shows only what an operator has seen).
 */
export async function updateDoc(
  app: AppContext,
  caller: Caller,
  id: number,
  edits: DocEdits,
): Promise<MyDocument> {
  const checked = await checkEdits(app.db, edits)
  await inTx(app.db, async (tx) => {
    const row = await lockOwn(tx, caller, id, DocumentText.onlyOwnerEdits)
    const now = new Date(app.clock.now())
    const changesListing =
      (checked.title !== undefined && checked.title !== row.title) ||
      (checked.categoryId !== undefined && checked.categoryId !== row.categoryId)
    const backToReview = row.contributed && row.reviewState === 'approved' && changesListing
    await tx
      .update(documents)
      .set({ ...checked, ...(backToReview ? submitted(now) : {}), updatedAt: now })
      .where(eq(documents.id, id))
  })
  return answerMine(app.db, id)
}

/**
 * User.UserDocument.DeleteDoc: deletes one of mine with its readings and collections; the file
 * goes once the row is gone.
 */
export async function removeDoc(app: AppContext, caller: Caller, id: number): Promise<void> {
  const fileName = await inTx(app.db, async (tx) => {
    const row = await lockOwn(tx, caller, id, DocumentText.onlyOwnerDeletes)
    await tx.delete(documentViews).where(eq(documentViews.documentId, id))
    await tx
      .delete(itemCollections)
      .where(and(eq(itemCollections.kind, 'doc'), eq(itemCollections.itemId, id)))
    await tx.delete(documents).where(eq(documents.id, id))
    return row.fileName
  })
  await app.storage.remove(fileName)
}

/**
 * User.Document.AddDoc: contributes one of mine to the library, with optional edits. A rejected
 * contribution is submitted again; a pending or public one is refused.
 */
export async function contribute(
  app: AppContext,
  caller: Caller,
  id: number,
  edits: DocEdits,
): Promise<MyDocument> {
  const checked = await checkEdits(app.db, edits)
  await inTx(app.db, async (tx) => {
    const row = await lockOwn(tx, caller, id, DocumentText.onlyOwnerContributes)
    if (row.contributed && row.reviewState === 'pending') {
      throw badRequest(DocumentText.alreadyPending)
    }
    if (row.contributed && row.reviewState === 'approved') {
      throw badRequest(DocumentText.alreadyPublic)
    }
    const now = new Date(app.clock.now())
    await tx
      .update(documents)
      .set({ ...checked, ...submitted(now), updatedAt: now })
      .where(eq(documents.id, id))
  })
  return answerMine(app.db, id)
}

/**
 * User.Document.UpdateDoc: edits my contribution and submits it again. `fileDocId` names another
 * of my documents, not contributed, whose file this one takes (that upload's row goes; this
 * one's old file is removed after the commit).
 */
export async function updateContribution(
  app: AppContext,
  caller: Caller,
  id: number,
  edits: DocEdits,
  fileDocId: number | undefined,
): Promise<MyDocument> {
  const checked = await checkEdits(app.db, edits)
  const oldFile = await inTx(app.db, async (tx) => {
    const row = await lockOwn(tx, caller, id, DocumentText.onlyOwnerEdits)
    if (!row.contributed) throw badRequest(DocumentText.notContributed)
    const now = new Date(app.clock.now())
    let file = {}
    if (fileDocId !== undefined) {
      const [donor] = await tx
        .select()
        .from(documents)
        .where(eq(documents.id, fileDocId))
        .for('update')
      if (!donor || donor.id === id || donor.ownerId !== caller.userId || donor.contributed) {
        throw badRequest(DocumentText.fileDocInvalid)
      }
      file = {
        fileName: donor.fileName,
        fileType: donor.fileType,
        fileSize: donor.fileSize,
        pageCount: donor.pageCount,
      }
      await tx.delete(documentViews).where(eq(documentViews.documentId, donor.id))
      await tx
        .delete(itemCollections)
        .where(and(eq(itemCollections.kind, 'doc'), eq(itemCollections.itemId, donor.id)))
      await tx.delete(documents).where(eq(documents.id, donor.id))
    }
    await tx
      .update(documents)
      .set({ ...checked, ...file, ...submitted(now), updatedAt: now })
      .where(eq(documents.id, id))
    return fileDocId !== undefined ? row.fileName : null
  })
  if (oldFile) await app.storage.remove(oldFile)
  return answerMine(app.db, id)
}

/** User.Document.DeleteDoc: takes my contribution out of the library; it stays mine. */
export async function withdraw(app: AppContext, caller: Caller, id: number): Promise<MyDocument> {
  await inTx(app.db, async (tx) => {
    const row = await lockOwn(tx, caller, id, DocumentText.onlyOwnerWithdraws)
    if (!row.contributed) throw badRequest(DocumentText.notContributed)
    await tx
      .update(documents)
      .set({ ...privateAgain, updatedAt: new Date(app.clock.now()) })
      .where(eq(documents.id, id))
  })
  return answerMine(app.db, id)
}
