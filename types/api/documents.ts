/**
 * The documents contract (issue 14; app-spec section 7 "Documents"): the public library (文库),
 * a reader's own documents, contributing one of them to the library (reviewed by an operator,
 * types/api/review.ts) and collecting documents.
 *
 * - A reader's upload (User.UserDocument.AddDoc) is private to them. User.Document.AddDoc
 *   contributes it to the library: it is then 审核中 ('pending') until an operator approves it
 *   (public) or rejects it with a reason, which only the owner sees (the verify page). The owner
 *   edits and resubmits it with User.Document.UpdateDoc, or takes it out of the library with
 *   User.Document.DeleteDoc (it stays among their documents).
 * - House documents (no owner) are public. Public = a house or contributed document, approved.
 *   A document that is not public answers 404 '文档不存在' to anyone but its owner.
 * - The file is not an API call: GET /api/documents/file?id=<id> (rules/documents.ts
 *   DOCUMENT_FILE_PATH, and `fileUrl` of a detail) streams it with its Content-Type,
 *   `Content-Disposition: inline`, ETag and Last-Modified, and HTTP ranges (206, 416). A public
 *   document is served to anyone; one that is not, only to its owner, who sends the access token
 *   in the Authorization header as for every call (no token in the query); anyone else gets 404.
 * - Upload (User.UserDocument.AddDoc) is multipart: the form fields `title`, `categoryId` and
 *   `intro` (UploadDocumentFields; the app sends them as Taro.uploadFile's formData, which goes
 *   before the file) and the file in field `file`; fields after the file are not read (they may
 *   also come in the query string). At most 100 MB; the format is told by the content (PDF, Word,
 *   Excel, PPT: doc/docx, xls/xlsx, ppt/pptx), whatever the name says; anything else is refused
 *   and nothing is kept. At most DocumentLimits.uploadsPerDay uploads in any 24 hours.
 *
 * Times are unix seconds. Texts are plain text, trimmed; lengths in characters (code points).
 */
import {
  DOCUMENT_FILE_TYPES,
  DOCUMENT_REVIEW_STATES,
  DocumentLimits,
  DocumentText,
} from '@rules/documents'
import {
  call,
  Clearable,
  Flag,
  Id,
  NoData,
  NoInput,
  OptionalId,
  PageOf,
  Paging,
  Required,
  Trimmed,
  Type,
  type CallInput,
  type Static,
} from './contract'

export { DocumentLimits, DocumentText }

/** Longest title, intro and keyword read before the rules count characters (they give the message). */
export const TITLE_READ_MAX = DocumentLimits.titleMaxChars * 4
export const INTRO_READ_MAX = DocumentLimits.introMaxChars * 4
export const KEYWORD_READ_MAX = 200

export const DocumentCategory = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** How many public documents the category has. */
  count: Type.Integer(),
})
export type DocumentCategory = Static<typeof DocumentCategory>

const FileType = Type.Union(DOCUMENT_FILE_TYPES.map((t) => Type.Literal(t)))
const ReviewState = Type.Union(DOCUMENT_REVIEW_STATES.map((s) => Type.Literal(s)))

const summaryFields = {
  id: Type.Integer(),
  title: Type.String(),
  /** '' when none. */
  intro: Type.String(),
  categoryId: Type.Integer(),
  categoryName: Type.String(),
  /** By content: pdf, doc, docx, xls, xlsx, ppt or pptx. */
  fileType: FileType,
  /** Bytes. */
  fileSize: Type.Integer(),
  /** A PDF's pages; 0 for other formats (and a PDF whose pages could not be counted). */
  pageCount: Type.Integer(),
  /** An image URL, or '' (the app shows the format's icon). */
  thumb: Type.String(),
  readCount: Type.Integer(),
  /** The uploader's nickname; '' for the house's own documents. */
  ownerNickname: Type.String(),
  createdAt: Type.Integer(),
}

/** A document in a list of the public library. */
export const DocumentSummary = Type.Object(summaryFields)
export type DocumentSummary = Static<typeof DocumentSummary>

const ownFields = {
  /** In the public library (or submitted to it). */
  contributed: Type.Boolean(),
  /** 'none' while not contributed; house documents are 'approved'. */
  reviewState: ReviewState,
  /** Why the review did not pass ('' unless rejected; only ever shown to the owner). */
  reviewReason: Type.String(),
  /** When it was last submitted to the library, or null. */
  submittedAt: Type.Union([Type.Integer(), Type.Null()]),
}

