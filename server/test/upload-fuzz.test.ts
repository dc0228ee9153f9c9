// Every upload route (image, document, video, chat file) under broken multipart bodies: cut at
// many points (the body's length reached without the closing boundary), the connection dropped at
// many points, the body stalled at many points, and never-ending bodies. The process stays up,
// every request ends within the time limits, no partial file is left and the descriptors return.
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { chatApi } from '@api/chat'
import { commonApi } from '@api/common'
import { documentsApi } from '@api/documents'
import { videoApi } from '@api/video'
import { UPLOAD_TIMEOUT_TEXT } from '../src/http/uploadBody'
import { documentCategories, videoChannels } from '../src/db/schema'
import { newMobile, queryPath, restPath, startServer, tinyPng, type TestServer } from './helpers'
import { BOUNDARY, multipart, type MultipartParts } from './multipart'
import {
  eventually,
  openFds,
  partials,
  rawUpload,
  type RawOptions,
  type RawOutcome,
} from './rawUpload'
import { pdfOf } from './fixtures/pdf'

const BODY_MS = 2000
const STALL_MS = 400
/** Time for the server to notice and answer, on a busy machine. */
const SLACK_MS = 1500
/** Descriptors that come and go on their own (the database, timers' handles). */
const FD_NOISE = 8

/** A one-page PDF the document sniffer accepts. */
function tinyPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
  ]
  return pdfOf(objects)
}

/** Where to cut a body: in the fields and file headers, in the file, around the closing boundary. */
function cutPoints(parts: MultipartParts): number[] {
  const h = parts.head.length
  const f = parts.file.length
  const w = parts.whole.length
  const points = [1, 20, Math.floor(h / 2), h - 3, h, h + 5, h + Math.floor(f / 2), h + f - 1]
  return [...points, h + f, h + f + 4, w - 3, w - 1]
}

/** Cut at or after this point, the file part is whole (its closing delimiter has come): it may be kept. */
const fileWholeAt = (parts: MultipartParts): number =>
  parts.head.length + parts.file.length + `\r\n--${BOUNDARY}`.length

interface Route {
  name: string
  url: string
  parts: MultipartParts
}

let s: TestServer
let token: string
let routes: Route[]

before(async () => {
  s = await startServer({
    UPLOAD_IMAGE_BODY_MS: String(BODY_MS),
    UPLOAD_DOCUMENT_BODY_MS: String(BODY_MS),
    UPLOAD_VIDEO_BODY_MS: String(BODY_MS),
    UPLOAD_CHAT_BODY_MS: String(BODY_MS),
    UPLOAD_STALL_MS: String(STALL_MS),
    // Many broken uploads of one reader at once (the cap has its own test: request-body).
    UPLOADS_AT_ONCE: '1000',
  })
  token = (await s.register(newMobile())).access_token
  const [category] = await s.db
    .insert(documentCategories)
    .values({ name: '碎片测试', sort: 990 })
    .returning({ id: documentCategories.id })
  const [channel] = await s.db.select().from(videoChannels).limit(1)
  const video = fs.readFileSync(path.join(__dirname, 'fixtures', 'video-5s.mp4'))
  routes = [
    {
      name: 'image',
      url: queryPath(commonApi.upload),
      parts: multipart({}, tinyPng(), 'p.png', 'image/png'),
    },
    {
      name: 'document',
      url: queryPath(documentsApi.upload),
      parts: multipart({ title: '碎片', categoryId: String(category.id) }, tinyPdf(), 'a.pdf'),
    },
    {
      name: 'video',
      url: queryPath(videoApi.upload),
      parts: multipart({ title: '碎片', channelId: String(channel.id) }, video, 'v.mp4'),
    },
    {
      name: 'chat file',
      url: restPath(chatApi.upload),
      parts: multipart({}, Buffer.from('聊天文件的内容'.repeat(40)), 'note.txt'),
    },
  ]
})
after(() => s.close())

/** After a burst: the server answers a whole upload, no partial file is left, descriptors return. */
async function stillWell(route: Route, fdsBefore: number): Promise<void> {
  const whole = await rawUpload(s.base, route.url, { token, body: route.parts.whole })
  assert.equal(whole.status, 200, `${route.name}: ${whole.body}`)
  assert.ok(await eventually(() => partials(s.dir).length === 0), `${partials(s.dir)}`)
  assert.ok(
    await eventually(() => openFds() <= fdsBefore + FD_NOISE),
    `${route.name}: ${openFds()} descriptors open, ${fdsBefore} before`,
  )
}

