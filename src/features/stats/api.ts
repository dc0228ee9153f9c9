/**
 * The stats calls (app-spec section 7: Reading time and ranking, posters), typed by
 * types/api/stats.ts.
 */
import type {
  MyRankRes,
  Poster,
  RankEntry,
  RankLikeRes,
  RankPeriod,
  ReadingDay,
  ReadingTimeInfo,
  ReportDurationRes,
} from '@/types/api/stats'
import type { Page } from '@/types/api/envelope'
import { callQuery, callRest } from '@/core/request'

const GET = { method: 'GET' } as const

export const fetchPosters = (): Promise<Poster[]> =>
  callQuery<Poster[]>('App.Advert.PosterList', {}, { ...GET, silent: true })

// ---- reading time and ranking ---------------------------------------------

/** Reported in the background while reading: silent. */
export const reportDuration = (booksId: number, seconds: number): Promise<ReportDurationRes> =>
  callRest<ReportDurationRes>(
    '/api/rankingList/createBooksDuration',
    { booksId, seconds },
    { silent: true },
  )

export const fetchReadingTimeInfo = (): Promise<ReadingTimeInfo> =>
  callQuery<ReadingTimeInfo>('User.BookInfo.MyReadingTimeInfo', {}, GET)

export const fetchReadingDays = (page: number, pageSize = 10): Promise<Page<ReadingDay>> =>
  callQuery<Page<ReadingDay>>('User.BookInfo.MyReadingTimeList', { page, pageSize }, GET)

export const fetchRanking = (
  period: RankPeriod,
  page: number,
  pageSize = 20,
): Promise<Page<RankEntry>> =>
  callRest<Page<RankEntry>>(
    '/api/rankingList/findDurationBooksList',
    { period, page, pageSize },
    GET,
  )

export const fetchMyRank = (period: RankPeriod): Promise<MyRankRes> =>
  callRest<MyRankRes>('/api/rankingList/findPeriodDurationBooksList', { period }, GET)

export const likeRank = (userId: number, like: boolean): Promise<RankLikeRes> =>
  callRest<RankLikeRes>('/api/rankingList/createDurationBooks', { userId, like: like ? 1 : 0 })
