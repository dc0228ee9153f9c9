// Bodies that never finish (issue 29): a request that is not an upload has REQUEST_BODY_MS for its
// body, then 408 in the envelope (or, for a body nobody reads, a closed connection); nothing stays
// open. Uploads keep their own limits, and a reader has at most Limits.uploadsAtOnce at once.
import assert from 'node:assert/strict'
import net from 'node:net'
import { after, before, describe, test } from 'node:test'
import { accountApi } from '@api/account'
import { chatApi } from '@api/chat'
import { commonApi } from '@api/common'
import { Limits } from '@rules/limits'
import { REQUEST_TIMEOUT_TEXT } from '../src/http/requestBody'
import { UPLOADS_AT_ONCE_TEXT } from '../src/http/uploadSlots'
import { newMobile, queryPath, restPath, startServer, tinyPng, type TestServer } from './helpers'
import { MULTIPART_TYPE, multipart } from './multipart'
import { eventually, openFds, partials, rawUpload } from './rawUpload'

const BODY_MS = 300
/** Time for the server to notice and answer, on a busy machine. */
const SLACK_MS = 1500

interface Outcome {
  /** The HTTP status, or 0 when the connection closed without an answer. */
  status: number
  body: string
  /** When the connection closed (-1: still open after waitMs). */
  closedMs: number
}

/** Sends the head and `first`, then `rest` after `restAfterMs` (if given); waits for the close. */
function rawRequest(
  s: TestServer,
  opts: {
    url: string
    type: string
    length: number
    first: Buffer
    rest?: Buffer
    restAfterMs?: number
    token?: string
    waitMs?: number
  },
): Promise<Outcome> {
  const { hostname, port } = new URL(s.base)
  const started = Date.now()
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname)
    const chunks: Buffer[] = []
    let done = false
    const finish = (closedMs: number) => {
      if (done) return
      done = true
      clearTimeout(giveUp)
      socket.destroy()
      const text = Buffer.concat(chunks).toString('utf8')
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)
      resolve({ status, body: text.split('\r\n\r\n').slice(1).join('\r\n\r\n'), closedMs })
    }
    const giveUp = setTimeout(() => finish(-1), opts.waitMs ?? BODY_MS + 4 * SLACK_MS)
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', () => finish(Date.now() - started))
    socket.on('close', () => finish(Date.now() - started))
    const auth = opts.token ? `Authorization: Bearer ${opts.token}\r\n` : ''
    socket.write(
      `POST ${opts.url} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n${auth}` +
        `Content-Type: ${opts.type}\r\nContent-Length: ${opts.length}\r\n\r\n`,
    )
    socket.write(opts.first)
    const rest = opts.rest
    if (rest) setTimeout(() => !done && socket.write(rest), opts.restAfterMs ?? 0)
  })
}

let s: TestServer
let token: string

before(async () => {
  s = await startServer({
    REQUEST_BODY_MS: String(BODY_MS),
    UPLOAD_IMAGE_BODY_MS: '20000',
    UPLOAD_CHAT_BODY_MS: '20000',
    UPLOAD_STALL_MS: '10000',
  })
  token = (await s.register(newMobile())).access_token
})
after(() => s.close())

