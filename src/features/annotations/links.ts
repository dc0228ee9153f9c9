import { pageUrl, Route } from '@/core/routes'

/** My highlights and notes: of one book (in text order) with `booksId`, else across books. */
export const notesUrl = (booksId?: number): string =>
  pageUrl(Route.notes, { id: booksId || undefined })
