/**
 * Reading days are China time (UTC+8, no daylight saving) as 'YYYY-MM-DD' keys: they sort as text,
 * so a period is a range of keys. Pure functions of epoch milliseconds (the app's clock).
 */

import { CHINA_OFFSET_MS } from '@rules/chinaTime'
import type { RankPeriod } from '@api/stats'

const DAY_MS = 24 * 60 * 60 * 1000

/** The China-time day of an instant, 'YYYY-MM-DD'. */
export function dayKey(ms: number): string {
  return new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10)
}

/** Monday of the instant's China-time week. */
export function weekStartKey(ms: number): string {
  const weekday = new Date(ms + CHINA_OFFSET_MS).getUTCDay() // 0 = Sunday
  return dayKey(ms - ((weekday + 6) % 7) * DAY_MS)
}

/** The 1st of the instant's China-time month. */
export function monthStartKey(ms: number): string {
  return `${dayKey(ms).slice(0, 8)}01`
}

/** The day keys a ranking period covers, both ends included; `from` null: since the beginning. */
export interface DayRange {
  from: string | null
  to: string
}

export function periodRange(period: RankPeriod, ms: number): DayRange {
  const to = dayKey(ms)
  switch (period) {
    case 'day':
      return { from: to, to }
    case 'week':
      return { from: weekStartKey(ms), to }
    case 'month':
      return { from: monthStartKey(ms), to }
    case 'total':
      return { from: null, to }
  }
}

export const RANK_PERIODS: readonly RankPeriod[] = ['day', 'week', 'month', 'total']

export const isRankPeriod = (value: string): value is RankPeriod =>
  (RANK_PERIODS as readonly string[]).includes(value)
