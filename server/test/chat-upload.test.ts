/**
 * Chat uploads: stored and served, usable in messages, refused over 100 MB before storing, counted
 * in the daily chat-file quota, swept a day after upload when no message refers to them.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { chatApi } from '@api/chat'
import { ChatErrors, ChatLimits } from '@rules/chat'
import { eq } from 'drizzle-orm'
import { chatFiles } from '../src/db/schema'
import { QUOTA_TEXT } from '../src/modules/common/uploadQuota'
import { sweepUnreferencedUploads } from '../src/modules/common/uploadSweep'
import { DiskStorage } from '../src/services/storage'
import { ChatClient, FrameError } from './chatClient'
import { client, reader } from './chatHelpers'
import { DAY, HOUR, restPath, startServer, tinyPng, type TestServer } from './helpers'

const UPLOAD = restPath(chatApi.upload)

let s: TestServer
before(async () => {
  s = await startServer()
})
after(() => s.close())

function form(data: Buffer, name: string, type: string): FormData {
  const fd = new FormData()
  fd.append('file', new Blob([data], { type }), name)
  return fd
}

const storedFiles = (): string[] => {
  const dir = path.join(s.dir, 'uploads')
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.startsWith('chat-')) : []
}

/**
 * POSTs a multipart body of `size` zero bytes as a stream (chunked, no length declared), so the
 * server sees the size only as it reads. Answers the reply as soon as there is one.
 */
function streamUpload(
  token: string,
  size: number,
  declareLength = false,
): Promise<{ status: number; body: { code: number; msg: string } }> {
  const boundary = 'chatuploadboundary'
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mp4"\r\n` +
      'Content-Type: video/mp4\r\n\r\n',
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const url = new URL(UPLOAD, s.base)
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    }
    if (declareLength) headers['content-length'] = head.length + size + tail.length
    const req = http.request(url, { method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        req.destroy()
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) })
      })
    })
    req.on('error', (err) => {
      if (!answered) reject(err)
    })
    let answered = false
    req.on('response', () => {
      answered = true
    })
    const chunk = Buffer.alloc(1024 * 1024)
    let left = size
    req.write(head)
    const pump = () => {
      while (left > 0 && !answered) {
        const piece = left >= chunk.length ? chunk : chunk.subarray(0, left)
        left -= piece.length
        if (!req.write(piece)) return void req.once('drain', pump)
      }
      if (!answered) req.end(tail)
    }
    pump()
  })
}

describe('chat upload', () => {
  test('stores a file, serves it and a message may carry it; foreign URLs are 7004', async () => {
    const a = await reader(s)
    const b = await reader(s)
    const pdf = Buffer.from('%PDF-1.4 a small document')
    const res = await s.post(UPLOAD, undefined, {
      token: a.token,
      raw: form(pdf, '读书笔记.pdf', 'application/pdf'),
    })
    assert.equal(res.body.code, 200, JSON.stringify(res.body))
    assert.match(res.body.data.url, /^\/uploads\/chat\/[a-f0-9]{32}\.pdf$/)
    assert.equal(res.body.data.size, pdf.length)
    assert.equal(res.body.data.name, '读书笔记.pdf')
    const file = await fetch(s.base + res.body.data.url)
    assert.equal(file.status, 200)
    assert.equal(file.headers.get('content-type'), 'application/pdf')
    assert.deepEqual(Buffer.from(await file.arrayBuffer()), pdf)

    const c = await client(s, a)
    const sent = await c.send({
      ID: ChatClient.messageId(a.userID),
      conversationID: a.with(b),
      type: 'TIMFileElem',
      payload: {
        fileName: '读书笔记.pdf',
        fileSize: pdf.length,
        fileUrl: `http://cdn.example${res.body.data.url}`,
      },
    })
    assert.equal(sent.type, 'TIMFileElem')

    const png = await s.post(UPLOAD, undefined, {
      token: a.token,
      raw: form(tinyPng(), 'p.png', 'image/png'),
    })
    const image = {
      ID: ChatClient.messageId(a.userID),
      conversationID: a.with(b),
      type: 'TIMImageElem' as const,
      payload: {
        imageFormat: 'png',
        imageInfoArray: [{ type: 0, url: png.body.data.url, width: 1, height: 1, size: 67 }],
      },
    }
    await c.send(image)
    for (const url of ['/uploads/chat/0123456789abcdef0123456789abcdef.png', '/etc/passwd']) {
      const bad = { ...image, ID: ChatClient.messageId(a.userID) }
      bad.payload = {
        ...image.payload,
        imageInfoArray: [{ ...image.payload.imageInfoArray[0], url }],
      }
      await assert.rejects(c.send(bad), (err: FrameError) => err.code === ChatErrors.noFile.code)
    }
    const tiff = {
      ...image,
      ID: ChatClient.messageId(a.userID),
      payload: { ...image.payload, imageFormat: 'tiff' },
    }
    await assert.rejects(c.send(tiff), (err: FrameError) => err.code === ChatErrors.badImage.code)
    c.close()
  })

  test('chat files are served with byte ranges (players seek; Safari needs them)', async () => {
    const a = await reader(s)
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251))
    const res = await s.post(UPLOAD, undefined, {
      token: a.token,
      raw: form(bytes, 'clip.mp4', 'video/mp4'),
    })
    const url = s.base + res.body.data.url
    const whole = await fetch(url)
    assert.equal(whole.headers.get('accept-ranges'), 'bytes')
    assert.equal(whole.headers.get('content-length'), '1000')
    const part = await fetch(url, { headers: { range: 'bytes=10-19' } })
    assert.equal(part.status, 206)
    assert.equal(part.headers.get('content-range'), 'bytes 10-19/1000')
    assert.deepEqual(Buffer.from(await part.arrayBuffer()), bytes.subarray(10, 20))
    const open = await fetch(url, { headers: { range: 'bytes=990-' } })
    assert.deepEqual(Buffer.from(await open.arrayBuffer()), bytes.subarray(990))
    const suffix = await fetch(url, { headers: { range: 'bytes=-5' } })
    assert.equal(suffix.headers.get('content-range'), 'bytes 995-999/1000')
    const past = await fetch(url, { headers: { range: 'bytes=5000-' } })
    assert.equal(past.status, 416)
    assert.equal(past.headers.get('content-range'), 'bytes */1000')
  })

  test('a file over 100 MB is refused with 7005 and nothing is stored', async () => {
    const a = await reader(s)
    const before = storedFiles()
    const rowsBefore = (await s.db.select().from(chatFiles)).length
    const streamed = await streamUpload(a.token, ChatLimits.fileMaxBytes + 1)
    assert.deepEqual(
      [streamed.body.code, streamed.body.msg],
      [ChatErrors.fileTooBig.code, ChatErrors.fileTooBig.text],
    )
    const declared = await streamUpload(a.token, ChatLimits.fileMaxBytes + 1, true)
    assert.equal(declared.body.code, ChatErrors.fileTooBig.code)
    // Nothing new on disk (no partial file either) and no row.
    await new Promise((resolve) => setTimeout(resolve, 200))
    assert.deepEqual(storedFiles(), before)
    assert.equal((await s.db.select().from(chatFiles)).length, rowsBefore)
    // The server still answers.
    const ok = await s.post(UPLOAD, undefined, {
      token: a.token,
      raw: form(Buffer.from('hi'), 'a.txt', 'text/plain'),
    })
    assert.equal(ok.body.code, 200)
    const served = await fetch(s.base + ok.body.data.url)
    assert.equal(served.headers.get('content-type'), 'application/octet-stream')
    assert.equal(served.headers.get('content-disposition'), 'attachment')
  })

  test('guests cannot upload', async () => {
    const res = await s.post(UPLOAD, undefined, {
      raw: form(Buffer.from('x'), 'a.txt', 'text/plain'),
    })
    assert.equal(res.status, 401)
  })
})

