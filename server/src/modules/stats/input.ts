import type { RankPeriod } from '../../../../types/api/stats'
import { badRequest } from '../../http/errors'
import type { Params } from '../../http/params'
import { isRankPeriod } from './days'

export interface Paging {
  page: number
  pageSize: number
  offset: number
}

/** The largest page number accepted (beyond it every list is empty anyway). */
const MAX_PAGE = 100_000

/**
 * `page` (default 1) and `pageSize` (default `defaultSize`): non-integers are refused, integers
 * out of range are brought into 1..MAX_PAGE and 1..`maxSize` (as the books lists do).
 */
export function readPaging(params: Params, defaultSize = 10, maxSize = 50): Paging {
  const page = clamp(readInt(params, 'page') ?? 1, 1, MAX_PAGE)
  const pageSize = clamp(readInt(params, 'pageSize') ?? defaultSize, 1, maxSize)
  return { page, pageSize, offset: (page - 1) * pageSize }
}

function readInt(params: Params, name: string): number | undefined {
  const value = params.trimmed(name, 20)
  if (value === '') return undefined
  if (!/^-?\d{1,12}$/.test(value)) throw badRequest(`参数 ${name} 格式错误`)
  return Number(value)
}

const clamp = (n: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, n))

/** The ranking period; default 'week'. */
export function readPeriod(params: Params): RankPeriod {
  const value = params.trimmed('period', 20)
  if (value === '') return 'week'
  if (!isRankPeriod(value)) throw badRequest('排行周期无效')
  return value
}

export const MAX_REPORT_SECONDS = 100_000

/** A report's seconds: an integer 1..100000. */
export function readReportSeconds(params: Params): number {
  const value = params.trimmed('seconds', 20)
  if (!/^\d{1,6}$/.test(value)) throw badRequest('阅读时长无效')
  const seconds = Number(value)
  if (seconds < 1 || seconds > MAX_REPORT_SECONDS) throw badRequest('阅读时长无效')
  return seconds
}

/** 1 / true: like; 0 / false: unlike. */
export function readLikeFlag(params: Params): boolean {
  const value = params.trimmed('like', 10)
  if (value === '1' || value === 'true') return true
  if (value === '0' || value === 'false') return false
  throw badRequest('点赞参数无效')
}
