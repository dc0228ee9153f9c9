import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { accountApi, type LoginResult } from '@api/account'
import type { CallDecl } from '@api/contract'
import { commonApi, type SmsScene } from '@api/common'
import { seedDemo } from '../seed'
import { buildApp } from '../src/app'
import type { Clock } from '../src/clock'
import { loadConfig } from '../src/config'
import { openPglite, openPostgres, type Db, type DbHandle } from '../src/db/client'
import { adminQuery, createFromTemplate, pgliteFromTemplate, templateName } from './templates'

export class FakeClock implements Clock {
  constructor(public t = Date.now()) {}
  now(): number {
    return this.t
  }
  advance(ms: number): void {
    this.t += ms
  }
}

/** The REST path of a declared call. */
export function restPath(decl: CallDecl): string {
  if (!decl.rest) throw new Error(`${decl.summary}: no REST style`)
  return decl.rest.path
}

/** The query-style URL of a declared call: /user.php?s=User.* or /index.php?s=App.*. */
export function queryPath(decl: CallDecl): string {
  if (!decl.query) throw new Error(`${decl.summary}: no query style`)
  const { name } = decl.query
  return `${name.startsWith('User.') ? '/user.php' : '/index.php'}?s=${name}`
}

export const SECOND = 1000
export const MINUTE = 60 * SECOND
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR

export interface Reply {
  status: number
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any
  headers: Headers
}

export interface CallOptions {
  token?: string
  /** Send the body form-urlencoded instead of JSON. */
  form?: boolean
  /** A raw body string sent as is (with `contentType`). */
  raw?: string | Buffer | FormData
  contentType?: string
  headers?: Record<string, string>
}

export interface TestServer {
  base: string
  clock: FakeClock
  fastify: FastifyInstance
  db: Db
  handle: DbHandle
  dir: string
  get(url: string, opts?: CallOptions): Promise<Reply>
  post(url: string, body?: Record<string, unknown>, opts?: CallOptions): Promise<Reply>
  /** DELETE with the input in the query string. */
  del(url: string, opts?: CallOptions): Promise<Reply>
  /** Uploads a small PNG with App.Common_File.Upload as `token`; answers its URL path. */
  uploadImage(token: string): Promise<string>
  /** Advances the clock past the resend limit, sends a code and reads it from /dev/sms. */
  smsCode(mobile: string, scene: SmsScene, token?: string): Promise<string>
  /** Registers a fresh account by SMS code (query style). */
  register(mobile: string, password?: string): Promise<LoginResult>
  login(mobile: string, password?: string): Promise<LoginResult>
  close(): Promise<void>
}

export const DEMO_MOBILE = '13800000000'
export const DEMO_PASSWORD = 'demo1234'

const usePostgres = (): boolean => process.env.TEST_DATABASE === 'postgres'

/**
 * A fresh database: in-memory PGlite, or a new database on the local PostgreSQL server. With
 * `fromTemplate`, a copy of this run's migrated and seeded template (server/test/templates.ts),
 * answered with `seeded: true`; without a template it is empty like the others.
 */
export async function freshDatabase(
  fromTemplate = false,
): Promise<{ handle: DbHandle; drop: () => Promise<void>; seeded: boolean }> {
  const template = fromTemplate ? templateName() : undefined
  if (!usePostgres()) {
    const handle = template ? await pgliteFromTemplate(template) : await openPglite()
    return { handle, drop: async () => undefined, seeded: Boolean(template) }
  }
  return { ...(await freshPostgres(template)), seeded: Boolean(template) }
}

