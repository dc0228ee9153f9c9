/**
 * The search call (issue 13), sent through the ref generated from its declaration in
 * types/api/search.ts: titles, authors and the full text of every listed book, simplified and
 * traditional alike.
 */
import * as searchCalls from '@/types/api/calls/search.gen'
import type { SearchReq, SearchRes } from '@/types/api/search'
import { call } from '@/core/request'

export const searchBooks = (req: SearchReq): Promise<SearchRes> =>
  call(searchCalls.search.rest, req)
