/**
 * Chat sockets per reader (issue 29): at most Limits.chatSocketsPerPlatform per platform name and
 * Limits.chatSocketsPerUser in all, the oldest kicked; and a revoked session (logout, password
 * change, refresh-token reuse) closes its sockets at once, not at the next minute's check, on
 * another instance too (two instances on one database and Redis, as in chat-redis.test.ts).
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { accountApi } from '@api/account'
import { Limits } from '@rules/limits'
import { RawSocket } from './chatHelpers'
import { newMobile, queryPath, restPath, SECOND, type TestServer } from './helpers'
import { twoServers } from './twoServers'

let s: TestServer
let two: TestServer
let close: () => Promise<void>
before(async () => {
  ;({ one: s, two, close } = await twoServers('chat-sockets'))
})
after(() => close())

const authed = (token: string, platform?: string, on = s): Promise<RawSocket> =>
  RawSocket.authed(on, token, platform)

const alive = async (raw: RawSocket, rid = 7): Promise<void> => {
  raw.send({ op: 'ping', rid })
  assert.deepEqual(await raw.next((f) => f.op === 'ack' && f.rid === rid), {
    op: 'ack',
    rid,
    data: {},
  })
}

/** Closed with the code within `ms`, having been told why. */
async function closedWithin(raw: RawSocket, code: number, ms: number): Promise<void> {
  assert.equal(await raw.closed(ms), code)
}

describe('chat sockets per reader', () => {
  test('past the cap on one platform (the unnamed one too) the oldest sockets are kicked', async () => {
    const login = await s.register(newMobile())
    const extra = 2
    const sockets: RawSocket[] = []
    for (let i = 0; i < Limits.chatSocketsPerPlatform + extra; i++) {
      sockets.push(await authed(login.access_token))
    }
    for (const old of sockets.slice(0, extra)) {
      assert.equal((await old.next((f) => f.op === 'kicked')).op, 'kicked')
      await closedWithin(old, 4409, 1000)
    }
    for (const [i, kept] of sockets.slice(extra).entries()) await alive(kept, 20 + i)
    for (const raw of sockets) raw.close()
  })

  test('past the cap over all platform names the oldest sockets are kicked', async () => {
    const login = await s.register(newMobile())
    const sockets: RawSocket[] = []
    for (let i = 0; i < Limits.chatSocketsPerUser + 1; i++) {
      sockets.push(await authed(login.access_token, `p${i}`))
    }
    await closedWithin(sockets[0], 4409, 1000)
    for (const kept of sockets.slice(1)) await alive(kept)
    for (const raw of sockets) raw.close()
  })
})

describe('a revoked session closes its chat sockets at once', () => {
  test('logout closes that session’s sockets within a second, not the other session’s', async () => {
    const mobile = newMobile()
    const first = await s.register(mobile)
    const second = await s.login(mobile)
    const mine = await authed(first.access_token, 'web')
    const mineToo = await authed(first.access_token)
    const other = await authed(second.access_token, 'weapp')
    const out = await s.post(queryPath(accountApi.logout), {}, { token: first.access_token })
    assert.equal(out.body.ret, 200, JSON.stringify(out.body))
    await closedWithin(mine, 4401, 1000)
    await closedWithin(mineToo, 4401, 1000)
    await alive(other)
    other.close()
  })

  test('a password change closes the other sessions’ sockets and keeps the caller’s', async () => {
    const mobile = newMobile()
    const first = await s.register(mobile)
    const second = await s.login(mobile)
    const mine = await authed(first.access_token)
    const other = await authed(second.access_token)
    const changed = await s.post(
      restPath(accountApi.changePassword),
      { old_password: 'abc12345', password: 'xyz12345' },
      { token: first.access_token },
    )
    assert.equal(changed.body.code, 200, JSON.stringify(changed.body))
    await closedWithin(other, 4401, 1000)
    await alive(mine)
    mine.close()
  })

  test('a reused refresh token closes the family’s sockets', async () => {
    const first = await s.register(newMobile())
    const raw = await authed(first.access_token)
    const refresh = (token: string) =>
      s.post(queryPath(accountApi.refreshToken), { refresh_token: token })
    const rotated = await refresh(first.refresh_token)
    assert.equal(rotated.body.ret, 200, JSON.stringify(rotated.body))
    await alive(raw)
    s.clock.advance(31 * SECOND)
    const reused = await refresh(first.refresh_token)
    assert.notEqual(reused.body.ret, 200)
    await closedWithin(raw, 4401, 1000)
  })

  test('a logout on one instance closes the socket on the other within a second', async () => {
    const mobile = newMobile()
    const login = await s.register(mobile)
    const other = await s.login(mobile)
    const onTwo = await authed(login.access_token, undefined, two)
    const otherOnTwo = await authed(other.access_token, undefined, two)
    const out = await s.post(queryPath(accountApi.logout), {}, { token: login.access_token })
    assert.equal(out.body.ret, 200, JSON.stringify(out.body))
    await closedWithin(onTwo, 4401, 1000)
    await alive(otherOnTwo)
    otherOnTwo.close()
  })
})