function endedInTime(route: Route, outcomes: RawOutcome[], limitMs: number): void {
  for (const [i, out] of outcomes.entries()) {
    assert.notEqual(out.status, -1, `${route.name} #${i}: no answer and still open`)
    assert.ok(out.ms < limitMs, `${route.name} #${i}: ended after ${out.ms} ms`)
  }
}

/** Each route in turn: `burst` against it, then the route must still be well. */
async function onEveryRoute(burst: (route: Route) => Promise<void>): Promise<void> {
  for (const route of routes) {
    const fds = openFds()
    await burst(route)
    await stillWell(route, fds)
  }
}

/**
 * The route's body cut at every point, sent all at once, once with each of `variants`; every
 * upload must end within `limitMs`. Answers each outcome with the point it was cut at.
 */
async function sendCuts(
  route: Route,
  limitMs: number,
  variants: Array<Omit<Partial<RawOptions>, 'token' | 'body'>>,
): Promise<Array<{ at: number; out: RawOutcome }>> {
  const { whole } = route.parts
  const sends = cutPoints(route.parts).flatMap((at) => variants.map((variant) => ({ at, variant })))
  const outcomes = await Promise.all(
    sends.map(({ at, variant }) =>
      rawUpload(s.base, route.url, { token, body: whole.subarray(0, at), ...variant }),
    ),
  )
  endedInTime(route, outcomes, limitMs)
  return outcomes.map((out, i) => ({ at: sends[i].at, out }))
}

describe('broken multipart bodies on every upload route', () => {
  test('cut at each point (the length reached without the closing boundary): 4xx at once', async () => {
    await onEveryRoute(async (route) => {
      const cuts = await sendCuts(route, SLACK_MS * 2, [{}])
      for (const [i, { at, out }] of cuts.entries()) {
        const whole = at >= fileWholeAt(route.parts)
        const refused = out.status >= 400 && out.status < 500
        assert.ok(refused || (whole && out.status === 200), `${route.name} #${i}: ${out.status}`)
        assert.match(out.body, /"msg":"[^"]+"/, `${route.name} #${i}: ${out.body}`)
      }
    })
  })

  test('the connection dropped at each point: nothing kept, the server goes on', async () => {
    await onEveryRoute(async (route) => {
      const contentLength = route.parts.whole.length
      await sendCuts(route, SLACK_MS * 2, [
        { contentLength, dropAfterMs: 0 },
        { contentLength, dropAfterMs: 30 },
      ])
    })
  })

  test('stalled at each point: 408 in the envelope within the stall limit', async () => {
    await onEveryRoute(async (route) => {
      const contentLength = route.parts.whole.length
      const cuts = await sendCuts(route, STALL_MS + SLACK_MS, [{ contentLength }])
      for (const [i, { at, out }] of cuts.entries()) {
        const message = `${route.name} #${i}: ${out.status} ${out.body}`
        // A whole file is stored and answered; the rest of the body then only holds the connection.
        if (at >= fileWholeAt(route.parts) && out.status === 200) continue
        assert.equal(out.status, 408, message)
        assert.equal(JSON.parse(out.body).msg, UPLOAD_TIMEOUT_TEXT, message)
      }
    })
  })
})

describe('bodies that never end', () => {
  test('50 chat uploads sending half a body then stalling all end within the stall limit', async () => {
    const chat = routes[3]
    const fds = openFds()
    const { whole } = chat.parts
    const half = whole.subarray(0, Math.floor(whole.length / 2))
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () =>
        rawUpload(s.base, chat.url, { token, body: half, contentLength: whole.length }),
      ),
    )
    endedInTime(chat, outcomes, STALL_MS + SLACK_MS * 2)
    assert.ok(outcomes.every((out) => out.status === 408))
    await stillWell(chat, fds)
  })

  test('a body trickling in (never stalling) ends at the body limit', async () => {
    const chat = routes[3]
    const fds = openFds()
    const { whole } = chat.parts
    const started = Date.now()
    const out = await rawUpload(s.base, chat.url, {
      token,
      body: whole.subarray(0, 10),
      contentLength: whole.length + 100_000,
      trickle: { bytes: 1, everyMs: STALL_MS / 4 },
    })
    const ms = Date.now() - started
    assert.equal(out.status, 408, out.body)
    assert.ok(ms >= BODY_MS - 100 && ms < BODY_MS + SLACK_MS, `ended after ${ms} ms`)
    await stillWell(chat, fds)
  })
})
