/**
 * The three kinds of the shared collected list (收藏的文档 / 报纸 / 杂志): how each is fetched,
 * uncollected, shown as a row and opened. Rows are one shape for all kinds.
 */
import type { DocumentFileType } from '@rules/documents'
import { pageUrl, Route } from '@/core/routes'
import type { Page } from '@/types/api/envelope'
import { docDetailUrl, docMeta } from '@/features/documents/public'
import {
  fetchCollectedDocs,
  fetchCollectedMagazines,
  fetchCollectedNewspapers,
  setDocCollected,
  setMagazineCollected,
  setNewspaperCollected,
} from './api'

export type CollectKind = 'doc' | 'paper' | 'maga'

export interface CollectedRow {
  id: number
  title: string
  /** An image URL, or ''. */
  cover: string
  /** Documents: the format (its label stands in for a missing thumb). */
  fileType?: DocumentFileType
  /** Under the title: what it is, then what is new in it. */
  lines: string[]
  collectedAt: number
}

export interface KindConfig {
  /** 文档, 报纸, 杂志. */
  noun: string
  fetch: (page: number, pageSize: number) => Promise<Page<CollectedRow>>
  uncollect: (id: number) => Promise<unknown>
  detailUrl: (id: number) => string
  /** The empty list's hint: where to collect one. */
  hint: string
}

const mapPage = <T>(page: Page<T>, row: (item: T) => CollectedRow): Page<CollectedRow> => ({
  ...page,
  list: page.list.map(row),
})

export const COLLECT_KINDS: Record<CollectKind, KindConfig> = {
  doc: {
    noun: '文档',
    fetch: (page, size) =>
      fetchCollectedDocs(page, size).then((res) =>
        mapPage(res, (doc) => ({
          id: doc.id,
          title: doc.title,
          cover: doc.thumb,
          fileType: doc.fileType,
          lines: [docMeta(doc), doc.categoryName],
          collectedAt: doc.collectedAt,
        })),
      ),
    uncollect: (id) => setDocCollected(id, false),
    detailUrl: docDetailUrl,
    hint: '在文档详情页点“收藏”吧',
  },
  paper: {
    noun: '报纸',
    fetch: (page, size) =>
      fetchCollectedNewspapers(page, size).then((res) =>
        mapPage(res, (paper) => ({
          id: paper.id,
          title: paper.name,
          cover: paper.cover,
          lines: [
            `${paper.categoryName} · 共${paper.editionCount}期`,
            paper.latestDate ? `最新一期 ${paper.latestDate}` : '',
          ],
          collectedAt: paper.collectedAt,
        })),
      ),
    uncollect: (id) => setNewspaperCollected(id, false),
    detailUrl: (id) => pageUrl(Route.paperDetail, { id }),
    hint: '在报纸详情页点“收藏”吧',
  },
  maga: {
    noun: '杂志',
    fetch: (page, size) =>
      fetchCollectedMagazines(page, size).then((res) =>
        mapPage(res, (maga) => ({
          id: maga.id,
          title: maga.name,
          cover: maga.cover,
          lines: [
            `${maga.categoryName} · 共${maga.issueCount}期`,
            maga.latestIssueTitle ? `最新一期 ${maga.latestIssueTitle}` : '',
          ],
          collectedAt: maga.collectedAt,
        })),
      ),
    uncollect: (id) => setMagazineCollected(id, false),
    detailUrl: (id) => pageUrl(Route.magaDetail, { id }),
    hint: '在杂志详情页点“收藏”吧',
  },
}

/** The four collection pages, as the tabs above each of them name them. */
export const COLLECT_TABS = [
  { label: '书籍', route: Route.collectBook },
  { label: '文档', route: Route.collectDoc },
  { label: '杂志', route: Route.collectMaga },
  { label: '报纸', route: Route.collectPaper },
] as const
