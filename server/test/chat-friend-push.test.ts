/**
 * A book-friend request tells the receiver's sockets at once (a `friendApplication` frame after
 * the commit), so the 会话 tab badges while they are on another tab; nobody else hears of it.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { friendsApi } from '@api/friends'
import { RawSocket, reader } from './chatHelpers'
import { restPath, startServer, type TestServer } from './helpers'

const REQUEST = restPath(friendsApi.requestFriend)
const UNREAD = restPath(friendsApi.requestUnread)

let s: TestServer
before(async () => {
  s = await startServer()
})
after(() => s.close())

const isFriendApplication = (f: { op: string }): boolean => f.op === 'friendApplication'

async function authed(token: string, platform?: string): Promise<RawSocket> {
  const raw = await RawSocket.open(s)
  raw.send({ op: 'auth', rid: 1, token, platform })
  assert.equal((await raw.next()).op, 'ack')
  return raw
}

describe('friend request push', () => {
  test("the receiver's every socket gets the frame after the request commits", async () => {
    const a = await reader(s)
    const b = await reader(s)
    const phone = await authed(b.token, 'phone')
    const web = await authed(b.token, 'web')
    const asker = await authed(a.token, 'phone')
    const res = await s.post(REQUEST, { userId: b.id, greeting: '一起读书吧' }, { token: a.token })
    assert.equal(res.body.code, 200, JSON.stringify(res.body))
    assert.deepEqual(res.body.data, { state: 'requested' })
    for (const socket of [phone, web]) {
      assert.deepEqual(await socket.next(isFriendApplication), { op: 'friendApplication' })
    }
    // Committed by the time the frame arrives: the badge's count reads it.
    const unread = await s.get(UNREAD, { token: b.token })
    assert.equal(unread.body.data.total, 1)
    // Asking again tells them again; the asker hears nothing.
    await s.post(REQUEST, { userId: b.id, greeting: '再问一次' }, { token: a.token })
    await phone.next(isFriendApplication)
    await assert.rejects(asker.next(isFriendApplication, 300), /no such frame/)
    for (const socket of [phone, web, asker]) socket.close()
  })

  test('a refused request pushes nothing; a request that makes friends pushes nothing', async () => {
    const a = await reader(s)
    const b = await reader(s)
    const sa = await authed(a.token)
    const sb = await authed(b.token)
    const self = await s.post(REQUEST, { userId: a.id }, { token: a.token })
    assert.notEqual(self.body.code, 200)
    await s.post(REQUEST, { userId: b.id }, { token: a.token })
    await sb.next(isFriendApplication)
    // b asks a back: that accepts a's request, no request waits for a.
    const back = await s.post(REQUEST, { userId: a.id }, { token: b.token })
    assert.deepEqual(back.body.data, { state: 'friends' })
    await assert.rejects(sa.next(isFriendApplication, 300), /no such frame/)
    sa.close()
    sb.close()
  })
})
