/**
 * Two app instances on one database sharing live delivery through Redis (REDIS_URL, default
 * redis://127.0.0.1:6379, which scripts/prereqs.sh starts): pushes and kicks cross instances.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { ServerFrame } from '@api/chatFrames'
import { socialApi } from '@api/social'
import { befriendAll, call, client, RawSocket, reader, text } from './chatHelpers'
import { restPath, startServer, type TestServer } from './helpers'
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

describe('online status (getUserStatus) across instances', () => {
  const statuses = async (on: TestServer, who: { token: string }, ids: number[]) => {
    const res = await call(on, 'getUserStatus', { userIDList: ids.map(String) }, who.token)
    assert.equal(res.body.code, 200, JSON.stringify(res.body))
    const list = (res.body.data as { successUserList: { userID: string; statusType: number }[] })
      .successUserList
    return list.map((u) => u.statusType)
  }
  const eventually = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 50; i++) {
      if (await check()) return
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    assert.fail('the status did not change within 2.5 s')
  }

  test('a peer connected to the other instance is online, and offline once its socket closes', async () => {
    const a = await reader(one)
    const b = await reader(one)
    const stranger = await reader(one)
    await befriendAll(one, a, b)
    const ca = await client(one, a)
    await ca.send(text(a, b, 'hello'))
    assert.deepEqual(await statuses(one, a, [b.id, stranger.id]), [2, 0])
    const bOnTwo = await authed(two, b.token)
    const strangerOnTwo = await authed(two, stranger.token)
    await eventually(async () => (await statuses(one, a, [b.id]))[0] === 1)
    // Presence is shown only to whom one has a conversation with.
    assert.deepEqual(await statuses(one, a, [stranger.id]), [0])
    assert.deepEqual(await statuses(two, b, [a.id]), [1])
    bOnTwo.close()
    strangerOnTwo.close()
    await eventually(async () => (await statuses(one, a, [b.id]))[0] === 2)
    ca.close()
    await eventually(async () => (await statuses(two, b, [a.id]))[0] === 2)
  })

  test('one process without Redis: its own sockets say who is online', async () => {
    const alone = await startServer({}, one)
    try {
      const a = await reader(alone)
      const b = await reader(alone)
      await befriendAll(alone, a, b)
      const ca = await client(alone, a)
      await ca.send(text(a, b, 'hello'))
      ca.close()
      assert.deepEqual(await statuses(alone, a, [b.id]), [2])
      const bSocket = await authed(alone, b.token)
      assert.deepEqual(await statuses(alone, a, [b.id]), [1])
      bSocket.close()
      await eventually(async () => (await statuses(alone, a, [b.id]))[0] === 2)
    } finally {
      await alone.close()
    }
  })

  test('strangers stay unknown: a conversation opened or written to alone, or a peer who blocked me', async () => {
    const a = await reader(one)
    const opened = await reader(one)
    const written = await reader(one)
    const answered = await reader(one)
    const blocker = await reader(one)
    // Opening a conversation with anyone (getConversationProfile) makes it without a message.
    const profile = await call(
      one,
      'getConversationProfile',
      { conversationID: a.with(opened) },
      a.token,
    )
    assert.equal(profile.body.code, 200, JSON.stringify(profile.body))
    const ca = await client(one, a)
    await ca.send(text(a, written, 'hello?'))
    const cAnswered = await client(one, answered)
    await cAnswered.send(text(answered, a, 'hi'))
    const cBlocker = await client(one, blocker)
    await cBlocker.send(text(blocker, a, 'hi'))
    const sockets = await Promise.all([opened, written].map((who) => authed(one, who.token)))
    const ids = [opened.id, written.id, answered.id, blocker.id]
    assert.deepEqual(await statuses(one, a, ids), [0, 0, 1, 1])
    const blocked = await one.post(
      restPath(socialApi.block),
      { userId: a.id, block: 1 },
      { token: blocker.token },
    )
    assert.equal(blocked.body.code, 200, JSON.stringify(blocked.body))
    assert.deepEqual(await statuses(one, a, ids), [0, 0, 1, 0])
    // The one I wrote to sees me (I wrote to them); the one who wrote to me not until I answer.
    assert.deepEqual(await statuses(one, written, [a.id]), [1])
    assert.deepEqual(await statuses(one, answered, [a.id]), [0])
    for (const socket of sockets) socket.close()
    for (const c of [ca, cAnswered, cBlocker]) c.close()
  })

  test('with the server setting off, the call is refused and login says so', async () => {
    const off = await startServer({ CHAT_ONLINE_STATUS: 'off' }, one)
    try {
      const a = await reader(off)
      const login = await call(off, 'login', {}, a.token)
      assert.equal((login.body.data as { enabledOnlineStatus: boolean }).enabledOnlineStatus, false)
      const res = await call(off, 'getUserStatus', { userIDList: ['1'] }, a.token)
      assert.equal(res.body.code, 72001)
      assert.equal(res.body.msg, '在线状态功能未开通')
    } finally {
      await off.close()
    }
  })
})
