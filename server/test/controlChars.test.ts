import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import type { LightMyRequestResponse } from 'fastify'
import { accountApi } from '@api/account'
import { booksApi } from '@api/books'
import { commonApi } from '@api/common'
import { feedApi } from '@api/feed'
import { groupsApi } from '@api/groups'
import { socialApi } from '@api/social'
import { PAY_NOTIFY_PATH } from '@rules/shop'
import {
  newMobile,
  queryPath,
  registeredRoutes,
  restPath,
  startServer,
  tinyPng,
  type Reply,
  type TestServer,
} from './helpers'
import { friendships } from '../src/db/schema'

const MESSAGE = '输入包含不允许的控制字符'
/** Control characters and lone surrogates (a high half, a low half). */
const CONTROL_CHARS = ['\u0000', '\u001b']
const BAD_CHARS = [...CONTROL_CHARS, '\ud800', '\udc00']
const BAD_NAMES: Record<string, string> = {
  '\u0000': 'NUL',
  '\u001b': 'ESC',
  '\ud800': 'lone high surrogate',
  '\udc00': 'lone low surrogate',
}

/** The three bytes a surrogate half takes when encoded as if it were a character (invalid UTF-8). */
const surrogateBytes = (unit: number): number[] => [
  0xe0 | (unit >> 12),
  0x80 | ((unit >> 6) & 0x3f),
  0x80 | (unit & 0x3f),
]

/**
 * Percent-encoding as a client writes it; encodeURIComponent throws on a lone surrogate, so one is
 * written as its bytes (`%ED%A0%80`), which is how such text reaches a server in a URL or a form.
 */
function percentEncode(text: string): string {
  let out = ''
  for (const char of text) {
    const unit = char.codePointAt(0) ?? 0
    out +=
      unit >= 0xd800 && unit <= 0xdfff
        ? surrogateBytes(unit)
            .map((byte) => `%${byte.toString(16).toUpperCase()}`)
            .join('')
        : encodeURIComponent(char)
  }
  return out
}

/**
 * Every route the app registered, from Fastify's own route tree (`printRoutes`): each line is a
 * path segment under its parent (4 characters of indentation a level) with its methods.
 */
/** A concrete URL for a route pattern: parameters get a plain value. */
const concrete = (url: string): string => url.replace(/:[A-Za-z_]+/g, 'x').replace(/\*$/, 'x')

const styleOf = (url: string): 'code' | 'ret' =>
  ['/api/', '/app/', '/util/', '/dev/'].some((prefix) => url.startsWith(prefix)) ? 'code' : 'ret'

function assertRefused(res: LightMyRequestResponse, url: string, label: string): void {
  assert.ok(res.statusCode < 500, `${label}: ${res.statusCode} ${res.body}`)
  assert.equal(res.statusCode, 400, `${label}: ${res.body}`)
  const body = res.json()
  assert.equal(body[styleOf(url)], 400, label)
  assert.equal(body.msg, MESSAGE, label)
}

const withQuery = (url: string, query: string): string =>
  url + (url.includes('?') ? '&' : '?') + query

