/**
 * The label of a reading day (a 'YYYY-MM-DD' of the server, which counts days in China time, UTC+8)
 * relative to today in China time: '今天', '昨天', '11月22日' this year, '2024年11月22日' before.
 * Pure; `now` is injectable. Plain date arithmetic rather than dayjs: the home page shows it, and
 * its first screen carries no date library.
 */
import { CHINA_OFFSET_MS } from '@rules/chinaTime'

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/
const DAY_MS = 24 * 60 * 60 * 1000

export function dayLabel(day: string, now: Date = new Date()): string {
  const match = DAY.exec(day)
  if (!match) return day
  const [year, month, date] = match.slice(1).map(Number)
  // Today's calendar date in China time, as a UTC midnight; the day likewise: whole days apart.
  const china = new Date(now.getTime() + CHINA_OFFSET_MS)
  const today = Date.UTC(china.getUTCFullYear(), china.getUTCMonth(), china.getUTCDate())
  const diff = Math.round((today - Date.UTC(year, month - 1, date)) / DAY_MS)
  if (diff === 0) return '今天'
  if (diff === 1) return '昨天'
  if (year === china.getUTCFullYear()) return `${month}月${date}日`
  return `${year}年${month}月${date}日`
}
