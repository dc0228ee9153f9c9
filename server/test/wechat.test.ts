import assert from 'node:assert/strict'
import { createHash, createHmac } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { inflateSync } from 'node:zlib'
import { jsapiSignature } from '../src/modules/common/wechatShare'
import { newMobile, startDouble, startServer, type TestServer } from './helpers'

const APPID = 'wx0123456789abcdef'
const SECRET = 'wechat-secret'
const SDKAPPID = '1400000001'
const SECRETKEY = 'tencent-im-secret-key'

/** A double of api.weixin.qq.com: checks credentials like WeChat does. */
function weChatDouble(phones: Map<string, string>, calls: string[]) {
  let tokenSerial = 0
  let currentToken = ''
  return startDouble(({ method, url, body }) => {
    calls.push(`${method} ${url.pathname}`)
    const q = url.searchParams
    switch (url.pathname) {
      case '/sns/jscode2session':
        if (q.get('appid') !== APPID || q.get('secret') !== SECRET) {
          return { json: { errcode: 40125, errmsg: 'invalid appsecret' } }
        }
        if (q.get('grant_type') !== 'authorization_code') return { json: { errcode: 40002 } }
        if (q.get('js_code') === 'used')
          return { json: { errcode: 40163, errmsg: 'code been used' } }
        return {
          json: {
            openid: `o-${createHash('md5')
              .update(q.get('js_code') ?? '')
              .digest('hex')}`,
            session_key: 'sk',
            unionid: 'u-1',
          },
        }
      case '/cgi-bin/token':
        if (q.get('appid') !== APPID || q.get('secret') !== SECRET)
          return { json: { errcode: 40001 } }
        if (q.get('grant_type') !== 'client_credential') return { json: { errcode: 40002 } }
        tokenSerial += 1
        currentToken = `AT-${tokenSerial}`
        return { json: { access_token: currentToken, expires_in: 7200 } }
      case '/wxa/business/getuserphonenumber': {
        if (method !== 'POST') return { status: 405, json: {} }
        if (q.get('access_token') !== currentToken)
          return { json: { errcode: 40001, errmsg: 'invalid credential' } }
        const phone = phones.get(JSON.parse(body).code)
        if (!phone) return { json: { errcode: 40029, errmsg: 'invalid code' } }
        return {
          json: {
            errcode: 0,
            errmsg: 'ok',
            phone_info: { phoneNumber: phone, purePhoneNumber: phone, countryCode: '86' },
          },
        }
      }
      case '/cgi-bin/ticket/getticket':
        if (q.get('access_token') !== currentToken || q.get('type') !== 'jsapi') {
          return { json: { errcode: 40001, errmsg: 'invalid credential' } }
        }
        return { json: { errcode: 0, errmsg: 'ok', ticket: 'JSAPI-TICKET', expires_in: 7200 } }
      default:
        return { status: 404, json: { errcode: -1 } }
    }
  })
}

const phones = new Map<string, string>()
const calls: string[] = []
let double: { base: string; close: () => Promise<void> }
let s: TestServer

before(async () => {
  double = await weChatDouble(phones, calls)
  s = await startServer({
    WECHAT_APPID: APPID,
    WECHAT_SECRET: SECRET,
    WECHAT_API_BASE: double.base,
    TENCENT_SDKAPPID: SDKAPPID,
    TENCENT_SECRETKEY: SECRETKEY,
  })
})
after(async () => {
  await s.close()
  await double.close()
})

