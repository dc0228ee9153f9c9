/**
 * Two app instances on one database sharing live delivery through Redis (REDIS_URL, default
 * redis://127.0.0.1:6379, which scripts/prereqs.sh starts): pushes and kicks cross instances.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { ServerFrame } from '@api/chatFrames'
import { call, client, RawSocket, reader, text } from './chatHelpers'
import type { TestServer } from './helpers'
import { twoServers } from './twoServers'

let one: TestServer
let two: TestServer
let close: () => Promise<void>
before(async () => {
  ;({ one, two, close } = await twoServers('chat-redis'))
})
after(() => close())

const authed = RawSocket.authed

describe('chat delivery across instances through Redis', () => {
  test('a message sent on one instance is pushed to the peer on the other, once', async () => {
    const a = await reader(one)
    const b = await reader(one)
    const bOnTwo = await authed(two, b.token)
    const aOnTwo = await authed(two, a.token)
    const c = await client(one, a)
    const sent = await c.send(text(a, b, 'across'))
    const got = (await bOnTwo.next((f) => f.op === 'message')) as Extract<
      ServerFrame,
      { op: 'message' }
    >
    assert.equal(got.message.ID, sent.ID)
    // My own other socket (on the other instance) gets it as well.
    const mine = (await aOnTwo.next((f) => f.op === 'message')) as Extract<
      ServerFrame,
      { op: 'message' }
    >
    assert.equal(mine.message.ID, sent.ID)
    await new Promise((resolve) => setTimeout(resolve, 200))
    assert.equal(bOnTwo.frames.filter((f) => f.op === 'message').length, 0, 'delivered twice')
    // A change over HTTP on one instance reaches my socket on the other.
    await call(one, 'pinConversation', { conversationID: b.with(a), isPinned: true }, b.token)
    const conv = await bOnTwo.next((f) => f.op === 'conversation')
    assert.equal((conv as Extract<ServerFrame, { op: 'conversation' }>).conversation.isPinned, true)
    bOnTwo.close()
    aOnTwo.close()
    c.close()
  })

  test('a login on the same platform at the other instance kicks the first out', async () => {
    const a = await reader(one)
    const first = await authed(one, a.token, 'app')
    const second = await authed(two, a.token, 'app')
    assert.equal((await first.next((f) => f.op === 'kicked')).op, 'kicked')
    assert.equal(await first.closed(), 4409)
    second.send({ op: 'ping', rid: 5 })
    assert.equal((await second.next()).op, 'ack')
    second.close()
  })
})
