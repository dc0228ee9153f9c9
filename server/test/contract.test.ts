/**
 * The contract holds both ways: every declared call is served in each style it names, nothing is
 * served at /api, /util or the query endpoints without a declaration, input schemas bound every
 * text, and the OpenAPI page lists them all (off in production unless enabled).
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { TSchema } from '@sinclair/typebox'
import type { CallDecl } from '@api/contract'
import { domains } from '@api/domains'
import { feedApi } from '@api/feed'
import { registeredRoutes, restPath, startServer, type TestServer } from './helpers'

const declared: Array<{ id: string; decl: CallDecl }> = Object.entries(domains).flatMap(
  ([domain, api]) => Object.entries(api).map(([key, decl]) => ({ id: `${domain}.${key}`, decl })),
)

/** Routes that are not API calls: the app, files, the API page and development helpers. */
const NOT_CALLS = [
  /^\/$/,
  /^\/user\.php$/,
  /^\/index\.php$/,
  /^\/docs/,
  /^\/dev\//,
  /^\/uploads\//,
  /^\/static\//,
  /^\/speedtest\.bin$/,
  /^\/api\/posters\//,
  /^\/api\/seed-assets\//,
  /^\/api\/documents\/file$/,
  /^\/api\/video\/file$/,
  /^\/api\/pay\/wechat\/notify$/,
  /^\/api\/books\/audio\//,
  /^\/api\/chat\/ws$/,
  /^\/chat-tip\.wav$/,
  /^\*$/,
]

describe('contract', () => {
  let s: TestServer
  before(async () => {
    s = await startServer()
  })
  after(() => s.close())

  test('every declared call is served in each style it names, and only once', () => {
    const names = new Set<string>()
    const paths = new Set<string>()
    for (const { id, decl } of declared) {
      assert.ok(decl.rest || decl.query, `${id} names no style`)
      if (decl.query) {
        assert.ok(!names.has(decl.query.name), `${decl.query.name} declared twice`)
        names.add(decl.query.name)
        const served = s.fastify.queryRegistry.get(decl.query.name)
        assert.ok(served, `${id}: ${decl.query.name} is not served`)
        assert.equal(
          served.decl,
          decl,
          `${id}: ${decl.query.name} is served from another declaration`,
        )
        assert.equal(served.method, decl.query.method)
        assert.equal(served.auth, decl.auth)
      }
      if (decl.rest) {
        const key = `${decl.rest.method} ${decl.rest.path}`
        assert.ok(!paths.has(key), `${key} declared twice`)
        paths.add(key)
        assert.ok(
          s.fastify.hasRoute({ method: decl.rest.method, url: decl.rest.path }),
          `${id}: ${key} is not served`,
        )
      }
    }
  })

  test('nothing is served as a call without a declaration', () => {
    const restDeclared = new Set(
      declared.filter((d) => d.decl.rest).map((d) => `${d.decl.rest?.method} ${d.decl.rest?.path}`),
    )
    for (const route of registeredRoutes(s.fastify)) {
      if (NOT_CALLS.some((pattern) => pattern.test(route.url))) continue
      assert.ok(
        restDeclared.has(`${route.method} ${route.url}`),
        `${route.method} ${route.url} is served without a declaration`,
      )
    }
    for (const served of s.fastify.queryRegistry.list()) {
      assert.ok(served.decl, `${served.name} is served without a declaration`)
    }
  })

  test('every text an input takes has a length bound', () => {
    const unbounded = (schema: TSchema, at: string): string[] => {
      if (schema.type === 'string' && schema.maxLength === undefined && schema.const === undefined)
        return [at]
      const inner: string[] = []
      for (const [name, prop] of Object.entries(
        (schema.properties ?? {}) as Record<string, TSchema>,
      ))
        inner.push(...unbounded(prop, `${at}.${name}`))
      if (schema.items) inner.push(...unbounded(schema.items as TSchema, `${at}[]`))
      for (const part of (schema.anyOf ?? []) as TSchema[]) inner.push(...unbounded(part, at))
      return inner
    }
    const found = declared.flatMap(({ id, decl }) => unbounded(decl.input, id))
    assert.deepEqual(found, [])
  })

  test('/docs shows the whole contract as OpenAPI 3.1, login marked, with demo examples', async () => {
    const page = await s.get('/docs')
    assert.equal(page.status, 200)
    assert.match(String(page.body), /swagger-ui/i)
    const res = await s.get('/docs/openapi.json')
    assert.equal(res.status, 200)
    const doc = res.body
    assert.equal(doc.openapi, '3.1.0')
    type Operation = { operationId: string; security: unknown[] }
    const operations = new Map<string, Operation & { path: string }>()
    const paths = doc.paths as Record<string, Record<string, Operation>>
    for (const [path, item] of Object.entries(paths)) {
      for (const op of Object.values(item)) operations.set(op.operationId, { ...op, path })
    }
    for (const { id, decl } of declared) {
      if (decl.rest) {
        const op = operations.get(id)
        assert.ok(op, `${id} is missing from the document`)
        assert.equal(op.path, decl.rest.path)
        assert.equal(op.security.length > 0, decl.auth, `${id}: login not marked`)
      }
      if (decl.query) {
        const op = operations.get(`${id}.query`)
        assert.ok(op, `${id}.query is missing from the document`)
        assert.match(op.path, new RegExp(`\\?s=${decl.query.name.replace(/\./g, '\\.')}$`))
        assert.equal(op.security.length > 0, decl.auth, `${id}.query: login not marked`)
      }
    }
    const feed = doc.paths[restPath(feedApi.postList)].get
    const example = feed.responses['200'].content['application/json'].example
    assert.equal(example.code, 200)
    assert.ok(example.data.list.length > 0, 'the feed example shows demo posts')
  })

  test('the API page is off in production unless API_DOCS=1', async () => {
    const prod = await startServer({ NODE_ENV: 'production', API_DOCS: '' }, s)
    try {
      const res = await prod.get('/docs/openapi.json')
      assert.notEqual(res.status, 200)
    } finally {
      await prod.close()
    }
    const enabled = await startServer({ NODE_ENV: 'production', API_DOCS: '1' }, s)
    try {
      assert.equal((await enabled.get('/docs/openapi.json')).status, 200)
    } finally {
      await enabled.close()
    }
  })
})
