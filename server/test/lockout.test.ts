import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { accountApi } from '@api/account'
import { loadConfig } from '../src/config'
import {
  MINUTE,
  newMobile,
  queryPath,
  restPath,
  SECOND,
  startServer,
  type Reply,
  type TestServer,
} from './helpers'

const LOCKED = '密码错误次数过多，密码登录已锁定15分钟，可使用短信验证码登录'
const ADDRESS_LIMIT = '尝试次数过多，请稍后再试'
const PASSWORD = 'right123'

describe('the password lock holds back the guesser, not the owner', () => {
  let s: TestServer
  before(async () => {
    s = await startServer()
  })
  after(() => s.close())

  /** A call from the client address `ip` (the test server itself listens on 127.0.0.1). */
  async function postFrom(ip: string, url: string, body: Record<string, string>): Promise<Reply> {
    const res = await s.fastify.inject({ method: 'POST', url, payload: body, remoteAddress: ip })
    return { status: res.statusCode, body: res.json(), headers: new Headers() }
  }

  async function lockedByStranger(mobile: string, stranger: string): Promise<void> {
    for (let left = 4; left >= 1; left--) {
      const res = await postFrom(stranger, restPath(accountApi.loginByPhone), {
        phone: mobile,
        password: 'x1',
      })
      assert.equal(res.body.msg, `账号或密码错误，还可尝试${left}次`)
    }
    const fifth = await postFrom(stranger, restPath(accountApi.loginByPhone), {
      phone: mobile,
      password: 'x1',
    })
    assert.equal(fifth.status, 429)
    assert.equal(fifth.body.msg, LOCKED)
  }

  test("a stranger's five wrong passwords lock password login; the owner logs in by code", async () => {
    const mobile = newMobile()
    await s.register(mobile, PASSWORD)
    await lockedByStranger(mobile, '10.0.0.1')

    // The owner, elsewhere: the password is locked too, and the message points at the code.
    const owner = '10.0.0.2'
    const right = await postFrom(owner, restPath(accountApi.loginByPhone), {
      phone: mobile,
      password: PASSWORD,
    })
    assert.equal(right.status, 429)
    assert.equal(right.body.msg, LOCKED)
    const query = await postFrom(owner, queryPath(accountApi.loginByMobile), {
      mobile,
      password: PASSWORD,
    })
    assert.equal(query.body.ret, 429)
    assert.equal(query.body.msg, LOCKED)

    const code = await s.smsCode(mobile, 'login')
    const byCode = await postFrom(owner, queryPath(accountApi.loginByMobile), { mobile, code })
    assert.equal(byCode.body.ret, 200)
    assert.ok(byCode.body.data.access_token)
    // The code login lifted the lock.
    const after = await postFrom(owner, restPath(accountApi.loginByPhone), {
      phone: mobile,
      password: PASSWORD,
    })
    assert.equal(after.body.code, 200)
  })

  test('password reset by code works while the password is locked', async () => {
    const mobile = newMobile()
    await s.register(mobile, PASSWORD)
    await lockedByStranger(mobile, '10.0.1.1')
    const code = await s.smsCode(mobile, 'reset')
    const reset = await postFrom('10.0.1.2', restPath(accountApi.resetPasswordByPhone), {
      phone: mobile,
      code,
      password: 'fresh456',
    })
    assert.equal(reset.body.code, 200)
    const login = await postFrom('10.0.1.2', restPath(accountApi.loginByPhone), {
      phone: mobile,
      password: 'fresh456',
    })
    assert.equal(login.body.code, 200)
  })

  test('a signed-in person confirming a locked password gets a message of its own', async () => {
    const mobile = newMobile()
    const token = (await s.register(mobile, PASSWORD)).access_token
    await lockedByStranger(mobile, '10.0.2.1')
    const change = await s.post(
      restPath(accountApi.changePassword),
      { old_password: PASSWORD, password: 'other789' },
      { token },
    )
    assert.equal(change.status, 429)
    assert.equal(change.body.msg, '密码错误次数过多，请15分钟后再试')
  })
})

