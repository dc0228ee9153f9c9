import { pageUrl, Route } from '@/core/routes'

export const magazineListUrl = (categoryId?: number): string =>
  pageUrl(Route.magaList, { categoryId })
export const magazineDetailUrl = (id: number): string => pageUrl(Route.magaDetail, { id })
/** An issue in the reader: at `articleId`, else where the reader left it, else its first article. */
export const issueReadUrl = (issueId: number, articleId?: number): string =>
  pageUrl(Route.magaRead, { issueId, articleId })
/**
 * Uploading an issue: of a new magazine, or with `magazineId` the next issue of that magazine of
 * mine; with `issueId`, editing that issue of mine (turned down, or still waiting).
 */
export const magazineAddUrl = (of: { issueId?: number; magazineId?: number } = {}): string =>
  pageUrl(Route.magaAdd, { issueId: of.issueId, magazineId: of.magazineId })