/** One of my documents (my documents, my contributions). */
export const MyDocument = Type.Object({ ...summaryFields, ...ownFields })
export type MyDocument = Static<typeof MyDocument>

export const DocumentDetail = Type.Object({
  ...summaryFields,
  ...ownFields,
  /** Where the file is read: /api/documents/file?id=<id>. */
  fileUrl: Type.String(),
  /** The caller collected it (false for a guest). */
  collected: Type.Boolean(),
  /** The caller uploaded it. */
  mine: Type.Boolean(),
})
export type DocumentDetail = Static<typeof DocumentDetail>

export const CollectedDocument = Type.Object({ ...summaryFields, collectedAt: Type.Integer() })
export type CollectedDocument = Static<typeof CollectedDocument>

export const ReadCountRes = Type.Object({ readCount: Type.Integer() })
export type ReadCountRes = Static<typeof ReadCountRes>

export const CollectDocRes = Type.Object({ collected: Type.Boolean() })
export type CollectDocRes = Static<typeof CollectDocRes>

// ---- input pieces ---------------------------------------------------------

const docId = { id: Id(DocumentText.notFound) }
const categoryFilter = { categoryId: OptionalId(DocumentText.categoryMissing) }
const edits = {
  title: Type.Optional(Trimmed(TITLE_READ_MAX)),
  categoryId: OptionalId(DocumentText.categoryMissing),
  /** Sent empty to clear it. */
  intro: Type.Optional(Clearable(INTRO_READ_MAX)),
}

/**
 * The form fields of an upload (User.UserDocument.AddDoc), sent before the file part (or in the
 * query string). Checked like a call's input: `title` 1..60 ('请输入文档标题'), `categoryId` an
 * existing category ('请选择分类'), `intro` at most 500.
 */
export const UploadDocumentFields = Type.Object({
  title: Required(DocumentText.titleMissing, TITLE_READ_MAX),
  categoryId: Id(DocumentText.categoryMissing),
  intro: Type.Optional(Trimmed(INTRO_READ_MAX)),
})
export type UploadDocumentFields = Static<typeof UploadDocumentFields>

const PAGES = `pages of 1..${DocumentLimits.pageSizeMax} (default ${DocumentLimits.pageSize})`

