/**
 * How the activity pages write things (pure: no Taro import, unit-tested): times in China time
 * (the days votes and sign-ins count in), an activity's windows, plain-text paragraphs, vote
 * counts and the sign-in calendar of a month.
 */
import { CHINA_OFFSET_MS } from '@rules/chinaTime'
import { ACTIVITY_PHASE_LABELS, type ActivityPhase } from '@rules/activities'

const two = (n: number) => String(n).padStart(2, '0')

/** A unix time in China time: '3月5日 09:30'. */
export function formatActivityTime(seconds: number): string {
  const d = new Date(seconds * 1000 + CHINA_OFFSET_MS)
  return `${d.getUTCMonth() + 1}月${d.getUTCDate()}日 ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`
}

/** A window: '3月5日 09:30 至 3月12日 09:30'. */
export const formatWindow = (start: number, end: number): string =>
  `${formatActivityTime(start)} 至 ${formatActivityTime(end)}`

export const phaseLabel = (phase: ActivityPhase): string => ACTIVITY_PHASE_LABELS[phase]

export { paragraphs } from '@/core/plainText'

/** '12票', '1.2万票'. */
export function votesText(votes: number): string {
  if (votes < 10_000) return `${votes}票`
  const wan = votes / 10_000
  return `${wan >= 10 ? Math.floor(wan) : Math.floor(wan * 10) / 10}万票`
}

/** One cell of the sign-in calendar: a day of the month, or a blank before the 1st. */
export interface CalendarCell {
  /** 'YYYY-MM-DD', '' for a blank. */
  date: string
  /** 1..31, 0 for a blank. */
  day: number
  signed: boolean
  today: boolean
}

/**
 * The month of `today` ('YYYY-MM-DD', a China day) as calendar cells, Sunday first: blanks before
 * the 1st, then every day with whether it is in `signed`.
 */
export function monthCells(today: string, signed: ReadonlySet<string>): CalendarCell[] {
  const [year, month] = today.split('-').map(Number)
  if (!year || !month) return []
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay()
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate()
  const cells: CalendarCell[] = []
  for (let i = 0; i < first; i++) cells.push({ date: '', day: 0, signed: false, today: false })
  for (let day = 1; day <= days; day++) {
    const date = `${year}-${two(month)}-${two(day)}`
    cells.push({ date, day, signed: signed.has(date), today: date === today })
  }
  return cells
}

/** '2025年3月' for a 'YYYY-MM-DD'. */
export function monthTitle(today: string): string {
  const [year, month] = today.split('-').map(Number)
  return year && month ? `${year}年${month}月` : ''
}