/** A multipart body by hand: a field is [name, value] or [name, value, its Content-Type]. */
function multipartBody(
  fields: [string, string | Buffer, string?][],
  file?: Buffer,
): {
  payload: Buffer
  contentType: string
} {
  const boundary = `----guard${randomBytes(8).toString('hex')}`
  const chunks: Buffer[] = []
  for (const [name, value, type] of fields) {
    const typeLine = type ? `Content-Type: ${type}\r\n` : ''
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n${typeLine}\r\n`,
      ),
      Buffer.from(value),
      Buffer.from('\r\n'),
    )
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      file,
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  }
}

describe('control characters in input are refused in one place', () => {
  let s: TestServer
  before(async () => {
    s = await startServer()
  })
  after(() => s.close())

  const inject = (
    method: string,
    url: string,
    opts: { json?: unknown; form?: string; token?: string; rawJson?: Buffer } = {},
  ) => {
    const headers: Record<string, string> = {}
    if (opts.token) headers.authorization = `Bearer ${opts.token}`
    let payload: string | Buffer | undefined
    if (opts.rawJson !== undefined) {
      headers['content-type'] = 'application/json'
      payload = opts.rawJson
    } else if (opts.json !== undefined) {
      headers['content-type'] = 'application/json'
      payload = JSON.stringify(opts.json)
    } else if (opts.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      payload = opts.form
    }
    return s.fastify.inject({
      method: method as 'GET' | 'POST' | 'DELETE',
      url,
      headers,
      payload,
    })
  }

  /** The query string, a JSON body and a form body each carry the character (GET: query only). */
  async function assertAllRefused(method: string, url: string, label: string): Promise<void> {
    for (const bad of BAD_CHARS) {
      const name = `${label} ${BAD_NAMES[bad]}`
      const value = `a${bad}b`
      const enc = percentEncode(value)
      assertRefused(await inject(method, withQuery(url, `q=${enc}`)), url, `${name} query`)
      if (method === 'GET') continue
      assertRefused(await inject(method, url, { json: { q: value } }), url, `${name} json`)
      assertRefused(
        await inject(method, url, { json: { deep: [{ x: ['ok', value] }] } }),
        url,
        `${name} nested json`,
      )
      assertRefused(await inject(method, url, { json: { [value]: 'key' } }), url, `${name} key`)
      assertRefused(await inject(method, url, { form: `q=${enc}` }), url, `${name} form`)
    }
    // WeChat Pay's notification reads its body itself and answers in WeChat's format.
    if (method === 'GET' || url === PAY_NOTIFY_PATH) return
    // Bytes that are not UTF-8 in a JSON body (Node would read them as U+FFFD).
    for (const bytes of [[0xed, 0xa0, 0x80], [0xff], [0xe4, 0xb8]]) {
      const rawJson = Buffer.concat([
        Buffer.from('{"q":"a'),
        Buffer.from(bytes),
        Buffer.from('b"}'),
      ])
      assertRefused(await inject(method, url, { rawJson }), url, `${label} JSON bytes ${bytes}`)
    }
  }

  test('every registered route refuses them in the query string and the body', async () => {
    const routes = registeredRoutes(s.fastify)
    const urls = routes.map((route) => `${route.method} ${route.url}`)
    // The walk found the whole table, direct routes included.
    assert.ok(routes.length >= 50, `only ${routes.length} routes found`)
    for (const expected of [
      'GET /',
      'POST /user.php',
      'GET /index.php',
      `POST ${restPath(accountApi.loginByPhone)}`,
      `GET ${restPath(feedApi.postDetail)}`,
      `DELETE ${restPath(booksApi.deleteReflection)}`,
      `POST ${restPath(commonApi.smsSend)}`,
      'GET /api/books/audio/:file',
      'GET /uploads/:name',
      'GET /dev/sms',
    ]) {
      assert.ok(urls.includes(expected), `${expected} not found in ${urls.join(', ')}`)
    }
    for (const route of routes) {
      await assertAllRefused(route.method, concrete(route.url), `${route.method} ${route.url}`)
      if (route.url.includes(':')) {
        // A path parameter carrying one.
        for (const bad of ['%1B', '%ED%A0%80']) {
          const url = route.url.replace(/:[A-Za-z_]+/, bad)
          assertRefused(await inject(route.method, url), url, `${route.method} ${url} param`)
        }
      }
    }
    // Paths nothing serves answer the same.
    await assertAllRefused('GET', '/api/no/such/call', 'unknown API path')
    await assertAllRefused('POST', '/api/no/such/call', 'unknown API path')
  })

  test('every query-route name refuses them, at its endpoint and method', async () => {
    const calls = s.fastify.queryRegistry.list()
    assert.ok(calls.length >= 40, `only ${calls.length} query routes`)
    for (const call of calls) {
      const endpoint = call.name.startsWith('User.') ? '/user.php' : '/index.php'
      await assertAllRefused(call.method, `${endpoint}?s=${call.name}`, call.name)
      if (call.name.startsWith('App.') && call.method === 'GET') {
        await assertAllRefused('GET', `/?s=${call.name}`, `/ ${call.name}`)
      }
    }
  })

  test('multipart: text fields are checked, file bytes are not; never a 500', async () => {
    const reader = await s.register(newMobile())
    const token = reader.access_token
    const upload = queryPath(commonApi.upload)
    for (const bad of CONTROL_CHARS) {
      const fd = new FormData()
      fd.append('note', `a${bad}b`)
      fd.append('file', new Blob([tinyPng()], { type: 'image/png' }), 'p.png')
      const res: Reply = await s.post(upload, undefined, { token, raw: fd })
      assert.deepEqual([res.status, res.body.ret, res.body.msg], [400, 400, MESSAGE])
      // A field name is text too.
      const named = multipartBody([[`n${bad}`, 'x']], tinyPng())
      const byName = await s.fastify.inject({
        method: 'POST',
        url: upload,
        payload: named.payload,
        headers: { 'content-type': named.contentType, authorization: `Bearer ${token}` },
      })
      assertRefused(byName, upload, `field name ${BAD_NAMES[bad]}`)
    }
    // Multipart has no escapes: a lone surrogate comes as a JSON field's escape and is refused...
    for (const [label, json] of [
      ['JSON field', '{"note":"a\\ud800b"}'],
      ['JSON field key', '{"\\udc00":1}'],
    ]) {
      const body = multipartBody([['meta', json, 'application/json']], tinyPng())
      const res = await s.fastify.inject({
        method: 'POST',
        url: upload,
        payload: body.payload,
        headers: { 'content-type': body.contentType, authorization: `Bearer ${token}` },
      })
      assertRefused(res, upload, `multipart ${label}`)
    }
    // ...while its bytes in a plain field (ED A0 80) are read as U+FFFD, a valid character.
    const raw = multipartBody([['note', Buffer.from([0x61, 0xed, 0xa0, 0x80, 0x62])]], tinyPng())
    const asReplacement = await s.fastify.inject({
      method: 'POST',
      url: upload,
      payload: raw.payload,
      headers: { 'content-type': raw.contentType, authorization: `Bearer ${token}` },
    })
    assert.equal(asReplacement.statusCode, 200, asReplacement.body)
    // Newline and tab in a field, and control bytes inside the file itself, are fine.
    const fd = new FormData()
    fd.append('note', '第一行\n\t第二行')
    const png = Buffer.concat([tinyPng(), Buffer.from([0, 0x1b, 0])])
    fd.append('file', new Blob([png], { type: 'image/png' }), 'p.png')
    const ok = await s.post(upload, undefined, { token, raw: fd })
    assert.equal(ok.body.ret, 200, JSON.stringify(ok.body))

    // A multipart body to any other call never makes a 500 (a separate reader: calls may log out).
    const other = (await s.register(newMobile())).access_token
    const routes = [
      ...registeredRoutes(s.fastify).filter((r) => r.method !== 'GET'),
      ...s.fastify.queryRegistry
        .list()
        .filter((call) => call.method === 'POST')
        .map((call) => ({
          method: 'POST',
          url: `${call.name.startsWith('User.') ? '/user.php' : '/index.php'}?s=${call.name}`,
        })),
    ]
    for (const route of routes) {
      const body = multipartBody([['content', `a${BAD_CHARS[0]}b`]], tinyPng())
      const res = await s.fastify.inject({
        method: route.method as 'POST' | 'DELETE',
        url: concrete(route.url),
        payload: body.payload,
        headers: { 'content-type': body.contentType, authorization: `Bearer ${other}` },
      })
      assert.ok(res.statusCode < 500, `${route.method} ${route.url}: ${res.body}`)
    }
  })

  describe('the calls where a NUL used to answer 500, with their real fields', () => {
    let token: string
    let otherId: number
    let reasonId: number
    let postId: number
    let groupId: number
    let counter = 0
    before(async () => {
      const me = await s.register(newMobile())
      token = me.access_token
      otherId = (await s.register(newMobile())).user.user_id
      const createdAt = new Date(s.clock.now())
      await s.db.insert(friendships).values([
        { userId: me.user.user_id, friendId: otherId, createdAt },
        { userId: otherId, friendId: me.user.user_id, createdAt },
      ])
      const group = await s.post(
        restPath(groupsApi.createGroup),
        { name: '控制字符读书会', userIds: [otherId] },
        { token },
      )
      groupId = group.body.data.groupId
      const reasons = await s.get(restPath(socialApi.complaintReasons))
      reasonId = reasons.body.data[0].id
      const post = await s.post(restPath(feedApi.savePost), { content: '一篇帖子' }, { token })
      postId = post.body.data.id
    })

    interface Named {
      label: string
      method: 'GET' | 'POST'
      /** The URL, with the text in it for GET calls. */
      url: (text: string) => string
      body?: (text: string) => Record<string, unknown>
    }

    const unique = (text: string) => `${text}${++counter}`

    const CALLS: Named[] = [
      {
        label: 'CreateLog',
        method: 'POST',
        url: () => queryPath(accountApi.createLog),
        body: (text) => ({ platform_type: 'h5', device_info: text }),
      },
      {
        label: 'addFeedback',
        method: 'POST',
        url: () => restPath(socialApi.addComplaint),
        body: (text) => ({ targetType: 'user', targetId: otherId, reasonId, content: text }),
      },
      {
        label: 'updateUserInfoApi',
        method: 'POST',
        url: () => restPath(accountApi.updateProfile),
        body: (text) => ({ signature: text }),
      },
      {
        label: 'RefreshUserProfile',
        method: 'POST',
        url: () => queryPath(accountApi.updateProfile),
        body: (text) => ({ signature: text }),
      },
      {
        label: 'savePublicationFrame',
        method: 'POST',
        url: () => restPath(feedApi.savePost),
        body: (text) => ({ content: text }),
      },
      {
        label: 'addPublicationComment',
        method: 'POST',
        url: () => restPath(feedApi.addComment),
        body: (text) => ({ postId, content: text }),
      },
      {
        label: 'saveReadingTestimonialsApp',
        method: 'POST',
        url: () => restPath(booksApi.saveReflection),
        body: (text) => ({ booksId: 1, content: text }),
      },
      {
        // A lone surrogate here answered 500 (issue 29).
        label: 'group announcement',
        method: 'POST',
        url: () => restPath(groupsApi.updateGroup),
        body: (text) => ({ groupId, announcement: text }),
      },
      {
        label: 'book search keyword',
        method: 'GET',
        url: (text) => `${restPath(booksApi.bookList)}?keyword=${percentEncode(text)}`,
      },
      {
        label: 'BookList keyword',
        method: 'GET',
        url: (text) => `${queryPath(booksApi.bookList)}&keyword=${percentEncode(text)}`,
      },
    ]

    const send = (call: Named, text: string, who?: string, form = false) => {
      const url = call.url(text)
      if (call.method === 'GET') return inject('GET', url, { token: who })
      const body = call.body?.(text) ?? {}
      if (!form) return inject('POST', url, { json: body, token: who })
      const encoded = Object.entries(body)
        .map(([key, value]) => `${percentEncode(key)}=${percentEncode(String(value))}`)
        .join('&')
      return inject('POST', url, { form: encoded, token: who })
    }

    test('a reader and a guest get 400 with the message, JSON or form', async () => {
      for (const call of CALLS) {
        for (const bad of BAD_CHARS) {
          const text = `第一段${bad}第二段`
          const label = `${call.label} ${BAD_NAMES[bad]}`
          const url = call.url(text)
          assertRefused(await send(call, text, token), url, `${label} reader`)
          assertRefused(await send(call, text), url, `${label} guest`)
          if (call.method === 'POST') {
            assertRefused(await send(call, text, token, true), url, `${label} reader form`)
          }
        }
      }
      // The nickname too (its own rules come after).
      const nick = await inject('POST', restPath(accountApi.updateProfile), {
        json: { nickname: '书友\u0000' },
        token,
      })
      assertRefused(nick, restPath(accountApi.updateProfile), 'nickname')
    })

    test('the same calls with newline, tab and CRLF in the text succeed', async () => {
      for (const call of CALLS) {
        for (const text of ['第一行\n\t第二行', '第一行\r\n第二行']) {
          const res = await send(call, unique(text), token)
          assert.equal(res.statusCode, 200, `${call.label}: ${res.body}`)
          const body = res.json()
          assert.equal(body.code ?? body.ret, 200, `${call.label}: ${res.body}`)
        }
      }
      const profile = await inject('GET', restPath(socialApi.userDetail), { token })
      assert.match(profile.json().data.signature, /^第一行\r\n第二行\d+$/)
    })
  })
})