describe('WeChat login, share signature and Tencent userSig', () => {
  test('AppSysConf offers WeChat login', async () => {
    const res = await s.get('/index.php?s=App.Common_Config.AppSysConf')
    assert.equal(res.body.data.wechat_login, true)
  })

  test('oauth unbound → ticket → gainUserPhone creates the user; oauth again logs in', async () => {
    const phone = newMobile()
    phones.set('phone-code-1', phone)
    const first = await s.post('/api/login/oauth', { code: 'login-code-A' })
    assert.equal(first.body.code, 200)
    assert.equal(first.body.data.bound, false)
    assert.ok(first.body.data.ticket)
    assert.equal(first.body.data.expire_at, Math.floor(s.clock.now() / 1000) + 600)

    const bad = await s.post('/api/login/gainUserPhone', {
      code: 'nope',
      ticket: first.body.data.ticket,
    })
    assert.equal(bad.status, 400)
    const done = await s.post('/api/login/gainUserPhone', {
      code: 'phone-code-1',
      ticket: first.body.data.ticket,
    })
    assert.equal(done.body.code, 200, done.body.msg)
    assert.equal(done.body.data.user.wechat_bound, true)
    assert.equal(done.body.data.user.has_password, false)
    assert.equal(done.body.data.user.nickname, `书友${phone.slice(-4)}`)
    const reuse = await s.post('/api/login/gainUserPhone', {
      code: 'phone-code-1',
      ticket: first.body.data.ticket,
    })
    assert.equal(reuse.body.msg, '登录已超时，请重新登录')

    const again = await s.post('/api/login/oauth', { code: 'login-code-A' })
    assert.equal(again.body.data.bound, true)
    assert.equal(again.body.data.user.user_id, done.body.data.user.user_id)
    assert.ok(again.body.data.access_token)
    // The access token was fetched once and reused from the cache.
    assert.equal(calls.filter((c) => c.endsWith('/cgi-bin/token')).length, 1)
  })

  test('gainUserPhone binds an existing account found by its number', async () => {
    const phone = newMobile()
    const registered = await s.register(phone)
    phones.set('phone-code-2', phone)
    const oauth = await s.post('/api/login/oauth', { code: 'login-code-B' })
    const done = await s.post('/api/login/gainUserPhone', {
      code: 'phone-code-2',
      ticket: oauth.body.data.ticket,
    })
    assert.equal(done.body.data.user.user_id, registered.user.user_id)
    assert.equal(done.body.data.user.has_password, true)
  })

  test('tickets expire after 10 minutes; a used login code is refused', async () => {
    phones.set('phone-code-3', newMobile())
    const oauth = await s.post('/api/login/oauth', { code: 'login-code-C' })
    s.clock.advance(10 * 60 * 1000 + 1000)
    const late = await s.post('/api/login/gainUserPhone', {
      code: 'phone-code-3',
      ticket: oauth.body.data.ticket,
    })
    assert.equal(late.body.msg, '登录已超时，请重新登录')
    const used = await s.post('/api/login/oauth', { code: 'used' })
    assert.equal(used.status, 400)
  })

  test('SharePage signs the URL with the jsapi ticket', async () => {
    const url = 'https://read.example.com/pagesA/read/read?id=7'
    const res = await s.get(
      `/?s=App.Common_Weixin.SharePage&url=${encodeURIComponent(url + '#frag')}`,
    )
    assert.equal(res.body.ret, 200, res.body.msg)
    const d = res.body.data
    assert.equal(d.appId, APPID)
    assert.equal(d.debug, false)
    assert.equal(d.timestamp, Math.floor(s.clock.now() / 1000))
    const expected = createHash('sha1')
      .update(
        `jsapi_ticket=JSAPI-TICKET&noncestr=${d.nonceStr}&timestamp=${d.timestamp}&url=${url}`,
      )
      .digest('hex')
    assert.equal(d.signature, expected)
    const bad = await s.get('/?s=App.Common_Weixin.SharePage&url=javascript:alert(1)')
    assert.equal(bad.status, 400)
  })

  test('the JS-SDK signature matches WeChat’s documented example', () => {
    const ticket =
      'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg'
    assert.equal(
      jsapiSignature(
        ticket,
        'Wm3WZYTPz0wzccnW',
        1414587457,
        'http://mp.weixin.qq.com?params=value',
      ),
      '0f9de62fce790f9a083d5c99e95740ceb90c27ed',
    )
  })

  test('userSig is a TLS v2 signature that verifies with the secret key', async () => {
    const login = await s.register(newMobile())
    const raw = login.userSig.replace(/\*/g, '+').replace(/-/g, '/').replace(/_/g, '=')
    const doc = JSON.parse(inflateSync(Buffer.from(raw, 'base64')).toString())
    assert.equal(doc['TLS.ver'], '2.0')
    assert.equal(doc['TLS.identifier'], String(login.user.user_id))
    assert.equal(doc['TLS.sdkappid'], Number(SDKAPPID))
    assert.equal(doc['TLS.expire'], 180 * 24 * 3600)
    const content =
      `TLS.identifier:${doc['TLS.identifier']}\nTLS.sdkappid:${doc['TLS.sdkappid']}\n` +
      `TLS.time:${doc['TLS.time']}\nTLS.expire:${doc['TLS.expire']}\n`
    assert.equal(doc['TLS.sig'], createHmac('sha256', SECRETKEY).update(content).digest('base64'))
  })
})

describe('local WeChat stand-in', () => {
  let local: TestServer
  before(async () => {
    local = await startServer({}, s)
  })
  after(() => local.close())

  test('derives a stable openid from the code and reads phone:<number> codes', async () => {
    const phone = newMobile()
    const oauth = await local.post('/api/login/oauth', { code: 'dev-code' })
    assert.equal(oauth.body.data.bound, false)
    const bad = await local.post('/api/login/gainUserPhone', {
      code: 'phone:123',
      ticket: oauth.body.data.ticket,
    })
    assert.equal(bad.status, 400)
    const done = await local.post('/api/login/gainUserPhone', {
      code: `phone:${phone}`,
      ticket: oauth.body.data.ticket,
    })
    assert.equal(done.body.code, 200)
    const again = await local.post('/api/login/oauth', { code: 'dev-code' })
    assert.equal(again.body.data.bound, true)
    assert.equal(again.body.data.user.user_id, done.body.data.user.user_id)
    assert.match(again.body.data.userSig, /^local\./)
  })
})
