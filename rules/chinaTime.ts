/**
 * China Standard Time, UTC+8 all year (no daylight saving): reading days, rankings and daily limits
 * count calendar days in it, on the server and in the app alike.
 */
export const CHINA_UTC_OFFSET_MINUTES = 8 * 60
export const CHINA_OFFSET_MS = CHINA_UTC_OFFSET_MINUTES * 60 * 1000

const two = (n: number) => String(n).padStart(2, '0')
const inChina = (seconds: number) => new Date(seconds * 1000 + CHINA_OFFSET_MS)

/** A unix time's China calendar day: '2025-03-05'. */
export function chinaDayText(seconds: number): string {
  const d = inChina(seconds)
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`
}

/** A unix time in China time to the minute: '2025-03-05 09:30'. */
export function chinaMinuteText(seconds: number): string {
  const d = inChina(seconds)
  return `${chinaDayText(seconds)} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`
}
