import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { DAY, MINUTE, SECOND, newMobile, startServer, type TestServer } from './helpers'

const SEND = '/index.php?s=App.Common_Sms.SendCaptcha'
const LOCKED = '密码错误次数过多，账号已锁定，请15分钟后再试'

describe('password lockout and SMS limits', () => {
  let s: TestServer
  before(async () => {
    s = await startServer()
  })
  after(() => s.close())

  test('five wrong passwords lock the account for 15 minutes', async () => {
    const mobile = newMobile()
    await s.register(mobile, 'right123')
    for (let left = 4; left >= 1; left--) {
      const res = await s.post('/api/login/phone', { phone: mobile, password: 'wrong123' })
      assert.equal(res.status, 400)
      assert.equal(res.body.msg, `账号或密码错误，还可尝试${left}次`)
    }
    const fifth = await s.post('/api/login/phone', { phone: mobile, password: 'wrong123' })
    assert.equal(fifth.status, 429)
    assert.equal(fifth.body.msg, LOCKED)

    // Locked: even the right password is refused, in both styles.
    const right = await s.post('/api/login/phone', { phone: mobile, password: 'right123' })
    assert.equal(right.body.msg, LOCKED)
    const query = await s.post('/user.php?s=User.User.LoginByMobile', {
      mobile,
      password: 'right123',
    })
    assert.equal(query.body.ret, 429)

    s.clock.advance(14 * MINUTE)
    assert.equal(
      (await s.post('/api/login/phone', { phone: mobile, password: 'right123' })).body.msg,
      LOCKED,
    )
    s.clock.advance(MINUTE + SECOND)
    const unlocked = await s.post('/api/login/phone', { phone: mobile, password: 'right123' })
    assert.equal(unlocked.body.code, 200)
    // Counting starts again from five.
    const wrong = await s.post('/api/login/phone', { phone: mobile, password: 'wrong123' })
    assert.equal(wrong.body.msg, '账号或密码错误，还可尝试4次')
  })

  test('a code login lifts the lock', async () => {
    const mobile = newMobile()
    await s.register(mobile, 'right123')
    for (let i = 0; i < 5; i++) {
      await s.post('/api/login/phone', { phone: mobile, password: 'wrong123' })
    }
    const code = await s.smsCode(mobile, 'login')
    const res = await s.post('/user.php?s=User.User.LoginByMobile', { mobile, code })
    assert.equal(res.body.ret, 200)
    assert.equal(
      (await s.post('/api/login/phone', { phone: mobile, password: 'right123' })).body.code,
      200,
    )
  })

  test('one code per 60 seconds per number', async () => {
    const mobile = newMobile()
    s.clock.advance(61 * SECOND)
    assert.equal((await s.post(SEND, { mobile, scene: 'register' })).body.ret, 200)
    s.clock.advance(20 * SECOND)
    const soon = await s.post(SEND, { mobile, scene: 'register' })
    assert.equal(soon.status, 429)
    assert.equal(soon.body.msg, '发送过于频繁，请40秒后再试')
    // The limit is per number, whatever the scene or style.
    const rest = await s.post('/util/sms/alibaba/send', { phone: mobile, scene: 'register' })
    assert.equal(rest.body.code, 429)
    s.clock.advance(40 * SECOND)
    assert.equal((await s.post(SEND, { mobile, scene: 'register' })).body.ret, 200)
    const box = await s.get(`/dev/sms?mobile=${mobile}`)
    assert.equal(box.body.data.length, 2)
    assert.ok(box.body.data[0].at >= box.body.data[1].at)
  })

  test('ten codes a day per number', async () => {
    const mobile = newMobile()
    // Start just after midnight China time so the ten sends stay within one day.
    const dayMs = DAY
    const offset = 8 * 60 * MINUTE
    s.clock.t = Math.floor((s.clock.t + offset) / dayMs) * dayMs - offset + dayMs + MINUTE
    for (let i = 0; i < 10; i++) {
      const res = await s.post(SEND, { mobile, scene: 'register' })
      assert.equal(res.body.ret, 200, `send ${i + 1}: ${res.body.msg}`)
      s.clock.advance(61 * SECOND)
    }
    const eleventh = await s.post(SEND, { mobile, scene: 'register' })
    assert.equal(eleventh.status, 429)
    assert.equal(eleventh.body.msg, '今日验证码发送次数已达上限')
    // Another number is not affected.
    assert.equal((await s.post(SEND, { mobile: newMobile(), scene: 'register' })).body.ret, 200)
    s.clock.advance(DAY)
    assert.equal((await s.post(SEND, { mobile, scene: 'register' })).body.ret, 200)
  })

  test('only the latest code of a scene is valid', async () => {
    const mobile = newMobile()
    const first = await s.smsCode(mobile, 'register')
    const second = await s.smsCode(mobile, 'register')
    if (first !== second) {
      const old = await s.post('/user.php?s=User.User.Register', {
        mobile,
        code: first,
        password: 'abc12345',
      })
      assert.equal(old.status, 400)
    }
    const res = await s.post('/user.php?s=User.User.Register', {
      mobile,
      code: second,
      password: 'abc12345',
    })
    assert.equal(res.body.ret, 200)
  })

  test('codes are bound to their scene', async () => {
    const mobile = newMobile()
    await s.register(mobile)
    const code = await s.smsCode(mobile, 'reset')
    const login = await s.post('/user.php?s=User.User.LoginByMobile', { mobile, code })
    assert.equal(login.body.msg, '验证码已失效，请重新获取')
  })
})
