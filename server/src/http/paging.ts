/** Paging of every list call: the numbers brought into range, and the page answered. */
import type { Page } from '@api/envelope'

export interface Paging {
  page: number
  pageSize: number
  offset: number
}

/** The largest page number accepted (beyond it every list is empty anyway). */
const MAX_PAGE = 100_000

const clamp = (n: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, n))

/**
 * `page` (default 1) and `pageSize` (default `size`): integers out of range are brought into
 * 1..MAX_PAGE and 1..`max` (the schema has refused non-integers).
 */
export function paging(input: { page?: number; pageSize?: number }, size = 10, max = 50): Paging {
  const page = clamp(input.page ?? 1, 1, MAX_PAGE)
  const pageSize = clamp(input.pageSize ?? size, 1, max)
  return { page, pageSize, offset: (page - 1) * pageSize }
}

export function pageOf<T>(list: T[], total: number, at: Paging): Page<T> {
  return { list, total, page: at.page, pageSize: at.pageSize }
}
