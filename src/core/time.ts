/**
 * Timestamp display of app-spec section 9: today HH:mm; yesterday 昨天; within 6 days the weekday;
 * this year M/D; older Y/M/D. Pure; `now` is injectable for tests.
 */
const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六']

const pad = (n: number): string => (n < 10 ? `0${n}` : String(n))

function startOfDay(d: Date): number {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime()
}

/** Accepts unix seconds, milliseconds or a Date. */
export function toDate(value: number | Date): Date {
  if (value instanceof Date) return value
  return new Date(value < 1e12 ? value * 1000 : value)
}

export function formatMessageTime(value: number | Date, now: Date = new Date()): string {
  const date = toDate(value)
  const dayDiff = Math.round((startOfDay(now) - startOfDay(date)) / 86_400_000)
  if (dayDiff <= 0) return `${pad(date.getHours())}:${pad(date.getMinutes())}`
  if (dayDiff === 1) return '昨天'
  if (dayDiff <= 6) return WEEKDAYS[date.getDay()]
  if (date.getFullYear() === now.getFullYear()) return `${date.getMonth() + 1}/${date.getDate()}`
  return `${date.getFullYear()}/${date.getMonth() + 1}/${date.getDate()}`
}
