/**
 * What one client may make the gateway hold (issue 29's review): a client that stops reading its
 * socket cannot make the server keep its frames without end (past
 * Limits.chatSocketBufferRefuseBytes unread its frames are refused unworked, past
 * Limits.chatSocketBufferDropBytes the socket is dropped), and an address holds at most
 * Limits.chatUnauthedSocketsPerAddress sockets that have not logged in.
 */
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { WebSocket as ServerSocket } from 'ws'
import type { ServerFrame } from '@api/chatFrames'
import { ChatLimits } from '@rules/chat'
import { Limits } from '@rules/limits'
import { CLOSE_TOO_MANY } from '../src/chat/connection'
import { befriendAll, RawSocket, reader, text, type Reader } from './chatHelpers'
import { startServer, type TestServer } from './helpers'

let s: TestServer
let a: Reader
let b: Reader
before(async () => {
  s = await startServer()
  a = await reader(s)
  b = await reader(s)
  await befriendAll(s, a, b)
})
after(() => s.close())

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const long = (i: number) => `${i}`.padEnd(ChatLimits.textMaxChars, '书')
const serverSockets = () => [...(s.fastify.websocketServer.clients as Set<ServerSocket>)]
/** Stops reading the socket (its frames stay with the server). */
const pause = (raw: RawSocket) =>
  (raw.ws as unknown as { _socket: { pause(): void } })._socket.pause()

async function sendLong(from: RawSocket, to: Reader, n: number, rid0: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    from.send({ op: 'send', rid: rid0 + i, message: text(a === to ? b : a, to, long(i)) })
    await from.next((f) => 'rid' in f && f.rid === rid0 + i, 10_000)
  }
}

test('a socket that does not read gets its frames refused, not answered into memory', async () => {
  const sender = await RawSocket.authed(s, a.token, 'writer')
  await sendLong(sender, b, 30, 1000)
  const stalled = await RawSocket.authed(s, a.token, 'stalled')
  pause(stalled)
  let most = 0
  // Each answer holds the 30 long texts (about 1 MB): forty of them would be 40 MB.
  for (let rid = 2000; rid < 2040; rid++) {
    stalled.send({ op: 'sync', rid, cursors: { [a.with(b)]: 0 } })
    await sleep(25)
    for (const ws of serverSockets()) most = Math.max(most, ws.bufferedAmount)
  }
  await sleep(500)
  for (const ws of serverSockets()) most = Math.max(most, ws.bufferedAmount)
  assert.ok(
    most < Limits.chatSocketBufferDropBytes,
    `${(most / 1e6).toFixed(1)} MB held for one socket`,
  )
  // Read again: past the first MB unread (and what the kernel's buffers took) frames were refused.
  ;(stalled.ws as unknown as { _socket: { resume(): void } })._socket.resume()
  const answered = await Promise.all(
    Array.from({ length: 40 }, (_, i) => stalled.next((f) => 'rid' in f && f.rid === 2000 + i)),
  )
  const refused = answered.filter((f) => f.op === 'error' && f.code === 429).length
  assert.ok(refused > 0, 'every sync was answered into the unread buffer')
  // The server still answers everyone else.
  sender.send({ op: 'ping', rid: 3 })
  assert.equal((await sender.next((f) => 'rid' in f && f.rid === 3)).op, 'ack')
  sender.close()
  stalled.close()
})

test('a socket whose pushes pile up unread is dropped', async () => {
  const stalled = await RawSocket.authed(s, b.token, 'stalled')
  pause(stalled)
  const mine = serverSockets().at(-1) as ServerSocket
  const { chat } = s.fastify.chatContext
  // Pushes of 1 MB each (the kernel's buffers take some MB before the socket's own buffer grows).
  const push = { op: 'kicked', reason: '书'.repeat(350_000) } as ServerFrame
  let pushed = 0
  for (; pushed < 60 && mine.readyState === mine.OPEN; pushed++) {
    chat.hub.deliver([{ userId: b.id, frame: push }])
    await sleep(5)
  }
  assert.notEqual(mine.readyState, mine.OPEN, `still open after ${pushed} MB of pushes`)
  assert.ok(mine.bufferedAmount <= Limits.chatSocketBufferDropBytes + 1.1e6)
  // The reader's other sockets and the server work on.
  const fresh = await RawSocket.authed(s, b.token, 'fresh')
  fresh.send({ op: 'ping', rid: 4 })
  assert.equal((await fresh.next((f) => 'rid' in f && f.rid === 4)).op, 'ack')
  fresh.close()
})

test('an address may hold only so many sockets that have not logged in', async () => {
  const waiting = await Promise.all(
    Array.from({ length: Limits.chatUnauthedSocketsPerAddress }, () => RawSocket.open(s)),
  )
  const extra = await RawSocket.open(s)
  assert.equal(await extra.closed(), CLOSE_TOO_MANY)
  // One logging in gives its place back.
  waiting[0].send({ op: 'auth', rid: 1, token: a.token, platform: 'in' })
  assert.equal((await waiting[0].next()).op, 'ack')
  const next = await RawSocket.authed(s, a.token, 'next')
  next.send({ op: 'ping', rid: 2 })
  assert.equal((await next.next((f) => 'rid' in f && f.rid === 2)).op, 'ack')
  for (const raw of [...waiting, next]) raw.close()
})
