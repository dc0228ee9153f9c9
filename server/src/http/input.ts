/**
 * A call's input: the query string and a form or JSON body merged (the body wins), brought into the
 * shape of its schema by the API's forgiving rules, then validated by Fastify's validator (Ajv with
 * type coercion: form text '12' becomes 12). A wrong value is a 400 with a Chinese message, before
 * any service runs.
 */
import type { TObject, TSchema } from '@sinclair/typebox'
import type { FastifyRequest } from 'fastify'
import { badRequest } from './errors'

/** Keywords the contract's schemas carry for these rules; Ajv is told they exist. */
export const CONTRACT_KEYWORDS = ['x-error', 'x-trim', 'x-list', 'x-flag', 'x-zero-none', 'x-blank']

/** What clients send for "none". */
const ABSENT = new Set(['', 'null', 'undefined'])

type Raw = Record<string, unknown>

export function mergeInput(query: unknown, body: unknown): Raw {
  const merged: Raw = Object.create(null)
  if (isRecord(query)) Object.assign(merged, query)
  if (body !== undefined && body !== null && body !== '') {
    if (!isRecord(body)) throw badRequest('请求格式错误')
    Object.assign(merged, body)
  }
  delete merged.s
  delete merged.access_token
  return merged
}

/** Applies the forgiving rules the schema asks for, property by property. */
export function normalise(raw: Raw, schema: TObject): Raw {
  const out: Raw = {}
  for (const [name, prop] of Object.entries(schema.properties) as [string, TSchema][]) {
    let value = raw[name]
    if (prop['x-list']) value = toList(value ?? raw[`${name}[]`])
    if (value === undefined || value === null) continue
    if (typeof value === 'string' && ABSENT.has(value.trim()) && !prop['x-list']) {
      if (!(prop['x-blank'] && value.trim() === '')) continue
    }
    if (prop['x-zero-none'] && (value === 0 || (typeof value === 'string' && value.trim() === '0')))
      continue
    refuseLoose(name, prop, value)
    if (prop['x-flag'] && (value === 'true' || value === true)) value = 1
    if (prop['x-flag'] && (value === 'false' || value === false)) value = 0
    if (prop['x-trim'] && typeof value === 'string') value = value.trim()
    if (typeof value === 'string' && prop.type === 'number') value = value.trim()
    out[name] = value
  }
  return out
}

/** A JSON array, repeated fields, JSON in a string, or comma-joined; blanks dropped. */
function toList(value: unknown): unknown {
  if (value === undefined || value === null) return undefined
  let list: unknown = value
  if (typeof value === 'string') {
    const text = value.trim()
    if (text === '') return undefined
    if (text.startsWith('[')) {
      try {
        list = JSON.parse(text)
      } catch {
        return value
      }
    } else {
      list = text.split(',')
    }
  }
  if (!Array.isArray(list)) return list
  return list.map((item) => (typeof item === 'string' ? item.trim() : item)).filter((x) => x !== '')
}

/** Whole numbers as the readers before the contract took them: digits, at most 15, nothing around. */
const INTEGER_TEXT = /^-?\d{1,15}$/

/**
 * What Ajv's coercion would wrongly accept is refused first: a list or object for a single field
 * (it unwraps [x]), and for an integer a boolean (true is 1) or text other than digits ('1e3', ' 2'
 * with a space, or digits past any int, which it turns into Infinity).
 */
function refuseLoose(name: string, prop: TSchema, value: unknown): void {
  const loose =
    (!prop['x-list'] && typeof value === 'object') ||
    (prop.type === 'integer' &&
      (typeof value === 'boolean' || (typeof value === 'string' && !INTEGER_TEXT.test(value))))
  if (loose) throw badRequest((prop['x-error'] as string | undefined) ?? `参数 ${name} 格式错误`)
}

/** Validates with Fastify's validator for this schema (compiled once per route and schema). */
export function checkInput<T>(req: FastifyRequest, schema: TObject, raw: Raw): T {
  const data = normalise(raw, schema)
  const validate = req.compileValidationSchema(schema)
  if (!validate(data)) throw badRequest(messageFor(validate.errors ?? [], schema))
  return data as T
}

interface AjvError {
  keyword: string
  instancePath: string
  schemaPath: string
  params: Record<string, unknown>
}

/** The `x-error` of the failing field (or of the list holding it), else a generic text. */
export function messageFor(errors: readonly unknown[], schema: TObject): string {
  const error = errors[0] as AjvError | undefined
  if (!error) return '请求参数不正确'
  if (error.keyword === 'required') {
    const name = String(error.params.missingProperty ?? '')
    const prop = schema.properties[name] as TSchema | undefined
    return (prop?.['x-error'] as string | undefined) ?? `参数 ${name} 格式错误`
  }
  const segments = error.instancePath.split('/').filter(Boolean)
  const name = segments[0] ?? ''
  if (error.keyword === 'maxLength' && segments.length === 1) return `参数 ${name} 过长`
  let node: unknown = schema
  let message: string | undefined
  for (const step of error.schemaPath.replace(/^#\/?/, '').split('/')) {
    if (!isRecord(node)) break
    if (typeof node['x-error'] === 'string') message = node['x-error']
    node = node[decodeURIComponent(step.replace(/~1/g, '/').replace(/~0/g, '~'))]
  }
  if (message) return message
  return name ? `参数 ${name} 格式错误` : '请求格式错误'
}

function isRecord(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