/** A new database on the local PostgreSQL server (PG_ADMIN_URL), with its URL. */
export async function freshPostgres(template?: string): Promise<{
  handle: DbHandle
  url: string
  drop: () => Promise<void>
}> {
  const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  const name = `server_test_${randomBytes(6).toString('hex')}`
  if (template) await createFromTemplate(name, template)
  else await adminQuery(`create database ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const handle = await openPostgres(url.toString())
  return {
    handle,
    url: url.toString(),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  }
}

/**
 * Builds the app on a fresh, migrated and seeded database and listens on a free port. With
 * `sharedDb`, a second app (other settings) runs on that server's database instead, which saves
 * starting another embedded PostgreSQL. The search index is built only with `searchIndex`: it
 * costs seconds per database and only the search suites read it (an empty index answers no hits).
 */
export async function startServer(
  env: Record<string, string> = {},
  sharedDb?: TestServer,
  opts: { searchIndex?: boolean } = {},
): Promise<TestServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-test-'))
  const clock = new FakeClock()
  const production = env.NODE_ENV === 'production'
  const { handle, drop, seeded } = sharedDb
    ? { handle: sharedDb.handle, drop: async () => undefined, seeded: true }
    : await freshDatabase(!production)
  if (!sharedDb && !seeded) await handle.migrate()
  if (!sharedDb && (!seeded || opts.searchIndex)) {
    // On a template copy only the search index is left to build.
    await seedDemo(handle.db, clock.now(), {
      production,
      skip: opts.searchIndex ? [] : ['search_index'],
    })
  }
  const config = loadConfig({
    DATA_DIR: dir,
    H5_DIST: path.join(dir, 'h5'),
    NODE_ENV: 'test',
    // The suites send many codes from 127.0.0.1; the per-address cap has its own test.
    SMS_IP_HOURLY_MAX: '10000',
    // Likewise the image captcha asked after repeated sends (server/test/specCalls.test.ts).
    SMS_CAPTCHA_AFTER_PER_NUMBER: '10000',
    SMS_CAPTCHA_AFTER_PER_IP: '10000',
    // The clock stands still within a test: chat send rates have their own suite (chat-limits).
    // Production refuses them off, so a production server in a test keeps them.
    CHAT_SEND_RATES: production ? 'on' : 'off',
    ...env,
  })
  const fastify = buildApp({ db: handle.db, config, clock, logger: false })
  await fastify.listen({ port: 0, host: '127.0.0.1' })
  const base = `http://127.0.0.1:${(fastify.server.address() as AddressInfo).port}`

  async function request(method: string, url: string, body: unknown, opts: CallOptions = {}) {
    const headers: Record<string, string> = { ...opts.headers }
    if (opts.token) headers.authorization = `Bearer ${opts.token}`
    let payload: string | Buffer | FormData | undefined
    if (opts.raw !== undefined) {
      payload = opts.raw
      if (opts.contentType) headers['content-type'] = opts.contentType
    } else if (body !== undefined) {
      if (opts.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded'
        payload = new URLSearchParams(body as Record<string, string>).toString()
      } else {
        headers['content-type'] = 'application/json'
        payload = JSON.stringify(body)
      }
    }
    const res = await fetch(base + url, { method, headers, body: payload })
    const text = await res.text()
    let parsed: unknown = text
    try {
      parsed = JSON.parse(text)
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed, headers: res.headers }
  }

  const server: TestServer = {
    base,
    clock,
    fastify,
    db: handle.db,
    handle,
    dir,
    get: (url, opts) => request('GET', url, undefined, opts),
    post: (url, body = {}, opts) => request('POST', url, body, opts),
    del: (url, opts) => request('DELETE', url, undefined, opts),
    async uploadImage(token) {
      const fd = new FormData()
      fd.append('file', new Blob([tinyPng()], { type: 'image/png' }), 'p.png')
      const res = await server.post(queryPath(commonApi.upload), undefined, {
        token,
        raw: fd,
      })
      if (res.body.ret !== 200) throw new Error(`Upload failed: ${JSON.stringify(res.body)}`)
      return res.body.data.url
    },
    async smsCode(mobile, scene, token) {
      clock.advance(61 * SECOND)
      const sent = await server.post(queryPath(commonApi.sendCaptcha), { mobile, scene }, { token })
      if (sent.body.ret !== 200) throw new Error(`SendCaptcha failed: ${JSON.stringify(sent.body)}`)
      const box = await server.get(`/dev/sms?mobile=${mobile}`)
      return box.body.data[0].code
    },
    async register(mobile, password = 'abc12345') {
      const code = await server.smsCode(mobile, 'register')
      const res = await server.post(queryPath(accountApi.register), { mobile, code, password })
      if (res.body.ret !== 200) throw new Error(`Register failed: ${JSON.stringify(res.body)}`)
      return res.body.data
    },
    async login(mobile, password = 'abc12345') {
      const res = await server.post(restPath(accountApi.loginByPhone), { phone: mobile, password })
      if (res.body.code !== 200) throw new Error(`login failed: ${JSON.stringify(res.body)}`)
      return res.body.data
    },
    async close() {
      await fastify.close()
      if (!sharedDb) await handle.close()
      await drop()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
  return server
}

/** A throwaway local HTTP server (a double of WeChat's or Aliyun's API). */
export async function startDouble(
  handler: (req: {
    method: string
    url: URL
    body: string
  }) => { status?: number; json: unknown } | Promise<{ status?: number; json: unknown }>,
): Promise<{ base: string; close: () => Promise<void> }> {
  const http = await import('node:http')
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      const out = await handler({
        method: req.method ?? 'GET',
        url,
        body: Buffer.concat(chunks).toString(),
      })
      res.writeHead(out.status ?? 200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(out.json))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

let mobileCounter = 0
/** A unique, valid mobile number per call within a test file. */
export function newMobile(): string {
  mobileCounter += 1
  const tail = String(process.pid % 10000).padStart(4, '0') + String(mobileCounter).padStart(4, '0')
  return `139${tail}`
}

/** A valid 1×1 PNG. */
export function tinyPng(): Buffer {
  return Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  )
}

export interface RouteEntry {
  method: string
  url: string
}

/** Every route the app registered (from Fastify's route tree), HEAD and OPTIONS left out. */
export function registeredRoutes(fastify: FastifyInstance): RouteEntry[] {
  const out: RouteEntry[] = []
  const paths: string[] = []
  for (const line of fastify.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)[└├]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line)
    if (!match) continue
    const depth = [...match[1]].length / 4
    paths.length = depth
    const path = (depth > 0 ? paths[depth - 1] : '') + match[2]
    paths[depth] = path
    for (const method of match[3]?.split(', ') ?? []) {
      if (method !== 'HEAD' && method !== 'OPTIONS') out.push({ method, url: path })
    }
  }
  return out
}
