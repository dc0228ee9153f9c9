// A file's name is input like any other (issue 29): a control character or a lone surrogate in it
// is refused with 400 on every upload route (a NUL answered 500, an ESC was stored), and a long
// chat file name is cut at a character, never inside one.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { chatApi } from '@api/chat'
import { commonApi } from '@api/common'
import { documentsApi } from '@api/documents'
import { videoApi } from '@api/video'
import { CONTROL_CHARS_TEXT, hasControlChars } from '@rules/validate'
import { newMobile, queryPath, restPath, startServer, tinyPng, type TestServer } from './helpers'
import { BOUNDARY, MULTIPART_TYPE } from './multipart'

let s: TestServer
let token: string

before(async () => {
  s = await startServer()
  token = (await s.register(newMobile())).access_token
})
after(() => s.close())

/** A multipart body whose file part carries `disposition` (name and filename parameters) as is. */
function withDisposition(disposition: string, file: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; ${disposition}\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
      'utf8',
    ),
    file,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ])
}

const routes = [
  ['image', queryPath(commonApi.upload)],
  ['document', queryPath(documentsApi.upload)],
  ['video', queryPath(videoApi.upload)],
  ['chat file', restPath(chatApi.upload)],
] as const

const badNames = [
  `name="file"; filename*=UTF-8''a%00b.txt`,
  'name="file"; filename="a\u0000b.txt"',
  'name="file"; filename="a\u001bb.txt"',
  `name="file"; filename*=UTF-8''a%1Bb.txt`,
]

describe('upload file names', () => {
  test('a control character in a file name is refused with 400 on every upload route', async () => {
    for (const [route, url] of routes) {
      for (const disposition of badNames) {
        const res = await s.post(url, undefined, {
          token,
          raw: withDisposition(disposition, tinyPng()),
          contentType: MULTIPART_TYPE,
        })
        const what = `${route} ${JSON.stringify(disposition)}`
        assert.equal(res.status, 400, `${what}: ${JSON.stringify(res.body)}`)
        assert.equal(res.body.msg, CONTROL_CHARS_TEXT, what)
      }
    }
  })

  test('a long chat file name is cut at a character boundary', async () => {
    const long = `${'a'.repeat(254)}😀${'b'.repeat(20)}.txt`
    const res = await s.post(restPath(chatApi.upload), undefined, {
      token,
      raw: withDisposition(`name="file"; filename="${long}"`, Buffer.from('hello')),
      contentType: MULTIPART_TYPE,
    })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    const name = res.body.data.name as string
    assert.equal(name, `${'a'.repeat(254)}😀`)
    assert.equal(hasControlChars(name), false)
  })
})