describe('chat files: the daily quota and the sweep', () => {
  test("uploads beyond the day's bytes or files are refused with the quota's text", async () => {
    const q = await startServer(
      { CHAT_UPLOAD_DAILY_MAX_FILES: '3', CHAT_UPLOAD_DAILY_MAX_BYTES: '1000' },
      s,
    )
    try {
      const a = await reader(q)
      const upload = (size: number) =>
        q.post(UPLOAD, undefined, {
          token: a.token,
          raw: form(Buffer.alloc(size, 1), 'a.bin', 'application/octet-stream'),
        })
      const rows = async () =>
        (await q.db.select().from(chatFiles).where(eq(chatFiles.userId, a.id))).length
      assert.equal((await upload(400)).body.code, 200)
      assert.equal((await upload(400)).body.code, 200)
      // 800 of 1000 bytes used: 400 more are over the day's bytes.
      const overBytes = await upload(400)
      assert.deepEqual([overBytes.status, overBytes.body.msg], [429, QUOTA_TEXT])
      assert.equal((await upload(100)).body.code, 200)
      // Three files of three: even one byte more is over the day's files.
      const overFiles = await upload(1)
      assert.deepEqual([overFiles.status, overFiles.body.msg], [429, QUOTA_TEXT])
      assert.equal(await rows(), 3)
    } finally {
      await q.close()
    }
  })

  test('a chat file no message refers to is swept after a day; one a message carries stays', async () => {
    const a = await reader(s)
    const b = await reader(s)
    const up = async () =>
      (
        await s.post(UPLOAD, undefined, {
          token: a.token,
          raw: form(Buffer.from('一份笔记'), 'note.txt', 'text/plain'),
        })
      ).body.data.url as string
    const used = await up()
    const orphan = await up()
    const c = await client(s, a)
    await c.send({
      ID: ChatClient.messageId(a.userID),
      conversationID: a.with(b),
      type: 'TIMFileElem',
      payload: { fileName: 'note.txt', fileSize: 12, fileUrl: `https://cdn.example${used}` },
    })
    c.close()
    const storage = new DiskStorage(path.join(s.dir, 'uploads'))
    const sweep = () => sweepUnreferencedUploads({ db: s.db, clock: s.clock, storage })
    const status = async (url: string) => (await fetch(s.base + url)).status
    await sweep()
    assert.equal(await status(orphan), 200, 'not a day old yet')
    s.clock.advance(DAY + HOUR)
    assert.ok((await sweep()) >= 1)
    assert.equal(await status(orphan), 404)
    assert.equal(await status(used), 200)
    const names = (await s.db.select({ name: chatFiles.name }).from(chatFiles)).map((r) => r.name)
    assert.ok(!names.includes(orphan.slice('/uploads/chat/'.length)))
    assert.ok(names.includes(used.slice('/uploads/chat/'.length)))
  })
})