describe('request bodies', () => {
  test('a JSON or form body that never finishes answers 408 and the connection closes', async () => {
    const fds = openFds()
    const json = rawRequest(s, {
      url: restPath(accountApi.loginByPhone),
      type: 'application/json',
      length: 1000,
      first: Buffer.from('{"pho'),
    })
    const form = rawRequest(s, {
      url: queryPath(accountApi.register),
      type: 'application/x-www-form-urlencoded',
      length: 1000,
      first: Buffer.from('mobil'),
    })
    for (const [name, out] of [
      ['json', await json],
      ['form', await form],
    ] as const) {
      assert.equal(out.status, 408, `${name}: ${out.status} ${out.body}`)
      const envelope = JSON.parse(out.body) as { code?: number; ret?: number; msg: string }
      assert.equal(envelope.code ?? envelope.ret, 408, name)
      assert.equal(envelope.msg, REQUEST_TIMEOUT_TEXT, name)
      assert.ok(
        out.closedMs >= BODY_MS && out.closedMs < BODY_MS + SLACK_MS,
        `${name}: ${out.closedMs}`,
      )
    }
    assert.ok(await eventually(() => openFds() <= fds + 8), `${openFds()} open, ${fds} before`)
  })

  test('a body nobody reads ends with its connection', async () => {
    // Multipart to a call that is not an upload (answered at once), and a type nobody parses.
    const outcomes = await Promise.all([
      rawRequest(s, {
        url: restPath(accountApi.loginByPhone),
        type: MULTIPART_TYPE,
        length: 1000,
        first: Buffer.from('--raw'),
      }),
      rawRequest(s, {
        url: restPath(accountApi.loginByPhone),
        type: 'text/plain',
        length: 1000,
        first: Buffer.from('hello'),
      }),
    ])
    for (const out of outcomes) {
      assert.ok(out.closedMs >= 0 && out.closedMs < BODY_MS + SLACK_MS, JSON.stringify(out))
    }
  })

  test('a slow body that finishes in time is answered as before', async () => {
    const body = Buffer.from(JSON.stringify({ phone: '13800000000', password: 'demo1234' }))
    const out = await rawRequest(s, {
      url: restPath(accountApi.loginByPhone),
      type: 'application/json',
      length: body.length,
      first: body.subarray(0, 5),
      rest: body.subarray(5),
      restAfterMs: BODY_MS / 3,
      waitMs: 1000,
    })
    assert.equal(out.status, 200, out.body)
    assert.equal((JSON.parse(out.body) as { code: number }).code, 200)
  })

  test('uploads keep their own time limits', async () => {
    const parts = multipart({}, tinyPng(), 'p.png', 'image/png')
    const out = await rawRequest(s, {
      url: queryPath(commonApi.upload),
      type: MULTIPART_TYPE,
      length: parts.whole.length,
      first: parts.whole.subarray(0, 40),
      rest: parts.whole.subarray(40),
      restAfterMs: BODY_MS * 3,
      token,
      waitMs: BODY_MS * 3 + SLACK_MS,
    })
    assert.equal(out.status, 200, out.body)
  })
})

describe('uploads at once', () => {
  test(`a reader has at most Limits.uploadsAtOnce uploads running, over all routes`, async () => {
    const mine = (await s.register(newMobile())).access_token
    const chat = multipart({}, Buffer.alloc(4096, 0x61), 'a.txt')
    const image = multipart({}, tinyPng(), 'p.png', 'image/png')
    // Uploads that stall mid-file, then drop their connection.
    const stalled = Array.from({ length: Limits.uploadsAtOnce }, (_, i) => {
      const parts = i % 2 ? image : chat
      const url = i % 2 ? queryPath(commonApi.upload) : restPath(chatApi.upload)
      return rawUpload(s.base, url, {
        token: mine,
        body: parts.whole.subarray(0, parts.head.length + 10),
        contentLength: parts.whole.length,
        dropAfterMs: 1500,
      })
    })
    await new Promise((resolve) => setTimeout(resolve, 500))
    const refused = await s.post(queryPath(commonApi.upload), undefined, {
      token: mine,
      raw: image.whole,
      contentType: MULTIPART_TYPE,
    })
    assert.equal(refused.status, 429, JSON.stringify(refused.body))
    assert.equal(refused.body.msg, UPLOADS_AT_ONCE_TEXT)
    // Someone else uploads meanwhile.
    const other = await s.post(queryPath(commonApi.upload), undefined, {
      token,
      raw: image.whole,
      contentType: MULTIPART_TYPE,
    })
    assert.equal(other.status, 200, JSON.stringify(other.body))
    await Promise.all(stalled)
    assert.ok(await eventually(() => partials(s.dir).length === 0), `${partials(s.dir)}`)
    // The slots are given back when the uploads end.
    const again = await s.post(restPath(chatApi.upload), undefined, {
      token: mine,
      raw: chat.whole,
      contentType: MULTIPART_TYPE,
    })
    assert.equal(again.status, 200, JSON.stringify(again.body))
  })
})
