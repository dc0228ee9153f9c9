/** Display rules of the documents area (and the review state of uploads). Pure. */
import {
  DOCUMENT_FILE_LABELS,
  type DocumentFileType,
  type DocumentReviewState,
} from '@rules/documents'

/** '512 B', '36 KB', '1.2 MB' (one decimal below 10 MB). */
export function formatFileSize(bytes: number): string {
  const b = Math.max(0, Math.floor(Number.isFinite(bytes) ? bytes : 0))
  if (b < 1024) return `${b} B`
  if (b < 1024 * 1024) return `${Math.max(1, Math.round(b / 1024))} KB`
  const mb = b / (1024 * 1024)
  return `${mb < 10 ? String(Math.round(mb * 10) / 10).replace(/\.0$/, '') : Math.round(mb)} MB`
}

/** What the app calls a format: PDF, Word, Excel, PPT. */
export const fileLabel = (type: DocumentFileType): string => DOCUMENT_FILE_LABELS[type] ?? 'PDF'

interface MetaFields {
  fileType: DocumentFileType
  fileSize: number
  pageCount: number
}

/** 'PDF · 1.2 MB · 11页' (the pages when known). */
export function docMeta(doc: MetaFields): string {
  const parts = [fileLabel(doc.fileType), formatFileSize(doc.fileSize)]
  if (doc.pageCount > 0) parts.push(`${doc.pageCount}页`)
  return parts.join(' · ')
}

/** '1.2万次阅读' for large counts, '36次阅读' otherwise. */
export function readCountText(count: number): string {
  if (count < 10_000) return `${Math.max(0, count)}次阅读`
  return `${String(Math.round(count / 1000) / 10).replace(/\.0$/, '')}万次阅读`
}

/** How a state chip looks: muted grey, pending gold, ok green, bad red. */
export type ChipTone = 'muted' | 'pending' | 'ok' | 'bad'

export interface StateChip {
  label: string
  tone: ChipTone
}

/**
 * One of my documents: 私有 (only I see it), 审核中, 已公开 (in the library) or 未通过 (the reason is
 * shown beside it).
 */
export function docStateChip(doc: {
  contributed: boolean
  reviewState: DocumentReviewState
}): StateChip {
  if (!doc.contributed || doc.reviewState === 'none') return { label: '私有', tone: 'muted' }
  if (doc.reviewState === 'pending') return { label: '审核中', tone: 'pending' }
  if (doc.reviewState === 'approved') return { label: '已公开', tone: 'ok' }
  return { label: '未通过', tone: 'bad' }
}

/** An uploaded magazine issue or newspaper edition: 审核中, 已发布 or 未通过. */
export function uploadStateChip(state: 'pending' | 'approved' | 'rejected'): StateChip {
  if (state === 'approved') return { label: '已发布', tone: 'ok' }
  if (state === 'rejected') return { label: '未通过', tone: 'bad' }
  return { label: '审核中', tone: 'pending' }
}

/** What I may do with one of my documents, in the order the row shows them. */
export type DocAction = 'contribute' | 'fix' | 'withdraw' | 'delete'

export function docActions(doc: {
  contributed: boolean
  reviewState: DocumentReviewState
}): DocAction[] {
  const chip = docStateChip(doc).label
  if (chip === '私有') return ['contribute', 'delete']
  if (chip === '未通过') return ['fix', 'delete']
  return ['withdraw', 'delete']
}
