// An upload whose client goes away mid-file (a phone losing its network) ends on the server: the
// partial file is removed and the request finishes, for videos and documents alike.
import assert from 'node:assert/strict'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { documentsApi } from '@api/documents'
import { videoApi } from '@api/video'
import { videoChannels } from '../src/db/schema'
import { newMobile, queryPath, startServer, type TestServer } from './helpers'

const BOUNDARY = 'cutoffboundary'

/** Sends the fields and `bytes` of the file, then drops the connection without finishing. */
function cutOffUpload(
  s: TestServer,
  url: string,
  token: string,
  fields: Record<string, string>,
  fileHead: Buffer,
  bytes: number,
): Promise<void> {
  const head = Buffer.from(
    Object.entries(fields)
      .map(
        ([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
      )
      .join('') +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="f.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  )
  return new Promise((resolve) => {
    const req = http.request(new URL(url, s.base), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      },
    })
    req.on('error', () => undefined)
    req.write(Buffer.concat([head, fileHead]))
    const chunk = Buffer.alloc(64 * 1024, 1)
    let left = bytes
    const more = () => {
      while (left > 0) {
        left -= chunk.length
        if (!req.write(chunk)) return void req.once('drain', more)
      }
      // Long enough for the server to have the bytes on disk, then the network goes.
      setTimeout(() => {
        req.destroy()
        resolve()
      }, 300)
    }
    more()
  })
}

describe('an upload cut off mid-file', () => {
  let s: TestServer
  let token: string
  let channelId: number
  const partials = () => {
    const dir = path.join(s.dir, 'uploads')
    return fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n.endsWith('.part')) : []
  }
  const waitForNoPartials = async () => {
    for (let i = 0; i < 50 && partials().length > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    return partials()
  }

  before(async () => {
    s = await startServer()
    token = (await s.register(newMobile())).access_token
    const [channel] = await s.db.select().from(videoChannels).limit(1)
    channelId = channel.id
  })
  after(() => s.close())

  test('a video: the partial file is removed and the server goes on', async () => {
    const ftyp = Buffer.alloc(24)
    ftyp.writeUInt32BE(24, 0)
    ftyp.write('ftypisom', 4, 'latin1')
    const url = queryPath(videoApi.upload)
    await cutOffUpload(
      s,
      url,
      token,
      { title: '断线', channelId: String(channelId) },
      ftyp,
      2 << 20,
    )
    assert.deepEqual(await waitForNoPartials(), [])
    const res = await s.get(queryPath(videoApi.myVideoList), { token })
    assert.equal(res.body.ret, 200)
    assert.equal(res.body.data.total, 0)
  })

  test('a document: the partial file is removed too', async () => {
    const url = queryPath(documentsApi.upload)
    const pdf = Buffer.from('%PDF-1.4\n')
    await cutOffUpload(s, url, token, { title: '断线文档', categoryId: '1' }, pdf, 2 << 20)
    assert.deepEqual(await waitForNoPartials(), [])
  })
})
