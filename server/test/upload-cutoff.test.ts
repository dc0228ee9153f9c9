// An upload whose client goes away mid-file (a phone losing its network), or whose body ends
// without its closing boundary, ends on the server: the partial file is removed, the request
// finishes and the process goes on. Partial files left by a past run go at start and by the sweep.
import assert from 'node:assert/strict'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { documentsApi } from '@api/documents'
import { videoApi } from '@api/video'
import { documentCategories, videoChannels } from '../src/db/schema'
import { sweepUnreferencedUploads } from '../src/modules/common/uploadSweep'
import { DiskStorage } from '../src/services/storage'
import { HOUR, newMobile, queryPath, startServer, type TestServer } from './helpers'
import { multipart, MULTIPART_TYPE, type MultipartParts } from './multipart'
import { eventually, partials, rawUpload } from './rawUpload'

/** The file bytes sent after the fields and the file's first bytes, before the connection drops. */
const FILE_BYTES = 2 << 20

/** Sends the fields, the file's first bytes and FILE_BYTES more, then drops the connection. */
function cutOffUpload(
  s: TestServer,
  url: string,
  token: string,
  parts: MultipartParts,
): Promise<void> {
  return new Promise((resolve) => {
    const req = http.request(new URL(url, s.base), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': MULTIPART_TYPE,
      },
    })
    req.on('error', () => undefined)
    req.write(Buffer.concat([parts.head, parts.file]))
    const chunk = Buffer.alloc(64 * 1024, 1)
    let left = FILE_BYTES
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
  let categoryId: number
  const waitForNoPartials = async () => {
    await eventually(() => partials(s.dir).length === 0, 5000)
    return partials(s.dir)
  }

  before(async () => {
    s = await startServer()
    token = (await s.register(newMobile())).access_token
    const [channel] = await s.db.select().from(videoChannels).limit(1)
    channelId = channel.id
    const [category] = await s.db
      .insert(documentCategories)
      .values({ name: '断线测试', sort: 990 })
      .returning({ id: documentCategories.id })
    categoryId = category.id
  })
  after(() => s.close())

  test('a video: the partial file is removed and the server goes on', async () => {
    const ftyp = Buffer.alloc(24)
    ftyp.writeUInt32BE(24, 0)
    ftyp.write('ftypisom', 4, 'latin1')
    const parts = multipart({ title: '断线', channelId: String(channelId) }, ftyp)
    await cutOffUpload(s, queryPath(videoApi.upload), token, parts)
    assert.deepEqual(await waitForNoPartials(), [])
    const res = await s.get(queryPath(videoApi.myVideoList), { token })
    assert.equal(res.body.ret, 200)
    assert.equal(res.body.data.total, 0)
  })

  test('a document: the partial file is removed too', async () => {
    const pdf = Buffer.from('%PDF-1.4\n')
    const parts = multipart({ title: '断线文档', categoryId: String(categoryId) }, pdf)
    await cutOffUpload(s, queryPath(documentsApi.upload), token, parts)
    assert.deepEqual(await waitForNoPartials(), [])
  })

  test('a document whose body reaches its length without the closing boundary: 400, server up', async () => {
    // This killed the process: the page counter failed while the storage made its folder.
    const url = queryPath(documentsApi.upload)
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200_000, 0x20)])
    const body = multipart({ title: '截断', categoryId: String(categoryId) }, pdf).whole
    for (let i = 0; i < 6; i++) {
      const cut = body.subarray(0, body.length - 40 - i * 1000)
      const out = await rawUpload(s.base, url, { token, body: cut })
      assert.equal(out.status, 400, out.body)
    }
    assert.deepEqual(await waitForNoPartials(), [])
    assert.equal((await s.get(queryPath(videoApi.myVideoList), { token })).body.ret, 200)
  })
})

describe('partial files of uploads that never ended', () => {
  test('go at start when older than the longest body limit, and by the sweep after an hour', async () => {
    const s = await startServer()
    try {
      const dir = path.join(s.dir, 'left')
      fs.mkdirSync(dir)
      // The house documents are installed at start too: only ours are looked at.
      const ours = () =>
        fs
          .readdirSync(dir)
          .filter((name) => !name.startsWith('seed-'))
          .sort()
      const write = (name: string, ageMs: number) => {
        fs.writeFileSync(path.join(dir, name), 'x')
        const at = new Date(Date.now() - ageMs)
        fs.utimesSync(path.join(dir, name), at, at)
      }
      write('old.png.part', 2 * HOUR)
      write('young.png.part', 0)
      write('kept.png', 2 * HOUR)
      // Another app on this folder (a restart): the old partial file is gone once it is ready.
      const restarted = await startServer({ UPLOAD_DIR: dir }, s)
      await restarted.close()
      assert.deepEqual(ours(), ['kept.png', 'young.png.part'])
      const storage = new DiskStorage(dir)
      const sweep = () => sweepUnreferencedUploads({ db: s.db, clock: s.clock, storage })
      assert.equal(await sweep(), 0)
      s.clock.advance(2 * HOUR)
      assert.equal(await sweep(), 1)
      assert.deepEqual(ours(), ['kept.png'])
    } finally {
      await s.close()
    }
  })
})
