import type { SearchMark } from '@/types/api/search'

export interface TextPart {
  text: string
  /** A match of the search: shown highlighted. */
  mark: boolean
}

/**
 * `text` cut at the `marks` (character offsets, counted in code points as the server counts
 * them) into plain and marked parts, in order. Marks out of range or overlapping an earlier one
 * are left out, so a bad mark never hides text.
 */
export function highlightParts(text: string, marks: readonly SearchMark[]): TextPart[] {
  const chars = Array.from(text)
  const parts: TextPart[] = []
  let at = 0
  for (const { start, end } of marks) {
    if (start < at || end <= start || end > chars.length) continue
    if (start > at) parts.push({ text: chars.slice(at, start).join(''), mark: false })
    parts.push({ text: chars.slice(start, end).join(''), mark: true })
    at = end
  }
  if (at < chars.length) parts.push({ text: chars.slice(at).join(''), mark: false })
  return parts
}
