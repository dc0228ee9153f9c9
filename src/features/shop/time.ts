import { chinaMinuteText } from '@rules/chinaTime'

/** A unix time in China time: '2025-03-05 09:30' (pure). */
export const formatShopTime = chinaMinuteText

/** '29:05' for seconds left (pure). */
export function countdownText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}
