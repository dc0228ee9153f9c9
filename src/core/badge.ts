import { Limits } from '@rules/limits'

/** The tab badge rule: 1-99 the number, above 99 "99+", zero (or less) removes the badge (null). */
export function badgeText(count: number): string | null {
  const n = Number.isFinite(count) ? Math.floor(count) : 0
  if (n <= 0) return null
  return n > Limits.badgeCap ? `${Limits.badgeCap}+` : String(n)
}
