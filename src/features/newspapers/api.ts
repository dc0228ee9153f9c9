/**
 * The newspapers calls (issue 14; app-spec section 7 "Magazines and newspapers"), one function
 * each, sent through the refs generated from their declarations in types/api/newspapers.ts.
 */
import * as newspaperCalls from '@/types/api/calls/newspapers.gen'
import type { Page } from '@/types/api/envelope'
import type { CollectRes, PeriodicalCategory, SignRes } from '@/types/api/magazines'
import type {
  AddEditionReq,
  CollectedNewspaper,
  EditionCatalogue,
  EditionDraft,
  EditionRef,
  MyEdition,
  NewspaperDetail,
  NewspaperListReq,
  NewspaperOpenRes,
  NewspaperPlace,
  NewspaperPlaceRes,
  NewspaperSummary,
  SaveNewspaperReadingReq,
  UpdateEditionReq,
} from '@/types/api/newspapers'
import { call } from '@/core/request'

// ---- browsing ---------------------------------------------------------------

export const fetchCategories = (): Promise<PeriodicalCategory[]> =>
  call(newspaperCalls.categoryList.query, {})

export const fetchNewspapers = (req: NewspaperListReq): Promise<Page<NewspaperSummary>> =>
  call(newspaperCalls.newspaperList.rest, req)

/** `silent`: a look-up the page can do without (the reader's neighbouring editions). */
export const fetchNewspaper = (id: number, silent = false): Promise<NewspaperDetail> =>
  call(newspaperCalls.newspaperDetail.query, { id }, { silent })

// ---- reading ----------------------------------------------------------------

export const fetchCatalogue = (editionId: number): Promise<EditionCatalogue> =>
  call(newspaperCalls.catalogue.rest, { editionId })

export const openEdition = (editionId: number, articleId?: number): Promise<NewspaperOpenRes> =>
  call(newspaperCalls.openReading.rest, { editionId, articleId })

export const fetchMyPlace = (newspaperId: number): Promise<NewspaperPlaceRes> =>
  call(newspaperCalls.myPlace.rest, { newspaperId })

export const fetchSign = (editionId: number): Promise<SignRes> =>
  call(newspaperCalls.sign.rest, { editionId }, { silent: true })

/** The edition before or after by date; at the ends the server says so (toasted). */
export const turnEdition = (editionId: number, direction: 'prev' | 'next'): Promise<EditionRef> =>
  call(newspaperCalls.turning.rest, { editionId, direction })

export const saveReading = (req: SaveNewspaperReadingReq): Promise<NewspaperPlace> =>
  call(newspaperCalls.saveReading.rest, req, { silent: true })

// ---- collections ------------------------------------------------------------

export const setCollected = (id: number, collect: boolean): Promise<CollectRes> =>
  call(newspaperCalls.setCollected.rest, { id, collect: collect ? 1 : 0 })

export const fetchCollected = (page: number, pageSize = 10): Promise<Page<CollectedNewspaper>> =>
  call(newspaperCalls.collectedList.rest, { page, pageSize })

// ---- my uploads ---------------------------------------------------------------

export const fetchMyEditions = (page: number, pageSize = 10): Promise<Page<MyEdition>> =>
  call(newspaperCalls.myList.query, { page, pageSize })

export const fetchMyEdition = (editionId: number): Promise<EditionDraft> =>
  call(newspaperCalls.myEdition.query, { editionId })

export const addEdition = (req: AddEditionReq): Promise<MyEdition> =>
  call(newspaperCalls.addEdition.query, req)

export const updateEdition = (req: UpdateEditionReq): Promise<MyEdition> =>
  call(newspaperCalls.updateEdition.query, req)

export const deleteEdition = (editionId: number): Promise<void> =>
  call(newspaperCalls.deleteEdition.query, { editionId }).then(() => undefined)
