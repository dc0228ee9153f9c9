/**
 * The stats calls (app-spec section 7: Reading time and ranking), one function each, sent through
 * the refs generated from their declarations in types/api/stats.ts; and the home posters, declared
 * in types/api/shop.ts.
 */
import * as shopCalls from '@/types/api/calls/shop.gen'
import * as statsCalls from '@/types/api/calls/stats.gen'
import type { Page } from '@/types/api/envelope'
import type {
  MyRankRes,
  RankEntry,
  RankLikeRes,
  RankPeriod,
  ReadingDay,
  ReadingTimeInfo,
  ReportDurationRes,
} from '@/types/api/stats'
import type { Poster } from '@/types/api/shop'
import { call } from '@/core/request'

export const fetchPosters = (): Promise<Poster[]> =>
  call(shopCalls.posterList.query, {}, { silent: true })

// ---- reading time and ranking ---------------------------------------------

/** What reading time is credited to: a book, a magazine (of the issue read) or a newspaper. */
export type ReadingTarget = { booksId: number } | { magazineId: number } | { newspaperId: number }

/** Reported in the background while reading: silent. */
export const reportDuration = (
  target: ReadingTarget,
  seconds: number,
): Promise<ReportDurationRes> =>
  call(statsCalls.reportDuration.rest, { ...target, seconds }, { silent: true })

export const fetchReadingTimeInfo = (): Promise<ReadingTimeInfo> =>
  call(statsCalls.readingTimeInfo.query, {})

export const fetchReadingDays = (page: number, pageSize = 10): Promise<Page<ReadingDay>> =>
  call(statsCalls.readingDays.query, { page, pageSize })

export const fetchRanking = (
  period: RankPeriod,
  page: number,
  pageSize = 20,
): Promise<Page<RankEntry>> => call(statsCalls.rankList.rest, { period, page, pageSize })

export const fetchMyRank = (period: RankPeriod): Promise<MyRankRes> =>
  call(statsCalls.myRank.rest, { period })

export const likeRank = (userId: number, like: boolean): Promise<RankLikeRes> =>
  call(statsCalls.likeRank.rest, { userId, like: like ? 1 : 0 })
