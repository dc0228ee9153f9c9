import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { newMobile, startServer, type TestServer } from './helpers'

const NOT_FOUND = { code: 404, data: null, msg: '接口不存在' }

describe('/dev/sms is served to local requests only, never in production', () => {
  let s: TestServer
  let mobile: string
  before(async () => {
    s = await startServer()
    mobile = newMobile()
    await s.smsCode(mobile, 'register')
  })
  after(() => s.close())

  const read = (remoteAddress: string, headers: Record<string, string> = {}, server = s) =>
    server.fastify.inject({
      method: 'GET',
      url: `/dev/sms?mobile=${mobile}`,
      remoteAddress,
      headers,
    })

  test('loopback addresses read the codes', async () => {
    for (const address of ['127.0.0.1', '127.3.4.5', '::1', '::ffff:127.0.0.1']) {
      const res = await read(address)
      assert.equal(res.statusCode, 200, address)
      const body = res.json()
      assert.equal(body.code, 200)
      assert.equal(body.data.length, 1)
      assert.match(body.data[0].code, /^\d{6}$/)
      assert.equal(body.data[0].scene, 'register')
    }
    // Over a real socket too (the E2E specs read it so).
    const real = await s.get(`/dev/sms?mobile=${mobile}`)
    assert.equal(real.body.code, 200)
    assert.equal(real.body.data.length, 1)
  })

  test('any other address gets the unknown-path answer', async () => {
    for (const address of ['10.1.2.3', '192.168.1.20', '::ffff:10.1.2.3', 'fe80::1', '128.0.0.1']) {
      const res = await read(address)
      assert.equal(res.statusCode, 404, address)
      assert.deepEqual(res.json(), NOT_FOUND)
    }
  })

  test('a loopback request that came through a proxy is not local', async () => {
    const proxied: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.7' },
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=203.0.113.7' },
      { 'x-real-ip': '203.0.113.7' },
    ]
    for (const headers of proxied) {
      const res = await read('127.0.0.1', headers)
      assert.equal(res.statusCode, 404, JSON.stringify(headers))
      assert.deepEqual(res.json(), NOT_FOUND)
    }
  })

  test('TRUST_PROXY does not make a forwarded loopback address local', async () => {
    const proxied = await startServer({ TRUST_PROXY: 'true' }, s)
    try {
      const res = await read('10.0.0.9', { 'x-forwarded-for': '127.0.0.1' }, proxied)
      assert.equal(res.statusCode, 404)
      assert.equal((await read('127.0.0.1', {}, proxied)).statusCode, 200)
    } finally {
      await proxied.close()
    }
  })

  test('production has no /dev/sms, even for loopback', async () => {
    const production = await startServer({ NODE_ENV: 'production' }, s)
    try {
      const res = await read('127.0.0.1', {}, production)
      assert.equal(res.statusCode, 404)
      assert.deepEqual(res.json(), NOT_FOUND)
    } finally {
      await production.close()
    }
  })
})
