import { badRequest } from './errors'

/** Any single text field longer than this is refused before any rule looks at it. */
export const DEFAULT_MAX_CHARS = 2000

/**
 * The call's input, merged from the query string and a form or JSON body. Readers check types and
 * lengths, so a wrong shape is a 400 with a message and never reaches a service.
 */
export class Params {
  constructor(private readonly raw: Record<string, unknown>) {}

  static from(query: unknown, body: unknown): Params {
    const merged: Record<string, unknown> = Object.create(null)
    if (isRecord(query)) Object.assign(merged, query)
    if (body !== undefined && body !== null && body !== '') {
      if (!isRecord(body)) throw badRequest('请求格式错误')
      Object.assign(merged, body)
    }
    delete merged.s
    return new Params(merged)
  }

  has(name: string): boolean {
    const value = this.raw[name]
    return value !== undefined && value !== null
  }

  /** The field as text ('' when absent); numbers and booleans are accepted as their text. */
  text(name: string, max = DEFAULT_MAX_CHARS): string {
    const value = this.raw[name]
    if (value === undefined || value === null) return ''
    if (typeof value === 'number' || typeof value === 'boolean') return String(value)
    if (typeof value !== 'string') throw badRequest(`参数 ${name} 格式错误`)
    if (value.length > max) throw badRequest(`参数 ${name} 过长`)
    return value
  }

  /** Text with surrounding spaces removed. */
  trimmed(name: string, max = DEFAULT_MAX_CHARS): string {
    return this.text(name, max).trim()
  }

  /** A required field: `missing` is the message when it is blank. */
  required(name: string, missing: string, max = DEFAULT_MAX_CHARS): string {
    const value = this.trimmed(name, max)
    if (value === '' || value === 'null' || value === 'undefined') throw badRequest(missing)
    return value
  }

  /** A positive integer id, or the message when absent or malformed. */
  id(name: string, invalid: string): number {
    const value = this.trimmed(name, 20)
    if (!/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647) throw badRequest(invalid)
    return Number(value)
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
