import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { accountApi } from '@api/account'
import { commonApi } from '@api/common'
import { socialApi } from '@api/social'
import { newMobile, queryPath, restPath, startServer, type TestServer } from './helpers'

const PROFILE = queryPath(accountApi.myProfile)

describe('account security', () => {
  let s: TestServer
  before(async () => {
    s = await startServer()
  })
  after(() => s.close())

  test('password reset (query style) sets the password and ends every session', async () => {
    const mobile = newMobile()
    const before = await s.register(mobile, 'old12345')
    const code = await s.smsCode(mobile, 'reset')
    const res = await s.post(queryPath(accountApi.resetPassword), {
      mobile,
      code,
      password: 'new12345',
    })
    assert.equal(res.body.ret, 200)
    assert.equal(res.body.msg, '密码已重置，请重新登录')
    assert.equal((await s.get(PROFILE, { token: before.access_token })).body.ret, 302)
    assert.equal(
      (await s.post(restPath(accountApi.loginByPhone), { phone: mobile, password: 'old12345' }))
        .status,
      400,
    )
    await s.login(mobile, 'new12345')
  })

  test('password reset (REST UpdateUserInfoPwd) without a token', async () => {
    const phone = newMobile()
    await s.register(phone, 'old12345')
    s.clock.advance(61_000)
    const sent = await s.post(restPath(commonApi.smsSend), { phone, scene: 'reset' })
    assert.equal(sent.body.code, 200)
    const code = (await s.get(`/dev/sms?mobile=${phone}`)).body.data[0].code
    const res = await s.post(restPath(accountApi.resetPasswordByPhone), {
      phone,
      code,
      password: 'new54321',
    })
    assert.equal(res.body.code, 200)
    await s.login(phone, 'new54321')
    const unknown = await s.post(restPath(commonApi.smsSend), {
      phone: newMobile(),
      scene: 'reset',
    })
    assert.equal(unknown.body.msg, '该手机号未注册')
  })

  test('changing the phone number needs a change_phone code sent to the new number', async () => {
    const mobile = newMobile()
    const login = await s.register(mobile)
    const taken = newMobile()
    await s.register(taken)

    s.clock.advance(61_000)
    const refused = await s.post(
      queryPath(commonApi.sendCaptcha),
      { mobile: taken, scene: 'change_phone' },
      { token: login.access_token },
    )
    assert.equal(refused.body.msg, '该手机号已被其他账号使用')
    const same = await s.post(
      queryPath(commonApi.sendCaptcha),
      { mobile, scene: 'change_phone' },
      { token: login.access_token },
    )
    assert.equal(same.body.msg, '新手机号不能与原手机号相同')

    const next = newMobile()
    const code = await s.smsCode(next, 'change_phone', login.access_token)
    const wrongNumber = await s.post(
      restPath(accountApi.changePhone),
      { phone: taken, code },
      { token: login.access_token },
    )
    assert.equal(wrongNumber.status, 400)
    assert.equal(wrongNumber.body.msg, '该手机号已被其他账号使用')
    // A stolen session alone cannot move the number: the password is asked too.
    const noPassword = await s.post(
      restPath(accountApi.changePhone),
      { phone: next, code },
      { token: login.access_token },
    )
    assert.equal(noPassword.body.msg, '请输入登录密码')
    const wrongPassword = await s.post(
      restPath(accountApi.changePhone),
      { phone: next, code, password: 'wrong999' },
      { token: login.access_token },
    )
    assert.equal(wrongPassword.body.msg, '登录密码错误')
    const res = await s.post(
      restPath(accountApi.changePhone),
      { phone: next, code, password: 'abc12345' },
      { token: login.access_token },
    )
    assert.equal(res.body.code, 200)
    assert.equal(res.body.data.mobile, `${next.slice(0, 3)}****${next.slice(7)}`)
    await s.login(next)
    const old = await s.post(restPath(accountApi.loginByPhone), {
      phone: mobile,
      password: 'abc12345',
    })
    assert.equal(old.body.msg, '账号不存在或已注销')
    // The old number is free again.
    await s.register(mobile)
    const noToken = await s.post(restPath(accountApi.changePhone), { phone: newMobile(), code })
    assert.equal(noToken.status, 401)
  })

  test('changing the phone number ends the other sessions and keeps the caller logged in', async () => {
    const mobile = newMobile()
    const current = await s.register(mobile)
    const other = await s.login(mobile)
    // The caller's family survives, including a pair refreshed before the change.
    const refreshed = await s.post(queryPath(accountApi.refreshToken), {
      refresh_token: current.refresh_token,
    })
    assert.equal(refreshed.body.ret, 200)
    const mine = refreshed.body.data
    const next = newMobile()
    const code = await s.smsCode(next, 'change_phone', mine.access_token)
    const res = await s.post(
      restPath(accountApi.changePhone),
      { phone: next, code, password: 'abc12345' },
      { token: mine.access_token },
    )
    assert.equal(res.body.code, 200)
    assert.equal((await s.get(PROFILE, { token: mine.access_token })).body.ret, 200)
    assert.equal((await s.get(PROFILE, { token: other.access_token })).body.ret, 302)
    const otherRefresh = await s.post(queryPath(accountApi.refreshToken), {
      refresh_token: other.refresh_token,
    })
    assert.equal(otherRefresh.body.ret, 302)
    const again = await s.post(queryPath(accountApi.refreshToken), {
      refresh_token: mine.refresh_token,
    })
    assert.equal(again.body.ret, 200)
  })

  test('a change_phone code is sent to logged-in callers only', async () => {
    const free = newMobile()
    s.clock.advance(61_000)
    const guest = await s.post(queryPath(commonApi.sendCaptcha), {
      mobile: free,
      scene: 'change_phone',
    })
    assert.equal(guest.status, 200)
    assert.deepEqual(guest.body, { ret: 302, data: null, msg: '请先登录' })
    const rest = await s.post(restPath(commonApi.smsSend), { phone: free, scene: 'change_phone' })
    assert.equal(rest.status, 401)
    // Nor does it tell a guest whether a number is taken.
    const taken = await s.post(restPath(commonApi.smsSend), {
      phone: '13800000000',
      scene: 'change_phone',
    })
    assert.equal(taken.status, 401)
    const bogus = await s.post(
      restPath(commonApi.smsSend),
      { phone: free, scene: 'change_phone' },
      { token: 'x'.repeat(43) },
    )
    assert.equal(bogus.status, 401)
    assert.equal((await s.get(`/dev/sms?mobile=${free}`)).body.data.length, 0)
    // A deleted account's token does not count either.
    const mobile = newMobile()
    const login = await s.register(mobile)
    const deleteCode = await s.smsCode(mobile, 'delete_account', login.access_token)
    const gone = await s.post(
      restPath(accountApi.deleteAccount),
      { code: deleteCode },
      { token: login.access_token },
    )
    assert.equal(gone.body.code, 200)
    const dead = await s.post(
      restPath(commonApi.smsSend),
      { phone: free, scene: 'change_phone' },
      { token: login.access_token },
    )
    assert.equal(dead.status, 401)
  })

  test('changing the password checks the old one and ends the other sessions', async () => {
    const mobile = newMobile()
    const current = await s.register(mobile, 'old12345')
    const other = await s.login(mobile, 'old12345')
    const wrong = await s.post(
      restPath(accountApi.changePassword),
      { old_password: 'nope1234', password: 'new12345' },
      { token: current.access_token },
    )
    assert.equal(wrong.status, 400)
    assert.equal(wrong.body.msg, '原密码错误')
    const weak = await s.post(
      restPath(accountApi.changePassword),
      { old_password: 'old12345', password: '123' },
      { token: current.access_token },
    )
    assert.equal(weak.body.msg, '密码至少6位，且须同时包含字母和数字')
    const res = await s.post(
      restPath(accountApi.changePassword),
      { old_password: 'old12345', password: 'new12345' },
      { token: current.access_token },
    )
    assert.equal(res.body.code, 200)
    assert.equal((await s.get(PROFILE, { token: current.access_token })).body.ret, 200)
    assert.equal((await s.get(PROFILE, { token: other.access_token })).body.ret, 302)
    await s.login(mobile, 'new12345')
  })

  test('account deletion: tokens die, login is refused, the number can register again', async () => {
    const mobile = newMobile()
    const login = await s.register(mobile)
    const second = await s.login(mobile)

    s.clock.advance(61_000)
    const guest = await s.post(queryPath(commonApi.sendCaptcha), {
      mobile,
      scene: 'delete_account',
    })
    assert.equal(guest.body.ret, 302)
    const foreign = await s.post(
      queryPath(commonApi.sendCaptcha),
      { mobile: '13800000000', scene: 'delete_account' },
      { token: login.access_token },
    )
    assert.equal(foreign.status, 400)
    // the app knows only the masked number: without one, the code goes to the bound number
    const guestOwn = await s.post(queryPath(commonApi.sendCaptcha), {
      scene: 'delete_account',
    })
    assert.equal(guestOwn.body.ret, 302)
    const own = await s.post(
      queryPath(commonApi.sendCaptcha),
      { scene: 'delete_account' },
      { token: login.access_token },
    )
    assert.equal(own.body.ret, 200)
    const box = await s.get(`/dev/sms?mobile=${mobile}`)
    assert.equal(box.body.data[0].scene, 'delete_account')

    const code = await s.smsCode(mobile, 'delete_account', login.access_token)
    const bad = await s.post(
      restPath(accountApi.deleteAccount),
      { code: code === '000000' ? '111111' : '000000' },
      { token: login.access_token },
    )
    assert.equal(bad.body.msg, '验证码错误')
    const res = await s.post(
      restPath(accountApi.deleteAccount),
      { code },
      { token: login.access_token },
    )
    assert.equal(res.body.code, 200)

    assert.equal((await s.get(PROFILE, { token: login.access_token })).body.ret, 302)
    assert.equal(
      (await s.get(restPath(socialApi.userDetail), { token: second.access_token })).status,
      401,
    )
    const refresh = await s.post(queryPath(accountApi.refreshToken), {
      refresh_token: second.refresh_token,
    })
    assert.equal(refresh.body.ret, 302)
    const again = await s.post(restPath(accountApi.loginByPhone), {
      phone: mobile,
      password: 'abc12345',
    })
    assert.equal(again.body.msg, '账号不存在或已注销')
    const info = await s.get(`${queryPath(accountApi.userInfo)}&user_id=${login.user.user_id}`)
    assert.equal(info.status, 404)

    const fresh = await s.register(mobile)
    assert.notEqual(fresh.user.user_id, login.user.user_id)
  })
})
