import { CHINA_OFFSET_MS } from '@rules/chinaTime'

const two = (n: number) => String(n).padStart(2, '0')

/** A unix time in China time: '2025-03-05 09:30' (pure). */
export function formatShopTime(seconds: number): string {
  const d = new Date(seconds * 1000 + CHINA_OFFSET_MS)
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`
}

/** '29:05' for seconds left (pure). */
export function countdownText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}
