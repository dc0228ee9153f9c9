/**
 * The documents calls (issue 14; app-spec section 7 "Documents"), one function each, sent through
 * the refs generated from their declarations in types/api/documents.ts, and how the app reaches a
 * document's file (GET /api/documents/file, with the caller's token as for every call).
 */
import * as docCalls from '@/types/api/calls/documents.gen'
import type {
  CollectDocRes,
  CollectedDocument,
  ContributeReq,
  DocListReq,
  DocumentCategory,
  DocumentDetail,
  DocumentSummary,
  MyDocument,
  ReadCountRes,
  UpdateContributionReq,
  UploadDocumentFields,
} from '@/types/api/documents'
import type { Page } from '@/types/api/envelope'
import { apiUrl, call, uploadFile } from '@/core/request'
import { queryPath } from '@/core/encode'
import { session } from '@/core/session'
import { DocumentLimits } from '@rules/documents'

export const DOC_PAGE_SIZE = DocumentLimits.pageSize

// ---- the library ------------------------------------------------------------

export const fetchDocCategories = (): Promise<DocumentCategory[]> =>
  call(docCalls.categoryList.query, {})

export const fetchDocs = (req: DocListReq): Promise<Page<DocumentSummary>> =>
  call(docCalls.docList.query, req)

export const fetchDocDetail = (id: number): Promise<DocumentDetail> =>
  call(docCalls.docDetail.query, { id })

/** Counting a reading is background work: a failure is not worth a toast. */
export const countReading = (id: number): Promise<ReadCountRes> =>
  call(docCalls.refreshReadCount.query, { id }, { silent: true })

export const setDocCollected = (id: number, collected: boolean): Promise<CollectDocRes> =>
  call(docCalls.collect.query, { id, collect: collected ? 1 : 0 })

export const fetchCollectedDocs = (
  page: number,
  pageSize: number,
): Promise<Page<CollectedDocument>> => call(docCalls.collectionList.query, { page, pageSize })

// ---- my documents -----------------------------------------------------------

export const fetchMyDocs = (
  page: number,
  pageSize: number = DOC_PAGE_SIZE,
): Promise<Page<MyDocument>> => call(docCalls.myDocList.query, { page, pageSize })

export const fetchMyDoc = (id: number): Promise<DocumentDetail> =>
  call(docCalls.myDocDetail.query, { id })

export const removeMyDoc = (id: number): Promise<unknown> => call(docCalls.remove.query, { id })

export const contributeDoc = (req: ContributeReq): Promise<MyDocument> =>
  call(docCalls.contribute.query, req)

export const resubmitDoc = (req: UpdateContributionReq): Promise<MyDocument> =>
  call(docCalls.updateContribution.query, req)

export const withdrawDoc = (id: number): Promise<MyDocument> =>
  call(docCalls.withdraw.query, { id })

/** Where User.UserDocument.AddDoc is sent (a multipart upload, not a form call). */
const UPLOAD_URL = queryPath(docCalls.upload.query.path)

/**
 * Uploads a file as one of my (private) documents: the fields go as form data, before the file
 * part, as the server reads them; `onProgress` gets 0..1.
 */
export const uploadDoc = (
  fields: UploadDocumentFields,
  filePath: string,
  onProgress: (progress: number) => void,
): Promise<DocumentDetail> =>
  uploadFile<DocumentDetail>({
    url: UPLOAD_URL,
    filePath,
    name: 'file',
    formData: { title: fields.title, categoryId: fields.categoryId, intro: fields.intro ?? '' },
    onProgress,
  })

// ---- the file ---------------------------------------------------------------

export interface FileAccess {
  /** Absolute URL of the file. */
  url: string
  /** The Authorization header when signed in (a document that is not public needs it). */
  header: Record<string, string>
}

/** The file of a document as the caller may read it: its URL and the caller's token, if any. */
export async function fileAccess(fileUrl: string): Promise<FileAccess> {
  const fresh = await session.ensureFreshToken().catch(() => false)
  const authorization = fresh ? session.authorization() : null
  return { url: apiUrl(fileUrl), header: authorization ? { Authorization: authorization } : {} }
}
