/**
 * Generated from the declarations: every declared call, in each of its styles, gets malformed input
 * (wrong types, missing fields, 100 KB strings, arrays and objects, bad JSON) as a reader who may
 * call it, and answers 4xx with a message. Validation runs before any service, so nothing changes.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { TSchema } from '@sinclair/typebox'
import type { CallDecl } from '@api/contract'
import { domains } from '@api/domains'
import { newMobile, queryPath, restPath, startServer, type Reply, type TestServer } from './helpers'

interface Target {
  id: string
  decl: CallDecl
  method: string
  url: string
}

const targets: Target[] = Object.entries(domains).flatMap(([domain, api]) =>
  Object.entries(api).flatMap(([key, decl]) => {
    const id = `${domain}.${key}`
    const out: Target[] = []
    if (decl.rest) out.push({ id, decl, method: decl.rest.method, url: restPath(decl) })
    if (decl.query) out.push({ id, decl, method: decl.query.method, url: queryPath(decl) })
    return out
  }),
)

const HUGE = 'x'.repeat(100 * 1024)

/**
 * Values of the wrong kind for a property (what no coercion turns into a valid one). In a query
 * string an object arrives as its JSON text, which is a valid text: it is wrong for other kinds.
 */
function wrongKinds(schema: TSchema, inQuery: boolean): unknown[] {
  const kinds: unknown[] = [HUGE]
  if (!inQuery || schema.type !== 'string') kinds.push({ nested: { deep: 1 } })
  if (schema.type !== 'array') kinds.push(['a', 'b'])
  return kinds
}

function withQuery(url: string, params: Record<string, unknown>): string {
  const qs = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      qs.append(key, typeof one === 'string' ? one : JSON.stringify(one))
    }
  }
  const text = qs.toString()
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url
}

const inQuery = (target: Target): boolean =>
  target.method === 'GET' || target.method === 'DELETE' || target.decl.body === 'multipart'

describe('malformed input to every declared call', () => {
  let s: TestServer
  let token: string
  before(async () => {
    s = await startServer()
    token = (await s.register(newMobile())).access_token
  })
  after(() => s.close())

  const send = (target: Target, input: Record<string, unknown> | string): Promise<Reply> => {
    const opts = { token }
    if (inQuery(target)) {
      if (typeof input === 'string') throw new Error('a body for a call that reads the query')
      const url = withQuery(target.url, input)
      return target.method === 'DELETE'
        ? s.del(url, opts)
        : target.method === 'GET'
          ? s.get(url, opts)
          : s.post(url, undefined, opts)
    }
    if (typeof input === 'string') {
      return s.post(target.url, undefined, { ...opts, raw: input, contentType: 'application/json' })
    }
    return s.post(target.url, input, opts)
  }

  const assertRefused = (res: Reply, label: string) => {
    assert.ok(
      res.status >= 400 && res.status < 500,
      `${label}: ${res.status} ${JSON.stringify(res.body)}`,
    )
    const msg = (res.body as { msg?: unknown }).msg
    assert.ok(typeof msg === 'string' && msg.length > 0, `${label}: no message`)
  }

  test('wrong types, huge strings, arrays and objects in each field', async () => {
    let sent = 0
    for (const target of targets) {
      const props = (target.decl.input as TSchema).properties as Record<string, TSchema>
      for (const [name, schema] of Object.entries(props)) {
        for (const value of wrongKinds(schema, inQuery(target))) {
          const res = await send(target, { [name]: value })
          assertRefused(
            res,
            `${target.id} ${target.method} ${target.url} ${name}=${JSON.stringify(value).slice(0, 40)}`,
          )
          sent++
        }
      }
    }
    assert.ok(sent > 100, `only ${sent} malformed requests were generated`)
  })

  test('missing required fields', async () => {
    for (const target of targets) {
      const required = ((target.decl.input as TSchema).required ?? []) as string[]
      if (required.length === 0) continue
      assertRefused(
        await send(target, {}),
        `${target.id} ${target.url} without ${required.join(', ')}`,
      )
    }
  })

  test('bad JSON and a body that is not an object', async () => {
    for (const target of targets) {
      if (inQuery(target)) continue
      assertRefused(await send(target, '{"broken":'), `${target.id} ${target.url} bad JSON`)
      assertRefused(await send(target, '[1,2,3]'), `${target.id} ${target.url} array body`)
    }
  })
})
