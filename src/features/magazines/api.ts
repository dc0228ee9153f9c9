/**
 * The magazines calls (issue 14; app-spec section 7 "Magazines and newspapers"), one function each,
 * sent through the refs generated from their declarations in types/api/magazines.ts. Public reads
 * go with the token when there is one, so the server answers the reader's own state (collected,
 * place, read marks, their own issues under review).
 */
import * as magazineCalls from '@/types/api/calls/magazines.gen'
import type { Page } from '@/types/api/envelope'
import type {
  AddIssueReq,
  CollectedMagazine,
  CollectRes,
  IssueContents,
  IssueDraft,
  MagazineArticle,
  MagazineDetail,
  MagazineListReq,
  MagazineOpenRes,
  MagazinePlace,
  MagazinePlaceRes,
  MagazineSummary,
  MyIssue,
  PeriodicalCategory,
  SaveMagazineReadingReq,
  SignRes,
  UpdateIssueReq,
} from '@/types/api/magazines'
import { call } from '@/core/request'

// ---- browsing ---------------------------------------------------------------

export const fetchCategories = (): Promise<PeriodicalCategory[]> =>
  call(magazineCalls.categoryList.query, {})

export const fetchMagazines = (req: MagazineListReq): Promise<Page<MagazineSummary>> =>
  call(magazineCalls.magazineList.rest, req)

/** `silent`: a look-up the page can do without (the reader's neighbouring issues). */
export const fetchMagazine = (id: number, silent = false): Promise<MagazineDetail> =>
  call(magazineCalls.magazineDetail.rest, { id }, { silent })

// ---- reading ----------------------------------------------------------------

export const fetchContents = (issueId: number): Promise<IssueContents> =>
  call(magazineCalls.contents.rest, { issueId })

/** The article to open: `articleId`, else the saved place, else the first. */
export const openIssue = (issueId: number, articleId?: number): Promise<MagazineOpenRes> =>
  call(magazineCalls.openReading.rest, { issueId, articleId })

export const fetchMyPlace = (magazineId: number): Promise<MagazinePlaceRes> =>
  call(magazineCalls.myPlace.rest, { magazineId })

/** The read ticks of the contents: a failure only leaves them out. */
export const fetchSign = (issueId: number): Promise<SignRes> =>
  call(magazineCalls.sign.rest, { issueId }, { silent: true })

/** The article before or after, across issues; at the ends the server says so (toasted). */
export const turnArticle = (
  articleId: number,
  direction: 'prev' | 'next',
): Promise<MagazineArticle> => call(magazineCalls.turning.rest, { articleId, direction })

/** Saving the place is background work: a failure is not worth a toast. */
export const saveReading = (req: SaveMagazineReadingReq): Promise<MagazinePlace> =>
  call(magazineCalls.saveReading.rest, req, { silent: true })

// ---- collections ------------------------------------------------------------

export const setCollected = (id: number, collect: boolean): Promise<CollectRes> =>
  call(magazineCalls.setCollected.rest, { id, collect: collect ? 1 : 0 })

export const fetchCollected = (page: number, pageSize = 10): Promise<Page<CollectedMagazine>> =>
  call(magazineCalls.collectedList.rest, { page, pageSize })

// ---- my uploads ---------------------------------------------------------------

export const fetchMyIssues = (page: number, pageSize = 10): Promise<Page<MyIssue>> =>
  call(magazineCalls.myList.query, { page, pageSize })

export const fetchMyIssue = (issueId: number): Promise<IssueDraft> =>
  call(magazineCalls.myIssue.query, { issueId })

export const addIssue = (req: AddIssueReq): Promise<MyIssue> =>
  call(magazineCalls.addIssue.query, req)

export const updateIssue = (req: UpdateIssueReq): Promise<MyIssue> =>
  call(magazineCalls.updateIssue.query, req)

export const deleteIssue = (issueId: number): Promise<void> =>
  call(magazineCalls.deleteIssue.query, { issueId }).then(() => undefined)
