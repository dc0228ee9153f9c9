import { searchApi } from '@api/search'
import { paging } from '../../http/paging'
import { serve } from '../../http/serve'
import { search } from './search'

/** Passages: 10 a page by default, at most 50. */
const PASSAGE_PAGE_SIZE = 10
const PASSAGE_PAGE_MAX = 50

export const searchRoutes = serve(searchApi, {
  search: ({ app, input }) =>
    search(
      app,
      input.keyword,
      input.type ?? 'all',
      paging(input, PASSAGE_PAGE_SIZE, PASSAGE_PAGE_MAX),
    ),
})
