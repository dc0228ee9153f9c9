import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { accountApi } from '@api/account'
import { commonApi } from '@api/common'
import {
  DEMO_MOBILE,
  DEMO_PASSWORD,
  MINUTE,
  newMobile,
  queryPath,
  restPath,
  startServer,
  type TestServer,
} from './helpers'

describe('sign-up and login', () => {
  let s: TestServer
  before(async () => {
    s = await startServer()
  })
  after(() => s.close())

  test('registers with the code read from /dev/sms (query style)', async () => {
    const mobile = newMobile()
    const code = await s.smsCode(mobile, 'register')
    assert.match(code, /^\d{6}$/)
    const res = await s.post(queryPath(accountApi.register), {
      mobile,
      code,
      password: 'abc12345',
    })
    assert.equal(res.status, 200)
    assert.equal(res.body.ret, 200)
    const data = res.body.data
    assert.equal(typeof data.access_token, 'string')
    assert.equal(data.expire_at - Math.floor(s.clock.now() / 1000), 2 * 60 * 60)
    assert.equal(data.refresh_expire_at - Math.floor(s.clock.now() / 1000), 30 * 24 * 60 * 60)
    assert.equal(data.user.nickname, `书友${mobile.slice(-4)}`)
    assert.equal(data.user.mobile, `${mobile.slice(0, 3)}****${mobile.slice(7)}`)
    assert.equal(data.user.has_password, true)
    assert.ok(data.userSig.length > 10)

    const profile = await s.get(queryPath(accountApi.myProfile), { token: data.access_token })
    assert.equal(profile.body.ret, 200)
    assert.equal(profile.body.data.user_id, data.user.user_id)
  })

  test('registers in the REST style with a form body', async () => {
    const phone = newMobile()
    s.clock.advance(61_000)
    const sent = await s.post(
      restPath(commonApi.smsSend),
      { phone, scene: 'register' },
      { form: true },
    )
    assert.equal(sent.body.code, 200)
    assert.equal(sent.body.data.retry_after, 60)
    const box = await s.get(`/dev/sms?mobile=${phone}`)
    assert.equal(box.body.code, 200)
    assert.equal(box.body.data[0].scene, 'register')
    const code = box.body.data[0].code
    const res = await s.post(
      restPath(accountApi.registerByPhone),
      { phone, code, password: 'pass1234' },
      { form: true },
    )
    assert.equal(res.body.code, 200)
    assert.equal(res.status, 200)
    assert.ok(res.body.data.access_token)
  })

  test('a code works once and a registered number cannot register again', async () => {
    const mobile = newMobile()
    const code = await s.smsCode(mobile, 'register')
    const first = await s.post(queryPath(accountApi.register), {
      mobile,
      code,
      password: 'abc12345',
    })
    assert.equal(first.body.ret, 200)
    const again = await s.post(queryPath(accountApi.register), {
      mobile,
      code,
      password: 'abc12345',
    })
    assert.equal(again.status, 400)
    assert.equal(again.body.msg, '该手机号已注册')
    s.clock.advance(61_000)
    const send = await s.post(queryPath(commonApi.sendCaptcha), {
      mobile,
      scene: 'register',
    })
    assert.equal(send.status, 400)
    assert.equal(send.body.msg, '该手机号已注册')
  })

  test('wrong, expired and worn-out codes are refused', async () => {
    const mobile = newMobile()
    const code = await s.smsCode(mobile, 'register')
    const wrong = code === '000000' ? '111111' : '000000'
    const bad = await s.post(queryPath(accountApi.register), {
      mobile,
      code: wrong,
      password: 'abc12345',
    })
    assert.equal(bad.status, 400)
    assert.equal(bad.body.msg, '验证码错误')

    s.clock.advance(5 * MINUTE + 1000)
    const late = await s.post(queryPath(accountApi.register), {
      mobile,
      code,
      password: 'abc12345',
    })
    assert.equal(late.body.msg, '验证码已失效，请重新获取')

    const fresh = await s.smsCode(mobile, 'register')
    const other = fresh === '000000' ? '111111' : '000000'
    for (let i = 0; i < 4; i++) {
      const r = await s.post(queryPath(accountApi.register), {
        mobile,
        code: other,
        password: 'abc12345',
      })
      assert.equal(r.body.msg, '验证码错误')
    }
    const fifth = await s.post(queryPath(accountApi.register), {
      mobile,
      code: other,
      password: 'abc12345',
    })
    assert.equal(fifth.body.msg, '验证码错误次数过多，请重新获取')
    const right = await s.post(queryPath(accountApi.register), {
      mobile,
      code: fresh,
      password: 'abc12345',
    })
    assert.equal(right.body.msg, '验证码已失效，请重新获取')
  })

  test('registration enforces the password rule', async () => {
    const mobile = newMobile()
    const code = await s.smsCode(mobile, 'register')
    const res = await s.post(queryPath(accountApi.register), {
      mobile,
      code,
      password: 'abcdefgh',
    })
    assert.equal(res.status, 400)
    assert.equal(res.body.msg, '密码至少6位，且须同时包含字母和数字')
    const long = await s.post(queryPath(accountApi.register), {
      mobile,
      code,
      password: 'a1'.repeat(17),
    })
    assert.equal(long.status, 400)
    assert.equal(long.body.msg, '密码不能超过32位')
  })

  test('logs in by password in both styles', async () => {
    const query = await s.post(
      queryPath(accountApi.loginByMobile),
      { mobile: DEMO_MOBILE, password: DEMO_PASSWORD },
      { form: true },
    )
    assert.equal(query.body.ret, 200)
    assert.equal(query.body.data.user.nickname, '演示读者')
    const rest = await s.post(restPath(accountApi.loginByPhone), {
      phone: DEMO_MOBILE,
      password: DEMO_PASSWORD,
    })
    assert.equal(rest.body.code, 200)
    assert.notEqual(rest.body.data.access_token, query.body.data.access_token)
    const wrong = await s.post(restPath(accountApi.loginByPhone), {
      phone: DEMO_MOBILE,
      password: 'nope1234',
    })
    assert.equal(wrong.status, 400)
    assert.equal(wrong.body.code, 400)
    assert.equal(wrong.body.msg, '账号或密码错误，还可尝试4次')
    // A success resets the count.
    await s.post(restPath(accountApi.loginByPhone), { phone: DEMO_MOBILE, password: DEMO_PASSWORD })
    const again = await s.post(restPath(accountApi.loginByPhone), {
      phone: DEMO_MOBILE,
      password: 'nope1234',
    })
    assert.equal(again.body.msg, '账号或密码错误，还可尝试4次')
    await s.post(restPath(accountApi.loginByPhone), { phone: DEMO_MOBILE, password: DEMO_PASSWORD })
  })

  test('logs in by SMS code', async () => {
    const code = await s.smsCode('13800000001', 'login')
    const res = await s.post(queryPath(accountApi.loginByMobile), { mobile: '13800000001', code })
    assert.equal(res.body.ret, 200)
    assert.equal(res.body.data.user.nickname, '书友小林')
    const unknown = newMobile()
    s.clock.advance(61_000)
    const send = await s.post(queryPath(commonApi.sendCaptcha), {
      mobile: unknown,
      scene: 'login',
    })
    assert.equal(send.body.msg, '该手机号未注册')
    const neither = await s.post(queryPath(accountApi.loginByMobile), { mobile: DEMO_MOBILE })
    assert.equal(neither.body.msg, '请输入密码或验证码')
  })

  test('unknown numbers cannot log in', async () => {
    const res = await s.post(restPath(accountApi.loginByPhone), {
      phone: newMobile(),
      password: 'abc12345',
    })
    assert.equal(res.status, 400)
    assert.equal(res.body.msg, '账号不存在或已注销')
  })
})
