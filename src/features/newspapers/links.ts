import { pageUrl, Route } from '@/core/routes'

export const newspaperListUrl = (categoryId?: number): string =>
  pageUrl(Route.paperList, { categoryId })
export const newspaperDetailUrl = (id: number): string => pageUrl(Route.paperDetail, { id })
/** An edition in the reader: at `articleId`, else where the reader left it, else its first page. */
export const editionReadUrl = (editionId: number, articleId?: number): string =>
  pageUrl(Route.paperRead, { editionId, articleId })
/**
 * Uploading an edition: of a new newspaper, or with `newspaperId` of that newspaper of mine; with
 * `editionId`, editing that edition of mine.
 */
export const newspaperAddUrl = (of: { editionId?: number; newspaperId?: number } = {}): string =>
  pageUrl(Route.paperAdd, { editionId: of.editionId, newspaperId: of.newspaperId })
