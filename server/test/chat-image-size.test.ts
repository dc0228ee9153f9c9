/**
 * Chat images carry their real width and height: read from the uploaded file's first bytes (PNG,
 * GIF, JPEG, WebP, BMP) when the message is sent, whatever the client said, for the sender's ack,
 * the receiver's push and history alike.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import zlib from 'node:zlib'
import { chatApi, type ChatMessage } from '@api/chat'
import type { ServerFrame } from '@api/chatFrames'
import { imageSize } from '../src/chat/imageSize'
import { ChatClient } from './chatClient'
import { befriendAll, call, client, RawSocket, reader, type Reader } from './chatHelpers'
import { restPath, startServer, type TestServer } from './helpers'

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(zlib.crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A real, decodable grey PNG of width x height. */
function png(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 0, 0, 0, 0], 8) // 8-bit greyscale
  const rows = Buffer.alloc((width + 1) * height, 0x80)
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0 // filter byte
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** A JPEG's markers up to its frame header: SOI, APP0 (JFIF), an APP1 of `exif` bytes, DQT, SOF2. */
function jpegHead(width: number, height: number, exif = 16): Buffer {
  const segment = (marker: number, body: Buffer) => {
    const head = Buffer.from([0xff, marker, 0, 0])
    head.writeUInt16BE(body.length + 2, 2)
    return Buffer.concat([head, body])
  }
  const sof = Buffer.alloc(15)
  sof[0] = 8
  sof.writeUInt16BE(height, 1)
  sof.writeUInt16BE(width, 3)
  sof[5] = 3
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    segment(0xe1, Buffer.alloc(exif)),
    Buffer.from([0xff, 0xff]), // a fill byte before the next marker
    segment(0xdb, Buffer.alloc(65)),
    segment(0xc2, sof),
    Buffer.from([0xff, 0xda, 0, 2]),
  ])
}

const riff = (kind: string, body: Buffer): Buffer => {
  const head = Buffer.alloc(12)
  head.write('RIFF', 0, 'latin1')
  head.writeUInt32LE(body.length + 4, 4)
  head.write('WEBP', 8, 'latin1')
  const chunkHead = Buffer.alloc(8)
  chunkHead.write(kind, 0, 'latin1')
  chunkHead.writeUInt32LE(body.length, 4)
  return Buffer.concat([head, chunkHead, body])
}

describe('imageSize', () => {
  test('PNG, GIF, JPEG (after EXIF and fill bytes), WebP (lossy, lossless, extended), BMP', () => {
    assert.deepEqual(imageSize(png(300, 120)), { width: 300, height: 120 })
    const gif = Buffer.from('GIF89a\x40\x01\xc8\x00\x00\x00\x00', 'latin1')
    assert.deepEqual(imageSize(gif), { width: 320, height: 200 })
    assert.deepEqual(imageSize(jpegHead(1024, 768)), { width: 1024, height: 768 })
    assert.deepEqual(imageSize(jpegHead(640, 4000, 60_000)), { width: 640, height: 4000 })

    const lossy = Buffer.alloc(10)
    lossy.set([0x9d, 0x01, 0x2a], 3)
    lossy.writeUInt16LE(400, 6)
    lossy.writeUInt16LE(300 | 0x4000, 8) // the top two bits are the scale, not the size
    assert.deepEqual(imageSize(riff('VP8 ', lossy)), { width: 400, height: 300 })
    const lossless = Buffer.alloc(5)
    lossless[0] = 0x2f
    lossless.writeUInt32LE((640 - 1) | ((480 - 1) << 14), 1)
    assert.deepEqual(imageSize(riff('VP8L', lossless)), { width: 640, height: 480 })
    const extended = Buffer.alloc(10)
    extended.writeUIntLE(2000 - 1, 4, 3)
    extended.writeUIntLE(1000 - 1, 7, 3)
    assert.deepEqual(imageSize(riff('VP8X', extended)), { width: 2000, height: 1000 })

    const bmp = Buffer.alloc(54)
    bmp.write('BM', 0, 'latin1')
    bmp.writeUInt32LE(40, 14)
    bmp.writeInt32LE(90, 18)
    bmp.writeInt32LE(-60, 22) // top-down
    assert.deepEqual(imageSize(bmp), { width: 90, height: 60 })
  })

  test('not an image, cut short, or a size past the bytes read: null', () => {
    assert.equal(imageSize(Buffer.from('%PDF-1.4')), null)
    assert.equal(imageSize(Buffer.alloc(0)), null)
    assert.equal(imageSize(png(10, 10).subarray(0, 20)), null)
    const head = jpegHead(800, 600, 2000)
    assert.equal(imageSize(head.subarray(0, 1000)), null)
    const zero = Buffer.from('GIF89a\x00\x00\xc8\x00', 'latin1')
    assert.equal(imageSize(zero), null)
  })
})

