import assert from 'node:assert/strict'
import http from 'node:http'
import { after, before, describe, test } from 'node:test'
import { accountApi } from '@api/account'
import { commonApi } from '@api/common'
import { loadConfig } from '../src/config'
import {
  DAY,
  MINUTE,
  newMobile,
  queryPath,
  restPath,
  SECOND,
  startServer,
  type TestServer,
} from './helpers'

const SEND = queryPath(commonApi.sendCaptcha)
const LOCKED = '密码错误次数过多，密码登录已锁定15分钟，可使用短信验证码登录'

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
      const res = await s.post(restPath(accountApi.loginByPhone), {
        phone: mobile,
        password: 'wrong123',
      })
      assert.equal(res.status, 400)
      assert.equal(res.body.msg, `账号或密码错误，还可尝试${left}次`)
    }
    const fifth = await s.post(restPath(accountApi.loginByPhone), {
      phone: mobile,
      password: 'wrong123',
    })
    assert.equal(fifth.status, 429)
    assert.equal(fifth.body.msg, LOCKED)

    // Locked: even the right password is refused, in both styles.
    const right = await s.post(restPath(accountApi.loginByPhone), {
      phone: mobile,
      password: 'right123',
    })
    assert.equal(right.body.msg, LOCKED)
    const query = await s.post(queryPath(accountApi.loginByMobile), {
      mobile,
      password: 'right123',
    })
    assert.equal(query.body.ret, 429)

    s.clock.advance(14 * MINUTE)
    assert.equal(
      (await s.post(restPath(accountApi.loginByPhone), { phone: mobile, password: 'right123' }))
        .body.msg,
      LOCKED,
    )
    s.clock.advance(MINUTE + SECOND)
    const unlocked = await s.post(restPath(accountApi.loginByPhone), {
      phone: mobile,
      password: 'right123',
    })
    assert.equal(unlocked.body.code, 200)
    // Counting starts again from five.
    const wrong = await s.post(restPath(accountApi.loginByPhone), {
      phone: mobile,
      password: 'wrong123',
    })
    assert.equal(wrong.body.msg, '账号或密码错误，还可尝试4次')
  })

  test('a code login lifts the lock', async () => {
    const mobile = newMobile()
    await s.register(mobile, 'right123')
    for (let i = 0; i < 5; i++) {
      await s.post(restPath(accountApi.loginByPhone), { phone: mobile, password: 'wrong123' })
    }
    const code = await s.smsCode(mobile, 'login')
    const res = await s.post(queryPath(accountApi.loginByMobile), { mobile, code })
    assert.equal(res.body.ret, 200)
    assert.equal(
      (await s.post(restPath(accountApi.loginByPhone), { phone: mobile, password: 'right123' }))
        .body.code,
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
    const rest = await s.post(restPath(commonApi.smsSend), { phone: mobile, scene: 'register' })
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
      const old = await s.post(queryPath(accountApi.register), {
        mobile,
        code: first,
        password: 'abc12345',
      })
      assert.equal(old.status, 400)
    }
    const res = await s.post(queryPath(accountApi.register), {
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
    const login = await s.post(queryPath(accountApi.loginByMobile), { mobile, code })
    assert.equal(login.body.msg, '验证码已失效，请重新获取')
  })
})

/** POST JSON from another loopback address (Linux routes all of 127/8 to lo). */
function postFrom(localAddress: string, url: string, body: unknown): Promise<{ ret: number }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json' } },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString())))
      },
    )
    req.on('error', reject)
    req.end(JSON.stringify(body))
  })
}

