/**
 * Frames the gateway refuses before any work (issue 29): a NUL, an ESC or a lone surrogate in any
 * string answers 400 with the HTTP input guard's text, nesting past Limits.chatFrameMaxDepth
 * answers 400 unparsed; for every frame kind, and the socket stays usable. And a socket's frame
 * rate: past its burst, frames are refused (429) without being queued.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { MESSAGE_TYPES } from '@api/chat'
import { FrameErrors, type ServerFrame } from '@api/chatFrames'
import { Limits } from '@rules/limits'
import { CONTROL_CHARS_TEXT } from '@rules/validate'
import { ChatClient } from './chatClient'
import { RawSocket, reader, type Reader } from './chatHelpers'
import { startServer, type TestServer } from './helpers'

let s: TestServer
before(async () => {
  // The frame rates are lifted with the send rates, which the test servers turn off by default.
  s = await startServer({ CHAT_SEND_RATES: 'on' })
})
after(() => s.close())

const DEEP = '__deep__'
/** Nested arrays 9,000 levels deep, in place of the string DEEP. */
const deepen = (json: string): string =>
  json.replace(`"${DEEP}"`, '['.repeat(9000) + ']'.repeat(9000))

const BAD: Array<[string, string]> = [
  ['NUL', 'a\u0000b'],
  ['ESC', 'a\u001bb'],
  ['lone surrogate', 'a\ud800b'],
  ['deep nesting', DEEP],
]

/** One frame of each kind carrying `bad` in a string of it (or, for DEEP, a nested value). */
function framesWith(
  me: Reader,
  peer: Reader,
  bad: string,
): Array<[string, Record<string, unknown>]> {
  const frames: Array<[string, Record<string, unknown>]> = [
    ['auth', { op: 'auth', token: bad === DEEP ? me.token : `${me.token}${bad}`, extra: bad }],
    ['ping', { op: 'ping', note: bad }],
    ['sync', { op: 'sync', cursors: { [`C2C${peer.id}`]: 0 }, note: bad }],
  ]
  if (bad !== DEEP)
    frames.push(['sync key', { op: 'sync', cursors: { [`C2C${peer.id}${bad}`]: 0 } }])
  for (const type of MESSAGE_TYPES) {
    frames.push([
      `send ${type}`,
      {
        op: 'send',
        message: {
          ID: ChatClient.messageId(me.userID),
          conversationID: `C2C${peer.id}`,
          type,
          payload: { text: bad, data: bad, description: bad },
        },
      },
    ])
  }
  return frames
}

async function answerTo(raw: RawSocket, frame: Record<string, unknown>, rid: number) {
  raw.send(deepen(JSON.stringify({ ...frame, rid })))
  return raw.next((f) => f.op === 'error' || f.op === 'ack')
}

describe('chat frames', () => {
  for (const [label, bad] of BAD) {
    test(`${label} in every frame kind answers 400 and the socket stays usable`, async () => {
      const a = await reader(s)
      const b = await reader(s)
      const raw = await RawSocket.open(s)
      let rid = 10
      for (const [kind, frame] of framesWith(a, b, bad)) {
        const answer = (await answerTo(raw, frame, ++rid)) as ServerFrame
        assert.equal(answer.op, 'error', `${kind}: ${JSON.stringify(answer)}`)
        const error = answer as Extract<ServerFrame, { op: 'error' }>
        assert.equal(error.code, 400, `${kind}: ${JSON.stringify(answer)}`)
        if (bad === DEEP) assert.equal(error.message, FrameErrors.badFrame.text, kind)
        else {
          assert.equal(error.message, CONTROL_CHARS_TEXT, kind)
          assert.equal(error.rid, rid, kind)
        }
        if (kind === 'auth') {
          // Refused before it was looked at: the socket is open and can still log in.
          raw.send({ op: 'auth', rid: 1, token: a.token })
          assert.equal((await raw.next()).op, 'ack', `${kind}: log in after`)
        }
        raw.send({ op: 'ping', rid: 2 })
        assert.deepEqual(await raw.next(), { op: 'ack', rid: 2, data: {} }, `${kind}: ping after`)
      }
      assert.equal(raw.closedWith, null)
      const http = await s.get('/index.php?s=App.Common_Config.AppSysConf')
      assert.equal(http.status, 200)
      raw.close()
    })
  }

  test('nesting up to the limit is read; one level more is refused unparsed', async () => {
    const raw = await RawSocket.authed(s, (await reader(s)).token)
    // The frame object is one level: a ping with nesting just inside the limit is fine.
    // Brackets inside a string (escaped quote too) do not count.
    const nested = (levels: number) => '['.repeat(levels) + '"]}[{\\"["' + ']'.repeat(levels)
    raw.send(`{"op":"ping","rid":3,"x":${nested(Limits.chatFrameMaxDepth - 1)}}`)
    assert.deepEqual(await raw.next(), { op: 'ack', rid: 3, data: {} })
    raw.send(`{"op":"ping","rid":4,"x":${nested(Limits.chatFrameMaxDepth)}}`)
    const refused = (await raw.next()) as Extract<ServerFrame, { op: 'error' }>
    assert.equal(refused.code, 400)
    raw.close()
  })

  test('a socket past its frame rate gets 429 at once, then is served again', async () => {
    const raw = await RawSocket.authed(s, (await reader(s)).token)
    // 300 pings in batches of 20 (under the in-flight cap) over about a second.
    const total = 300
    const started = Date.now()
    for (let i = 0; i < total; i += 20) {
      for (let j = 0; j < 20; j++) raw.send({ op: 'ping', rid: 100 + i + j })
      await new Promise((resolve) => setTimeout(resolve, 60))
    }
    const answers: ServerFrame[] = []
    for (let i = 0; i < total; i++)
      answers.push(await raw.next((f) => 'rid' in f && f.rid === 100 + i))
    const seconds = (Date.now() - started) / 1000
    const acked = answers.filter((f) => f.op === 'ack').length
    const refused = answers.filter(
      (f) => f.op === 'error' && f.code === FrameErrors.tooMany.code,
    ).length
    assert.equal(acked + refused, total)
    const allowed = Limits.chatFrameBurst + Limits.chatFramesPerSecond * seconds
    assert.ok(acked <= allowed + 1, `${acked} acked in ${seconds} s`)
    assert.ok(refused > 0)
    await new Promise((resolve) => setTimeout(resolve, 1000 / Limits.chatFramesPerSecond + 20))
    raw.send({ op: 'ping', rid: 9 })
    assert.deepEqual(await raw.next(), { op: 'ack', rid: 9, data: {} })
    raw.close()
  })
})
