/**
 * A body over the limit (1 MB) answers 413 with the envelope, and a client that writes its whole
 * body before it reads gets that answer rather than a reset connection.
 */
import assert from 'node:assert/strict'
import http from 'node:http'
import net from 'node:net'
import { after, before, describe, test } from 'node:test'
import { setImmediate as tick } from 'node:timers/promises'
import { booksApi } from '@api/books'
import { feedApi } from '@api/feed'
import { queryPath, restPath, startServer, type TestServer } from './helpers'

const TOO_LARGE = '请求内容过大'
const CHUNK = 64 * 1024

const twoMegabytes = (type: 'json' | 'form'): Buffer => {
  const text = 'x'.repeat(2 * 1024 * 1024)
  return Buffer.from(type === 'json' ? JSON.stringify({ content: text }) : `content=${text}`)
}

const contentType = (type: 'json' | 'form') =>
  type === 'json' ? 'application/json' : 'application/x-www-form-urlencoded'

interface Answer {
  status: number
  body: Record<string, unknown>
}

function parseAnswer(raw: string): Answer {
  const [head, body] = raw.split('\r\n\r\n')
  return { status: Number(head.split(' ')[1]), body: JSON.parse(body) }
}

/**
 * A plain socket that writes the request in 64 KB steps, each after the last was taken, and only
 * then reads the answer: the server answers after the first steps, while the rest is still coming.
 */
function writeThenRead(base: string, path: string, body: Buffer, type: 'json' | 'form') {
  const { port } = new URL(base)
  return new Promise<Answer>((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1')
    socket.pause()
    socket.on('error', reject)
    const write = (data: Buffer | string) =>
      new Promise<void>((done, fail) => socket.write(data, (err) => (err ? fail(err) : done())))
    void (async () => {
      await write(
        `POST ${path} HTTP/1.1\r\nHost: test\r\nContent-Type: ${contentType(type)}\r\n` +
          `Content-Length: ${body.length}\r\n\r\n`,
      )
      for (let at = 0; at < body.length; at += CHUNK) {
        await write(body.subarray(at, at + CHUNK))
        await tick()
      }
      const chunks: Buffer[] = []
      socket.on('data', (chunk: Buffer) => chunks.push(chunk))
      socket.on('end', () => resolve(parseAnswer(Buffer.concat(chunks).toString())))
      socket.resume()
    })().catch(reject)
  })
}

/** Node's http client, chunked (no length), writing at its own pace with the answer awaited. */
function nodeHttp(base: string, path: string, body: Buffer, type: 'json' | 'form') {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(base + path, {
      method: 'POST',
      headers: { 'content-type': contentType(type) },
    })
    let answer: Answer | undefined
    let written = false
    const settle = () => {
      if (answer && written) resolve(answer)
    }
    req.on('error', reject)
    req.on('response', (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        answer = { status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }
        settle()
      })
    })
    void (async () => {
      for (let at = 0; at < body.length; at += CHUNK) {
        if (!req.write(body.subarray(at, at + CHUNK))) {
          await new Promise((drained) => req.once('drain', drained))
        }
        await tick()
      }
      req.end(() => {
        written = true
        settle()
      })
    })().catch(reject)
  })
}

describe('a 2 MB body', () => {
  let s: TestServer
  before(async () => {
    s = await startServer()
  })
  after(() => s.close())

  const paths = () => [
    { path: queryPath(feedApi.savePost), field: 'ret' },
    { path: restPath(feedApi.savePost), field: 'code' },
    { path: queryPath(booksApi.bookList), field: 'ret' },
  ]

  for (const type of ['json', 'form'] as const) {
    test(`${type}: a client writing all before reading gets the 413 envelope`, async () => {
      for (const { path, field } of paths()) {
        const res = await writeThenRead(s.base, path, twoMegabytes(type), type)
        assert.equal(res.status, 413, path)
        assert.deepEqual([res.body[field], res.body.msg], [413, TOO_LARGE], path)
      }
    })

    test(`${type}: node's http client, chunked, gets it without an error`, async () => {
      for (const { path, field } of paths()) {
        const res = await nodeHttp(s.base, path, twoMegabytes(type), type)
        assert.equal(res.status, 413, path)
        assert.deepEqual([res.body[field], res.body.msg], [413, TOO_LARGE], path)
      }
    })
  }

  test('the server still answers after them', async () => {
    const res = await s.get(queryPath(booksApi.bookList))
    assert.equal(res.body.ret, 200)
  })
})