describe('SMS sends per client address', () => {
  let s: TestServer
  let capped: TestServer
  before(async () => {
    s = await startServer()
    // Empty means unset: the default cap of 30 an hour.
    capped = await startServer({ SMS_IP_HOURLY_MAX: '' }, s)
  })
  after(async () => {
    await capped.close()
    await s.close()
  })

  test('SMS_IP_HOURLY_MAX defaults to 30 and must be a positive integer', () => {
    assert.equal(loadConfig({}).sms.ipHourlyMax, 30)
    assert.equal(loadConfig({ SMS_IP_HOURLY_MAX: '5' }).sms.ipHourlyMax, 5)
    assert.throws(() => loadConfig({ SMS_IP_HOURLY_MAX: '0' }), /SMS_IP_HOURLY_MAX/)
    assert.throws(() => loadConfig({ SMS_IP_HOURLY_MAX: 'many' }), /SMS_IP_HOURLY_MAX/)
  })

  test('at most 30 codes an hour per address, over all scenes and numbers', async () => {
    const send = (mobile: string, scene = 'register') => capped.post(SEND, { mobile, scene })
    // Refused sends do not count.
    for (let i = 0; i < 3; i++) {
      assert.equal((await send('13800000000')).body.msg, '该手机号已注册')
    }
    for (let i = 0; i < 10; i++) {
      assert.equal((await send(newMobile())).body.ret, 200, `send ${i + 1}`)
    }
    capped.clock.advance(30 * MINUTE)
    assert.equal((await send('13800000000', 'login')).body.ret, 200)
    for (let i = 11; i < 30; i++) {
      assert.equal((await send(newMobile(), i % 2 ? 'bind' : 'register')).body.ret, 200)
    }
    const over = await send(newMobile())
    assert.equal(over.status, 429)
    assert.deepEqual(over.body, { ret: 429, data: null, msg: '验证码发送过于频繁，请稍后再试' })
    const rest = await capped.post(restPath(commonApi.smsSend), {
      phone: newMobile(),
      scene: 'bind',
    })
    assert.equal(rest.body.code, 429)
    assert.equal(rest.body.msg, '验证码发送过于频繁，请稍后再试')

    // The window slides: once the first ten are an hour old, ten more go out.
    capped.clock.advance(30 * MINUTE - SECOND)
    assert.equal((await send(newMobile())).status, 429)
    capped.clock.advance(SECOND)
    for (let i = 0; i < 10; i++) {
      assert.equal((await send(newMobile())).body.ret, 200, `late send ${i + 1}`)
    }
    assert.equal((await send(newMobile())).status, 429)
    // The cap is per app: the suite's own server (a high cap) still sends from 127.0.0.1.
    assert.equal((await s.post(SEND, { mobile: newMobile(), scene: 'register' })).body.ret, 200)
  })

  test(
    'another client address has its own allowance',
    { skip: process.platform !== 'linux' && 'needs 127.0.0.2 on the loopback interface' },
    async () => {
      assert.equal((await capped.post(SEND, { mobile: newMobile(), scene: 'bind' })).status, 429)
      const other = await postFrom('127.0.0.2', `${capped.base}${SEND}`, {
        mobile: newMobile(),
        scene: 'bind',
      })
      assert.equal(other.ret, 200)
    },
  )
})

describe('password login timing', () => {
  let s: TestServer
  before(async () => {
    s = await startServer()
  })
  after(() => s.close())

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]

  test('an unregistered number costs the same scrypt work as a registered one', async () => {
    const mobile = newMobile()
    await s.register(mobile, 'right123')
    const time = async (phone: string, password: string) => {
      const start = process.hrtime.bigint()
      const res = await s.post(restPath(accountApi.loginByPhone), { phone, password })
      return { ms: Number(process.hrtime.bigint() - start) / 1e6, res }
    }
    // Warm up both paths (the dummy hash is made on first use).
    await time(newMobile(), 'right123')
    await time(mobile, 'right123')
    const known: number[] = []
    const unknown: number[] = []
    for (let i = 0; i < 7; i++) {
      known.push((await time(mobile, 'right123')).ms)
      const miss = await time(newMobile(), 'right123')
      assert.equal(miss.res.status, 400)
      assert.equal(miss.res.body.msg, '账号不存在或已注销')
      unknown.push(miss.ms)
    }
    // Without the dummy verification an unknown number answers in about a tenth of the time;
    // the margin keeps a loaded machine from failing the comparison.
    assert.ok(
      median(unknown) > median(known) * 0.3,
      `unknown ${median(unknown).toFixed(1)} ms vs known ${median(known).toFixed(1)} ms`,
    )
  })
})
