/**
 * Documents (issue 14): the limits, texts and checks the app's upload and edit forms and the
 * server share. Pure: no Taro import. Lengths count characters (code points) after trimming, as
 * every text length of the API does.
 */
import { BLOCKED_TEXT_MESSAGE, findBlockedWords } from './moderation'
import { checkControlChars, textLength } from './validate'

export { BLOCKED_TEXT_MESSAGE }

/** The formats a document may have; the server tells them by content, never by name. */
export const DOCUMENT_FILE_TYPES = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'] as const
export type DocumentFileType = (typeof DOCUMENT_FILE_TYPES)[number]

/** What the app calls each format (its icon and label); '' thumbs show the format's icon. */
export const DOCUMENT_FILE_LABELS: Record<DocumentFileType, string> = {
  pdf: 'PDF',
  doc: 'Word',
  docx: 'Word',
  xls: 'Excel',
  xlsx: 'Excel',
  ppt: 'PPT',
  pptx: 'PPT',
}

export const DocumentLimits = {
  titleMaxChars: 60,
  introMaxChars: 500,
  /** One uploaded file, in bytes (100 MB). */
  fileMaxBytes: 100 * 1024 * 1024,
  /** Documents one reader may upload in any 24 hours (the image quota's bytes are too few). */
  uploadsPerDay: 20,
  /** A library keyword (matched in titles). */
  keywordMaxChars: 50,
  /** Lists: page size by default and at most. */
  pageSize: 10,
  pageSizeMax: 50,
} as const

/** Per-reader upload rate, in the RateRule shape (rules/limits.ts). */
export const DocumentRates = {
  upload: {
    max: DocumentLimits.uploadsPerDay,
    windowMs: 24 * 60 * 60_000,
    message: `每天最多上传${DocumentLimits.uploadsPerDay}个文档，请明天再试`,
  },
} as const

/**
 * Where a document's file is read (GET, `?id=<document id>`; the Authorization header as for
 * every call: a document that is not public is served to its owner only). Range requests work.
 */
export const DOCUMENT_FILE_PATH = '/api/documents/file'
export const documentFileUrl = (id: number): string => `${DOCUMENT_FILE_PATH}?id=${id}`

/**
 * A document's place in the public library: 'none' not contributed (private to its owner),
 * 'pending' 审核中, 'approved' public, 'rejected' 未通过 (the reason is shown to the owner).
 */
export const DOCUMENT_REVIEW_STATES = ['none', 'pending', 'approved', 'rejected'] as const
export type DocumentReviewState = (typeof DOCUMENT_REVIEW_STATES)[number]

export const DOCUMENT_REVIEW_LABELS: Record<DocumentReviewState, string> = {
  none: '未提交',
  pending: '审核中',
  approved: '已通过',
  rejected: '未通过',
}

export const DocumentText = {
  notFound: '文档不存在',
  titleMissing: '请输入文档标题',
  titleTooLong: `文档标题不能超过${DocumentLimits.titleMaxChars}字`,
  introTooLong: `文档简介不能超过${DocumentLimits.introMaxChars}字`,
  categoryMissing: '请选择分类',
  keywordTooLong: `搜索词不能超过${DocumentLimits.keywordMaxChars}字`,
  fileTooBig: '文件不能超过100MB',
  fileInvalid: '请上传有效的文件',
  fileTypeInvalid: '仅支持PDF、Word、Excel、PPT文件',
  alreadyPending: '该文档已在审核中',
  alreadyPublic: '该文档已公开',
  notContributed: '该文档未提交到文库',
  onlyOwnerContributes: '只能提交自己上传的文档',
  onlyOwnerEdits: '只能修改自己上传的文档',
  onlyOwnerDeletes: '只能删除自己上传的文档',
  onlyOwnerWithdraws: '只能撤回自己提交的文档',
  /** UpdateDoc's `fileDocId` names a document that cannot give its file. */
  fileDocInvalid: '请重新上传文件',
} as const

/** The extensions a file picker may offer (the server still checks the content). */
export const DOCUMENT_EXTENSIONS: readonly string[] = DOCUMENT_FILE_TYPES

/** The format a file name claims, or null (the picker's first check; never trusted by the server). */
export function fileTypeOfName(name: string): DocumentFileType | null {
  const ext = /\.([A-Za-z]{3,4})$/.exec(name)?.[1]?.toLowerCase() ?? ''
  return (DOCUMENT_FILE_TYPES as readonly string[]).includes(ext) ? (ext as DocumentFileType) : null
}

/** What is wrong with a title as typed (it is trimmed first), or null. */
export function documentTitleError(title: string): string | null {
  const text = title.trim()
  if (!text) return DocumentText.titleMissing
  if (textLength(text) > DocumentLimits.titleMaxChars) return DocumentText.titleTooLong
  return checkControlChars(text) ?? (findBlockedWords(text).length ? BLOCKED_TEXT_MESSAGE : null)
}

/** What is wrong with an introduction as typed ('' is fine), or null. */
export function documentIntroError(intro: string): string | null {
  const text = intro.trim()
  if (textLength(text) > DocumentLimits.introMaxChars) return DocumentText.introTooLong
  return checkControlChars(text) ?? (findBlockedWords(text).length ? BLOCKED_TEXT_MESSAGE : null)
}

/** What is wrong with a file before it is sent (by its size), or null. */
export function documentFileSizeError(bytes: number): string | null {
  if (!(bytes > 0)) return DocumentText.fileInvalid
  return bytes > DocumentLimits.fileMaxBytes ? DocumentText.fileTooBig : null
}