export const documentsApi = {
  categoryList: call({
    summary:
      'The document categories in display order, each with how many public documents it has.',
    auth: false,
    query: { method: 'GET', name: 'User.BookCategory.CateQuery' },
    input: NoInput,
    answer: Type.Array(DocumentCategory),
  }),
  docList: call({
    summary: `The public library, newest first: \`categoryId\` one category, \`keyword\` (at most 50 characters, else 400 '搜索词不能超过50字') in the title; ${PAGES}.`,
    auth: false,
    query: { method: 'GET', name: 'User.Document.DocList' },
    input: Type.Object({
      ...categoryFilter,
      keyword: Type.Optional(Trimmed(KEYWORD_READ_MAX)),
      ...Paging,
    }),
    answer: PageOf(DocumentSummary),
  }),
  contributionList: call({
    summary: `My contributions to the library (pending, approved or rejected with the reason), last submitted first; ${PAGES}.`,
    auth: true,
    query: { method: 'GET', name: 'User.Document.MyDocList' },
    input: Type.Object({ ...Paging }),
    answer: PageOf(MyDocument),
  }),
  docDetail: call({
    summary:
      "A document of the library, or one of mine (any state). Anyone else's document that is not public: 404 '文档不存在'. `reviewReason` is '' for anyone but the owner.",
    auth: false,
    query: { method: 'GET', name: 'User.Document.DocDetail' },
    input: Type.Object(docId),
    answer: DocumentDetail,
  }),
  refreshReadCount: call({
    summary:
      'Counts a reading of a public document (guests too): once per reader (or, for a guest, per address and browser) per document per hour; answers the count. My own document that is not public is not counted.',
    auth: false,
    query: { method: 'POST', name: 'User.Document.RefreshDocReadingNumber' },
    input: Type.Object(docId),
    answer: ReadCountRes,
  }),
  contribute: call({
    summary:
      "Contributes one of my documents to the public library, with optional edits: it goes to review (pending). Someone else's: 403; already pending 400 '该文档已在审核中', already public 400 '该文档已公开'; a rejected one is submitted again.",
    auth: true,
    query: { method: 'POST', name: 'User.Document.AddDoc' },
    input: Type.Object({ ...docId, ...edits }),
    answer: MyDocument,
  }),
  updateContribution: call({
    summary:
      "Edits my contribution and submits it again (pending, the reason cleared). `fileDocId`: a document I uploaded with User.UserDocument.AddDoc and did not contribute gives this one its file (that upload is then gone from my documents; the old file is removed). Not contributed: 400 '该文档未提交到文库'; someone else's: 403.",
    auth: true,
    query: { method: 'POST', name: 'User.Document.UpdateDoc' },
    input: Type.Object({
      ...docId,
      ...edits,
      fileDocId: OptionalId(DocumentText.fileDocInvalid),
    }),
    answer: MyDocument,
  }),
  withdraw: call({
    summary:
      "Takes my contribution out of the library (not contributed any more, review cleared); the document stays among my documents. Someone else's: 403.",
    auth: true,
    query: { method: 'POST', name: 'User.Document.DeleteDoc' },
    input: Type.Object(docId),
    answer: MyDocument,
  }),
  myDocList: call({
    summary: `All my documents (private or contributed, with the review state), newest first; \`categoryId\` one category; ${PAGES}.`,
    auth: true,
    query: { method: 'GET', name: 'User.UserDocument.MyDocList' },
    input: Type.Object({ ...categoryFilter, ...Paging }),
    answer: PageOf(MyDocument),
  }),
  myDocDetail: call({
    summary: "One of my documents (anyone else's: 404 '文档不存在').",
    auth: true,
    query: { method: 'GET', name: 'User.UserDocument.DocDetail' },
    input: Type.Object(docId),
    answer: DocumentDetail,
  }),
  upload: call({
    summary:
      "Uploads a document, private to me (multipart: the fields of UploadDocumentFields before the file in field `file`). At most 100 MB (400 '文件不能超过100MB'); PDF, Word, Excel or PPT by content (else 400 '仅支持PDF、Word、Excel、PPT文件', nothing kept); a PDF's pages are counted. At most 20 uploads in any 24 hours (429).",
    auth: true,
    query: { method: 'POST', name: 'User.UserDocument.AddDoc' },
    body: 'multipart',
    input: NoInput,
    answer: DocumentDetail,
  }),
  update: call({
    summary:
      "Edits one of my documents (someone else's: 403 '只能修改自己上传的文档'). A public contribution whose title or category changes goes back to review (pending).",
    auth: true,
    query: { method: 'POST', name: 'User.UserDocument.UpdateDoc' },
    input: Type.Object({ ...docId, ...edits }),
    answer: MyDocument,
  }),
  remove: call({
    summary:
      "Deletes one of my documents with its file, readings and collections (someone else's: 403 '只能删除自己上传的文档').",
    auth: true,
    query: { method: 'POST', name: 'User.UserDocument.DeleteDoc' },
    input: Type.Object(docId),
    answer: NoData,
  }),
  collect: call({
    summary:
      '`collect` 1 collects a public document or one of mine (idempotent), 0 uncollects; answers the new state.',
    auth: true,
    query: { method: 'POST', name: 'User.DocsCollection.Collect' },
    input: Type.Object({ ...docId, collect: Flag() }),
    answer: CollectDocRes,
  }),
  collectionList: call({
    summary: `The documents I collected that I may still read, last collected first; ${PAGES}.`,
    auth: true,
    query: { method: 'GET', name: 'User.DocsCollection.MyCollecList' },
    input: Type.Object({ ...Paging }),
    answer: PageOf(CollectedDocument),
  }),
}

export type DocListReq = CallInput<typeof documentsApi.docList>
export type ContributeReq = CallInput<typeof documentsApi.contribute>
export type UpdateContributionReq = CallInput<typeof documentsApi.updateContribution>
export type MyDocListReq = CallInput<typeof documentsApi.myDocList>
export type UpdateDocReq = CallInput<typeof documentsApi.update>
export type CollectDocReq = CallInput<typeof documentsApi.collect>
