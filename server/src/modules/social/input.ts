import type { FastifyRequest } from 'fastify'
import type { MessageKind } from '../../../../types/api/social'
import { badRequest } from '../../http/errors'
import type { Params } from '../../http/params'

/** Field readers for the social calls. */

export const USER_NOT_FOUND = '用户不存在'
export const IMAGE_INVALID = '图片无效'

export interface Paging {
  page: number
  pageSize: number
  offset: number
}

/** The largest page number accepted (beyond it every list is empty anyway). */
const MAX_PAGE = 100_000
export const DEFAULT_PAGE_SIZE = 10
export const MAX_PAGE_SIZE = 50

/**
 * `page` (default 1) and `pageSize` (default 10): non-integers are refused, integers out of range
 * are brought into 1..MAX_PAGE and 1..50 (as the books lists do).
 */
export function readPaging(params: Params): Paging {
  const page = clamp(readInt(params, 'page') ?? 1, 1, MAX_PAGE)
  const pageSize = clamp(readInt(params, 'pageSize') ?? DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE)
  return { page, pageSize, offset: (page - 1) * pageSize }
}

function readInt(params: Params, name: string): number | undefined {
  const value = params.trimmed(name, 20)
  if (value === '') return undefined
  if (!/^-?\d{1,12}$/.test(value)) throw badRequest(`参数 ${name} 格式错误`)
  return Number(value)
}

const clamp = (n: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, n))

/**
 * The person a call is about: `userId` (REST) or `user_id` (query style); either name is accepted
 * in both styles. Undefined when both are blank; malformed is 400 with the 404's text.
 */
export function optionalUserId(params: Params): number | undefined {
  for (const name of ['userId', 'user_id']) {
    if (params.trimmed(name, 20) !== '') return params.id(name, USER_NOT_FOUND)
  }
  return undefined
}

export function readUserId(params: Params): number {
  const id = optionalUserId(params)
  if (id === undefined) throw badRequest(USER_NOT_FOUND)
  return id
}

/** A required 1|0 switch (`focus`, `block`). */
export function readSwitch(params: Params, name: string): boolean {
  const value = params.trimmed(name, 8)
  if (value === '1' || value === 'true') return true
  if (value === '0' || value === 'false') return false
  throw badRequest(`参数 ${name} 格式错误`)
}

/** `type` of /api/user/userFocusList: following (default) or followers. */
export function readFocusListType(params: Params): 'following' | 'followers' {
  const value = params.trimmed('type', 20)
  if (value === '' || value === 'following') return 'following'
  if (value === 'followers') return 'followers'
  throw badRequest('列表类型不正确')
}

export const MESSAGE_KINDS: readonly MessageKind[] = ['notice', 'comment', 'like', 'follow']
export const KIND_INVALID = '消息类型不正确'

/** A message kind among `allowed`; blank is `fallback` (400 when there is none). */
export function readKind<K extends MessageKind>(
  params: Params,
  allowed: readonly K[],
  fallback?: K,
): K {
  const value = params.trimmed('kind', 20)
  if (value === '' && fallback !== undefined) return fallback
  const kind = allowed.find((k) => k === value)
  if (kind === undefined) throw badRequest(KIND_INVALID)
  return kind
}

/** Ids are int4: a larger maxId means every message. */
const MAX_MESSAGE_ID = 2_147_483_647

/**
 * The optional `maxId` of updateUserMessageSetRead: undefined when absent, blank, 'null' or
 * 'undefined' (what clients send for none), else an integer ≥ 0 (0 marks nothing), or 400.
 */
export function readMaxId(params: Params): number | undefined {
  const value = params.trimmed('maxId', 20)
  if (value === '' || value === 'null' || value === 'undefined') return undefined
  if (!/^\d{1,15}$/.test(value)) throw badRequest('参数 maxId 格式错误')
  return Math.min(Number(value), MAX_MESSAGE_ID)
}

/** More entries than this are refused before any is looked at. */
const IMAGES_RAW_MAX = 50

/**
 * The `images` field as a list of texts (not yet checked): a JSON array, a form field repeated or
 * sent as `images[]`, a comma-joined text, or a JSON array in a text. Absent is none. Read from the
 * request itself because Params keeps to single texts; the body wins over the query string, as in
 * Params.
 */
export function readImageList(req: FastifyRequest, tooMany: string): string[] {
  const raw = pick(req.body, 'images') ?? pick(req.query, 'images')
  if (raw === undefined || raw === null || raw === '') return []
  let items: unknown[]
  if (Array.isArray(raw)) items = raw
  else if (typeof raw === 'string') items = splitText(raw)
  else throw badRequest(IMAGE_INVALID)
  if (items.length > IMAGES_RAW_MAX) throw badRequest(tooMany)
  const out: string[] = []
  for (const item of items) {
    if (typeof item !== 'string') throw badRequest(IMAGE_INVALID)
    for (const part of splitText(item)) {
      if (typeof part !== 'string') throw badRequest(IMAGE_INVALID)
      out.push(part)
    }
  }
  if (out.length > IMAGES_RAW_MAX) throw badRequest(tooMany)
  return out
}

function pick(source: unknown, name: string): unknown {
  if (typeof source !== 'object' || source === null || Array.isArray(source)) return undefined
  const record = source as Record<string, unknown>
  if (Object.hasOwn(record, name)) return record[name]
  if (Object.hasOwn(record, `${name}[]`)) return record[`${name}[]`]
  return undefined
}

/** '["a","b"]' → its items; 'a, b' → ['a', 'b']; blanks dropped. */
function splitText(text: string): unknown[] {
  const value = text.trim()
  if (value.startsWith('[')) {
    let parsed: unknown
    try {
      parsed = JSON.parse(value)
    } catch {
      throw badRequest(IMAGE_INVALID)
    }
    if (!Array.isArray(parsed)) throw badRequest(IMAGE_INVALID)
    return parsed
  }
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
}
