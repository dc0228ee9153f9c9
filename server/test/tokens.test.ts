import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { accountApi } from '@api/account'
import { commonApi } from '@api/common'
import { socialApi } from '@api/social'
import { sessions } from '../src/db/schema'
import { HOUR, newMobile, queryPath, restPath, startServer, type TestServer } from './helpers'

const PROFILE = queryPath(accountApi.myProfile)
const REST_PROFILE = restPath(socialApi.userDetail)
const REFRESH = queryPath(accountApi.refreshToken)

describe('tokens and sessions', () => {
  let s: TestServer
  before(async () => {
    s = await startServer()
  })
  after(() => s.close())

  test('refresh rotates the pair; the old refresh token dies, reuse revokes the family', async () => {
    const mobile = newMobile()
    const first = await s.register(mobile)
    const r1 = await s.post(REFRESH, { refresh_token: first.refresh_token }, { form: true })
    assert.equal(r1.body.ret, 200)
    const second = r1.body.data
    assert.notEqual(second.refresh_token, first.refresh_token)
    assert.notEqual(second.access_token, first.access_token)
    assert.equal(second.user.user_id, first.user.user_id)

    // The used pair is dead; its access token answers "expired" (see the next test).
    const oldAccess = await s.get(PROFILE, { token: first.access_token })
    assert.equal(oldAccess.body.ret, 301)
    assert.equal((await s.get(PROFILE, { token: second.access_token })).body.ret, 200)

    // Presenting the used refresh token again after the grace window: refused, the family dies.
    s.clock.advance(31_000)
    const reuse = await s.post(REFRESH, { refresh_token: first.refresh_token })
    assert.equal(reuse.status, 200)
    assert.equal(reuse.body.ret, 302)
    assert.equal(reuse.body.msg, '登录已失效，请重新登录')
    assert.equal((await s.get(PROFILE, { token: second.access_token })).body.ret, 302)
    // With the family gone, the rotated access token is no longer worth a refresh either.
    assert.equal((await s.get(PROFILE, { token: first.access_token })).body.ret, 302)
    const next = await s.post(REFRESH, { refresh_token: second.refresh_token })
    assert.equal(next.body.ret, 302)

    // Other sessions of the same user are untouched.
    const other = await s.login(mobile)
    assert.equal((await s.get(PROFILE, { token: other.access_token })).body.ret, 200)
  })

  test('a refresh token used twice within 30 s (two tabs, a lost answer) gives both a live pair', async () => {
    const first = await s.register(newMobile())
    const a = await s.post(REFRESH, { refresh_token: first.refresh_token })
    s.clock.advance(5_000)
    const b = await s.post(REFRESH, { refresh_token: first.refresh_token })
    assert.equal(a.body.ret, 200)
    assert.equal(b.body.ret, 200)
    assert.notEqual(a.body.data.refresh_token, b.body.data.refresh_token)
    assert.equal((await s.get(PROFILE, { token: a.body.data.access_token })).body.ret, 200)
    assert.equal((await s.get(PROFILE, { token: b.body.data.access_token })).body.ret, 200)
    // after a logout of that family the old token gets nothing, grace or not
    await s.post(queryPath(accountApi.logout), {}, { token: b.body.data.access_token })
    const late = await s.post(REFRESH, { refresh_token: first.refresh_token })
    assert.equal(late.body.ret, 302)
  })

  test('an expired access token answers 301, and the refresh token still works', async () => {
    const mobile = newMobile()
    const login = await s.register(mobile)
    s.clock.advance(2 * HOUR + 1000)
    const expired = await s.get(PROFILE, { token: login.access_token })
    assert.equal(expired.status, 200)
    assert.deepEqual(expired.body, { ret: 301, data: null, msg: '登录已过期' })
    const rest = await s.get(REST_PROFILE, { token: login.access_token })
    assert.equal(rest.body.code, 301)
    const refreshed = await s.post(REFRESH, { refresh_token: login.refresh_token })
    assert.equal(refreshed.body.ret, 200)
    assert.equal((await s.get(PROFILE, { token: refreshed.body.data.access_token })).body.ret, 200)
  })

  test('an access token rotated by a refresh answers 301, so a call in flight refreshes instead of logging out', async () => {
    const mobile = newMobile()
    const first = await s.register(mobile)
    const rotated = await s.post(REFRESH, { refresh_token: first.refresh_token })
    assert.equal(rotated.body.ret, 200)
    const query = await s.get(PROFILE, { token: first.access_token })
    assert.deepEqual(query.body, { ret: 301, data: null, msg: '登录已过期' })
    const rest = await s.get(REST_PROFILE, { token: first.access_token })
    assert.equal(rest.status, 200)
    assert.deepEqual(rest.body, { code: 301, data: null, msg: '登录已过期' })
    // Public calls still treat it as a guest.
    const info = await s.get(`${queryPath(accountApi.userInfo)}&user_id=1`, {
      token: first.access_token,
    })
    assert.equal(info.body.ret, 200)
    // Rotating twice: both earlier access tokens answer 301 while the family lives.
    const third = await s.post(REFRESH, { refresh_token: rotated.body.data.refresh_token })
    assert.equal(third.body.ret, 200)
    assert.equal((await s.get(PROFILE, { token: first.access_token })).body.ret, 301)
    assert.equal((await s.get(PROFILE, { token: rotated.body.data.access_token })).body.ret, 301)

    // Logging out ends the family: its rotated tokens answer 302 / 401 like the current one.
    const out = await s.post(
      queryPath(accountApi.logout),
      {},
      { token: third.body.data.access_token },
    )
    assert.equal(out.body.ret, 200)
    assert.equal((await s.get(PROFILE, { token: third.body.data.access_token })).body.ret, 302)
    assert.equal((await s.get(PROFILE, { token: first.access_token })).body.ret, 302)
    assert.equal((await s.get(REST_PROFILE, { token: first.access_token })).status, 401)

    // Revoked by a password change elsewhere: 302 too, rotated or not.
    const other = await s.login(mobile)
    const otherRotated = await s.post(REFRESH, { refresh_token: other.refresh_token })
    const me = await s.login(mobile)
    const changed = await s.post(
      restPath(accountApi.changePassword),
      { old_password: 'abc12345', password: 'new12345' },
      { token: me.access_token },
    )
    assert.equal(changed.body.code, 200)
    assert.equal((await s.get(PROFILE, { token: other.access_token })).body.ret, 302)
    const current = otherRotated.body.data.access_token
    assert.equal((await s.get(PROFILE, { token: current })).body.ret, 302)
  })

  test('an expired refresh token is refused', async () => {
    const login = await s.register(newMobile())
    s.clock.advance(31 * 24 * HOUR)
    const res = await s.post(REFRESH, { refresh_token: login.refresh_token })
    assert.equal(res.body.ret, 302)
  })

  test('missing and unknown tokens answer 302 (query) and 401 (REST)', async () => {
    const none = await s.get(PROFILE)
    assert.equal(none.status, 200)
    assert.deepEqual(none.body, { ret: 302, data: null, msg: '请先登录' })
    const unknown = await s.get(PROFILE, { token: 'x'.repeat(43) })
    assert.equal(unknown.body.ret, 302)
    const rest = await s.get(REST_PROFILE)
    assert.equal(rest.status, 401)
    assert.deepEqual(rest.body, { code: 401, data: null, msg: '请先登录' })
    const garbage = await s.get(REST_PROFILE, { headers: { authorization: 'Basic abc' } })
    assert.equal(garbage.status, 401)
    const unknownRefresh = await s.post(REFRESH, { refresh_token: 'nope' })
    assert.equal(unknownRefresh.body.ret, 302)
  })

  test('public calls treat a bad token as a guest', async () => {
    const res = await s.get(queryPath(commonApi.appSysConf), { token: 'bogus' })
    assert.equal(res.body.ret, 200)
    const info = await s.get(`${queryPath(accountApi.userInfo)}&user_id=1`, { token: 'bogus' })
    assert.equal(info.body.ret, 200)
    assert.equal(info.body.data.nickname, '演示读者')
  })

  test('LoginByToken answers the profile and userSig; the body access_token field works too', async () => {
    const login = await s.register(newMobile())
    const res = await s.post(queryPath(accountApi.loginByToken), {}, { token: login.access_token })
    assert.equal(res.body.ret, 200)
    assert.equal(res.body.data.user.user_id, login.user.user_id)
    assert.ok(res.body.data.userSig)
    const legacy = await s.post(
      queryPath(accountApi.createLog),
      { access_token: login.access_token, platform_type: 'H5', device_info: 'jsdom' },
      { form: true },
    )
    assert.equal(legacy.body.ret, 200)
  })

  test('logout revokes the current session only', async () => {
    const mobile = newMobile()
    const a = await s.register(mobile)
    const b = await s.login(mobile)
    const out = await s.post(queryPath(accountApi.logout), {}, { token: a.access_token })
    assert.equal(out.body.ret, 200)
    assert.equal((await s.get(PROFILE, { token: a.access_token })).body.ret, 302)
    assert.equal((await s.post(REFRESH, { refresh_token: a.refresh_token })).body.ret, 302)
    assert.equal((await s.get(PROFILE, { token: b.access_token })).body.ret, 200)
  })

  test('tokens are stored only as SHA-256 hashes', async () => {
    const login = await s.register(newMobile())
    const rows = await s.db.select().from(sessions)
    const hashes = rows.flatMap((row) => [row.accessHash, row.refreshHash])
    assert.ok(!hashes.includes(login.access_token))
    assert.ok(!hashes.includes(login.refresh_token))
    const sha = (t: string) => createHash('sha256').update(t).digest('hex')
    assert.ok(hashes.includes(sha(login.access_token)))
    assert.ok(hashes.includes(sha(login.refresh_token)))
  })
})