describe('failed attempts per client address, across accounts', () => {
  let s: TestServer
  let other: TestServer
  const accounts: string[] = []
  before(async () => {
    s = await startServer()
    // A second server process on the same database: the count lives in the database.
    other = await startServer({}, s)
    for (let i = 0; i < 26; i++) {
      const mobile = newMobile()
      await s.register(mobile, PASSWORD)
      accounts.push(mobile)
    }
  })
  after(async () => {
    await other.close()
    await s.close()
  })

  async function postFrom(
    server: TestServer,
    ip: string,
    url: string,
    body: Record<string, string>,
  ): Promise<Reply> {
    server.clock.t = s.clock.t
    const res = await server.fastify.inject({
      method: 'POST',
      url,
      payload: body,
      remoteAddress: ip,
    })
    return { status: res.statusCode, body: res.json(), headers: new Headers() }
  }

  const loginFrom = (ip: string, phone: string, password: string, server = s) =>
    postFrom(server, ip, restPath(accountApi.loginByPhone), { phone, password })

  test('LOGIN_IP_FAILURES_MAX defaults to 20 and must be a positive integer', () => {
    assert.equal(loadConfig({}).loginIpFailuresMax, 20)
    assert.equal(loadConfig({ LOGIN_IP_FAILURES_MAX: '5' }).loginIpFailuresMax, 5)
    assert.throws(() => loadConfig({ LOGIN_IP_FAILURES_MAX: '0' }), /LOGIN_IP_FAILURES_MAX/)
    assert.throws(() => loadConfig({ LOGIN_IP_FAILURES_MAX: 'many' }), /LOGIN_IP_FAILURES_MAX/)
  })

  test('spraying passwords over 25 accounts from one address stops after 20 failures', async () => {
    const sprayer = '10.9.9.9'
    for (let i = 0; i < 20; i++) {
      // Half on each server process: they share the count.
      const res = await loginFrom(sprayer, accounts[i], 'guess123', i % 2 === 0 ? s : other)
      assert.equal(res.status, 400, `attempt ${i + 1}`)
      assert.equal(res.body.msg, '账号或密码错误，还可尝试4次')
    }
    for (let i = 20; i < 25; i++) {
      const res = await loginFrom(sprayer, accounts[i], 'guess123')
      assert.equal(res.status, 429, `attempt ${i + 1}`)
      assert.equal(res.body.msg, ADDRESS_LIMIT)
    }
    // An account it never tried, with the right password, by password or by code, either style.
    const untried = accounts[25]
    const right = await loginFrom(sprayer, untried, PASSWORD, other)
    assert.equal(right.status, 429)
    assert.equal(right.body.msg, ADDRESS_LIMIT)
    const code = await s.smsCode(untried, 'login')
    const byCode = await postFrom(s, sprayer, queryPath(accountApi.loginByMobile), {
      mobile: untried,
      code,
    })
    assert.equal(byCode.body.ret, 429)
    assert.equal(byCode.body.msg, ADDRESS_LIMIT)

    // Another address is not affected; each sprayed account took one failure only.
    const owner = '10.9.9.10'
    assert.equal((await loginFrom(owner, untried, PASSWORD)).body.code, 200)
    assert.equal((await loginFrom(owner, accounts[0], PASSWORD)).body.code, 200)
    const ownerByCode = await postFrom(s, owner, queryPath(accountApi.loginByMobile), {
      mobile: untried,
      code,
    })
    assert.equal(ownerByCode.body.ret, 200)

    // The window slides: 15 minutes after the failures the address may try again.
    s.clock.advance(15 * MINUTE - 62 * SECOND)
    assert.equal((await loginFrom(sprayer, untried, PASSWORD)).status, 429)
    s.clock.advance(2 * SECOND)
    assert.equal((await loginFrom(sprayer, untried, PASSWORD)).body.code, 200)
  })

  test('parallel guesses from one address cannot slip past the count', async () => {
    const results = await Promise.all(
      accounts
        .slice(0, 26)
        .map((mobile, i) => loginFrom('10.7.7.7', mobile, 'guess123', i % 2 === 0 ? s : other)),
    )
    const statuses = results.map((res) => res.status)
    assert.equal(statuses.filter((status) => status === 400).length, 20, statuses.join(','))
    assert.equal(statuses.filter((status) => status === 429).length, 6, statuses.join(','))
  })

  test('wrong SMS codes count too, and then password login is refused as well', async () => {
    const guesser = '10.8.8.8'
    let failures = 0
    for (const mobile of accounts.slice(0, 3)) {
      await s.smsCode(mobile, 'login')
      for (let i = 0; i < 5; i++) {
        const res = await postFrom(s, guesser, queryPath(accountApi.loginByMobile), {
          mobile,
          code: String(100000 + failures++),
        })
        assert.equal(res.status, 400)
      }
    }
    // Wrong reset codes count as well.
    await s.smsCode(accounts[3], 'reset')
    for (let i = 0; i < 5; i++) {
      const res = await postFrom(s, guesser, restPath(accountApi.resetPasswordByPhone), {
        phone: accounts[3],
        code: String(100000 + failures++),
        password: 'fresh456',
      })
      assert.equal(res.status, 400)
    }
    assert.equal(failures, 20)
    const refused = await loginFrom(guesser, accounts[5], PASSWORD)
    assert.equal(refused.status, 429)
    assert.equal(refused.body.msg, ADDRESS_LIMIT)
    for (const [url, body] of [
      [
        restPath(accountApi.registerByPhone),
        { phone: newMobile(), code: '123456', password: 'fresh456' },
      ],
      [
        restPath(accountApi.resetPasswordByPhone),
        { phone: accounts[6], code: '123456', password: 'a12345' },
      ],
      [queryPath(accountApi.loginByMobile), { mobile: accounts[6], code: '123456' }],
    ] as const) {
      const res = await postFrom(s, guesser, url, body)
      assert.equal(res.status, 429, url)
      assert.equal(res.body.msg, ADDRESS_LIMIT)
    }
  })
})
