import { badRequest } from '../../http/errors'
import type { Params } from '../../http/params'

/** Field readers for the books calls. */

export const BOOK_NOT_FOUND = '书籍不存在'
export const CHAPTER_NOT_FOUND = '章节不存在'

export interface Paging {
  page: number
  pageSize: number
  offset: number
}

/** The largest page number accepted (beyond it every list is empty anyway). */
const MAX_PAGE = 100_000

/**
 * An optional whole number: undefined when absent or blank, 400 when it is not an integer.
 */
export function optionalInt(params: Params, name: string): number | undefined {
  const value = params.trimmed(name, 20)
  if (value === '') return undefined
  if (!/^-?\d{1,12}$/.test(value)) throw badRequest(`参数 ${name} 格式错误`)
  return Number(value)
}

/**
 * `page` (default 1) and `pageSize` (default `size`): non-numbers are refused, numbers out of range
 * are brought into 1..MAX_PAGE and 1..`max`.
 */
export function readPaging(params: Params, size: number, max: number): Paging {
  const page = clamp(optionalInt(params, 'page') ?? 1, 1, MAX_PAGE)
  const pageSize = clamp(optionalInt(params, 'pageSize') ?? size, 1, max)
  return { page, pageSize, offset: (page - 1) * pageSize }
}

const clamp = (n: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, n))

/** A 0/1 flag; absent or blank is 0. */
export function readFlag(params: Params, name: string): 0 | 1 {
  const value = params.trimmed(name, 8)
  if (value === '' || value === '0' || value === 'false') return 0
  if (value === '1' || value === 'true') return 1
  throw badRequest(`参数 ${name} 格式错误`)
}

export const readBookId = (params: Params, name = 'booksId'): number =>
  params.id(name, BOOK_NOT_FOUND)

/** An optional category filter: absent or blank is none. */
export function readCategoryId(params: Params): number | undefined {
  if (params.trimmed('classificationId', 20) === '') return undefined
  return params.id('classificationId', '分类不存在')
}

/** A chapter serial (1-based). */
export const readSerial = (params: Params): number => params.id('serial', CHAPTER_NOT_FOUND)

/** The 0-based paragraph of a saved place: undefined when absent or blank. */
export function readParagraph(params: Params): number | undefined {
  const value = params.trimmed('paragraph', 20)
  if (value === '') return undefined
  if (!/^\d{1,9}$/.test(value)) throw badRequest('段落位置不正确')
  return Number(value)
}

/**
 * Seconds into the chapter's audio: undefined when absent or blank; fractions are cut to whole
 * seconds.
 */
export function readAudioSeconds(params: Params): number | undefined {
  const value = params.trimmed('audioSeconds', 30)
  if (value === '') return undefined
  // A player's currentTime as text: 12.345, or 1e-7 for a tiny one.
  const seconds = Number(value)
  if (!/^[\d.eE+-]+$/.test(value) || !Number.isFinite(seconds) || seconds < 0) {
    throw badRequest('音频位置不正确')
  }
  return Math.min(Math.floor(seconds), 2_000_000_000)
}

export function readDirection(params: Params): 'next' | 'prev' {
  const value = params.trimmed('direction', 8)
  if (value === 'next' || value === 'prev') return value
  throw badRequest('翻页方向不正确')
}

/** A text search term: surrounding space removed, at most 50 characters. */
export function readKeyword(params: Params): string {
  const value = params.trimmed('keyword', 200)
  if ([...value].length > 50) throw badRequest('搜索词不能超过50字')
  return value
}