describe('image messages', () => {
  let s: TestServer
  before(async () => {
    s = await startServer()
  })
  after(() => s.close())

  async function upload(who: Reader, data: Buffer, name: string): Promise<string> {
    const fd = new FormData()
    fd.append('file', new Blob([data], { type: 'image/png' }), name)
    const res = await s.post(restPath(chatApi.upload), undefined, { token: who.token, raw: fd })
    assert.equal(res.body.code, 200, JSON.stringify(res.body))
    return res.body.data.url
  }

  const info = (m: ChatMessage) =>
    (m.payload.imageInfoArray as Array<{ width: number; height: number }>).map((i) => [
      i.width,
      i.height,
    ])

  test("the sender's ack, the receiver's push and history carry the file's size", async () => {
    const a = await reader(s)
    const b = await reader(s)
    await befriendAll(s, a, b)
    const url = await upload(a, png(300, 120), 'wide.png')
    const jpg = await upload(a, jpegHead(1024, 768), 'photo.jpg')
    const receiver = await RawSocket.open(s)
    receiver.send({ op: 'auth', rid: 1, token: b.token })
    await receiver.next()
    const c = await client(s, a)
    const sent = await c.send({
      ID: ChatClient.messageId(a.userID),
      conversationID: a.with(b),
      type: 'TIMImageElem',
      payload: {
        imageFormat: 'png',
        // What a client may say: nothing, or something else.
        imageInfoArray: [
          { type: 0, url, width: 0, height: 0, size: 1 },
          { type: 1, url, width: 9999, height: 1, size: 1 },
          { type: 2, url: jpg, width: 0, height: 0, size: 1 },
        ],
      },
    })
    assert.deepEqual(info(sent), [
      [300, 120],
      [300, 120],
      [1024, 768],
    ])
    const pushed = await receiver.next((f: ServerFrame) => f.op === 'message')
    assert.equal(pushed.op, 'message')
    if (pushed.op === 'message') assert.deepEqual(info(pushed.message)[0], [300, 120])
    const history = await call(s, 'getMessageList', { conversationID: b.with(a) }, b.token)
    assert.deepEqual(info(history.body.data.messageList[0])[0], [300, 120])
    c.close()
    receiver.close()
  })

  test('a file whose size cannot be read keeps what the client said', async () => {
    const a = await reader(s)
    const b = await reader(s)
    await befriendAll(s, a, b)
    const url = await upload(a, Buffer.from('not really an image'), 'odd.png')
    const c = await client(s, a)
    const sent = await c.send({
      ID: ChatClient.messageId(a.userID),
      conversationID: a.with(b),
      type: 'TIMImageElem',
      payload: {
        imageFormat: 'png',
        imageInfoArray: [{ type: 0, url, width: 50, height: 40, size: 1 }],
      },
    })
    assert.deepEqual(info(sent), [[50, 40]])
    c.close()
  })
})
