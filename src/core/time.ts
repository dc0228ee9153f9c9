/**
 * Timestamp display of app-spec section 9: today HH:mm; yesterday 昨天; within 6 days the weekday;
 * this year M/D; older Y/M/D. Pure; `now` is injectable for tests.
 */
import dayjs from './dayjs'

/** Accepts unix seconds, milliseconds or a Date. */
export function toDate(value: number | Date): Date {
  if (value instanceof Date) return value
  return new Date(value < 1e12 ? value * 1000 : value)
}

/** A message's time in the device's own time zone, as the reader's clock shows it. */
export function formatMessageTime(value: number | Date, now: Date = new Date()): string {
  const date = dayjs(toDate(value))
  const today = dayjs(now)
  const dayDiff = today.startOf('day').diff(date.startOf('day'), 'day')
  if (dayDiff <= 0) return date.format('HH:mm')
  if (dayDiff === 1) return '昨天'
  if (dayDiff <= 6) return date.format('dddd')
  if (date.year() === today.year()) return date.format('M/D')
  return date.format('YYYY/M/D')
}
