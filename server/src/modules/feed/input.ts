import type { FastifyRequest } from 'fastify'
import { badRequest } from '../../http/errors'
import type { Params } from '../../http/params'

/** Field readers and messages of the feed calls. */

export const POST_NOT_FOUND = '动态不存在'
export const COMMENT_NOT_FOUND = '评论不存在'
export const USER_NOT_FOUND = '用户不存在'

export interface Paging {
  page: number
  pageSize: number
  offset: number
}

export const FEED_PAGE_SIZE = 10
const MAX_PAGE_SIZE = 50
/** The largest page number accepted (beyond it every list is empty anyway). */
const MAX_PAGE = 100_000

/**
 * `page` (default 1) and `pageSize` (default 10): non-integers are refused, integers out of range
 * are brought into 1..MAX_PAGE and 1..50 (as the books lists do).
 */
export function readPaging(params: Params): Paging {
  const page = clamp(optionalInt(params, 'page') ?? 1, 1, MAX_PAGE)
  const pageSize = clamp(optionalInt(params, 'pageSize') ?? FEED_PAGE_SIZE, 1, MAX_PAGE_SIZE)
  return { page, pageSize, offset: (page - 1) * pageSize }
}

function optionalInt(params: Params, name: string): number | undefined {
  const value = params.trimmed(name, 20)
  if (value === '') return undefined
  if (!/^-?\d{1,12}$/.test(value)) throw badRequest(`参数 ${name} 格式错误`)
  return Number(value)
}

const clamp = (n: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, n))

/** Values clients send for "none" in an optional id field. */
const NO_ID = new Set(['', '0', 'null', 'undefined'])

/**
 * An optional id: undefined when absent, blank, 0, 'null' or 'undefined' (what clients send for
 * none), else a positive integer or 400 `invalid`.
 */
export function optionalId(params: Params, name: string, invalid: string): number | undefined {
  if (NO_ID.has(params.trimmed(name, 20))) return undefined
  return params.id(name, invalid)
}

/** `like`: 1 (like) or 0 (unlike); anything else is 400. */
export function readLike(params: Params): 0 | 1 {
  const value = params.trimmed('like', 8)
  if (value === '1' || value === 'true') return 1
  if (value === '0' || value === 'false') return 0
  throw badRequest('参数 like 格式错误')
}

/** Longest text accepted before the rules count characters (the rules then give the message). */
export const RAW_TEXT_MAX = 20_000

/** More entries than this are refused before the rules look at them. */
const RAW_IMAGES_MAX = 100
const IMAGE_URL_MAX = 1000
export const IMAGE_INVALID = '图片无效'

/**
 * The `images` of a new post as a list of strings: a JSON array, a repeated form field (`images`
 * or `images[]`), a comma-joined string or a JSON array inside a string. Absent or blank is [].
 * Params only reads single fields, so this one reads the request's body and query directly (the
 * body wins, as in Params).
 */
export function readImages(req: FastifyRequest): string[] {
  const value = rawField(req, 'images') ?? rawField(req, 'images[]')
  if (value === undefined || value === null) return []
  let list: unknown[]
  if (Array.isArray(value)) {
    list = value
  } else if (typeof value === 'string') {
    const text = value.trim()
    if (text === '') return []
    if (text.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(text)
        if (!Array.isArray(parsed)) throw badRequest(IMAGE_INVALID)
        list = parsed
      } catch {
        throw badRequest(IMAGE_INVALID)
      }
    } else {
      list = text.split(',')
    }
  } else {
    throw badRequest(IMAGE_INVALID)
  }
  if (list.length > RAW_IMAGES_MAX) throw badRequest(IMAGE_INVALID)
  const out: string[] = []
  for (const item of list) {
    if (typeof item !== 'string' || item.length > IMAGE_URL_MAX) throw badRequest(IMAGE_INVALID)
    const url = item.trim()
    // A trailing comma or an empty form field is not an image.
    if (url !== '') out.push(url)
  }
  return out
}

function rawField(req: FastifyRequest, name: string): unknown {
  const multipart = (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/')
  for (const source of [multipart ? undefined : req.body, req.query]) {
    if (typeof source === 'object' && source !== null && !Array.isArray(source)) {
      const value = (source as Record<string, unknown>)[name]
      if (value !== undefined && value !== null) return value
    }
  }
  return undefined
}
