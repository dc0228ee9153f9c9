import assert from 'node:assert/strict'
import { createHash, createHmac } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { inflateSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import { accountApi } from '@api/account'
import { commonApi } from '@api/common'
import { socialApi } from '@api/social'
import { loadConfig } from '../src/config'
import { users } from '../src/db/schema'
import { jsapiSignature } from '../src/modules/common/wechatShare'
import {
  newMobile,
  queryPath,
  restPath,
  startDouble,
  startServer,
  type TestServer,
} from './helpers'

const APPID = 'wx0123456789abcdef'
const SECRET = 'wechat-secret'
const MP_APPID = 'wxfedcba9876543210'
const MP_SECRET = 'wechat-mp-secret'
const SDKAPPID = '1400000001'
const SECRETKEY = 'tencent-im-secret-key'

const md5 = (text: string) => createHash('md5').update(text).digest('hex')
/** The openids the double gives for a code: one per WeChat app. */
const miniOpenid = (code: string) => `o-${md5(code)}`
const mpOpenid = (code: string) => `mp-${md5(code)}`

/**
 * A double of api.weixin.qq.com for both WeChat apps, the mini-program (APPID) and the official
 * account (MP_APPID): checks credentials and each app's access token like WeChat does. A code in
 * `unionids` also answers that unionid.
 */
function weChatDouble(phones: Map<string, string>, unionids: Map<string, string>, calls: string[]) {
  const secrets = new Map([
    [APPID, SECRET],
    [MP_APPID, MP_SECRET],
  ])
  const tokens = new Map<string, string>()
  let tokenSerial = 0
  return startDouble(({ method, url, body }) => {
    const q = url.searchParams
    calls.push(`${method} ${url.pathname} ${q.get('appid') ?? ''}`.trim())
    const unionid = (code: string | null) => {
      const value = unionids.get(code ?? '')
      return value ? { unionid: value } : {}
    }
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
            openid: miniOpenid(q.get('js_code') ?? ''),
            session_key: 'sk',
            ...unionid(q.get('js_code')),
          },
        }
      case '/sns/oauth2/access_token': {
        if (q.get('appid') !== MP_APPID || q.get('secret') !== MP_SECRET) {
          return { json: { errcode: 40125, errmsg: 'invalid appsecret' } }
        }
        if (q.get('grant_type') !== 'authorization_code') return { json: { errcode: 40002 } }
        const code = q.get('code') ?? ''
        if (code === 'used') return { json: { errcode: 40163, errmsg: 'code been used' } }
        if (code === 'invalid') return { json: { errcode: 40029, errmsg: 'invalid code' } }
        if (code === 'busy') return { json: { errcode: -1, errmsg: 'system error' } }
        return {
          json: {
            access_token: 'web-access-token',
            expires_in: 7200,
            refresh_token: 'web-refresh-token',
            openid: mpOpenid(code),
            scope: 'snsapi_base',
            ...(code === 'snapshot' ? { is_snapshotuser: 1 } : {}),
            ...unionid(code),
          },
        }
      }
      case '/cgi-bin/token': {
        const appid = q.get('appid') ?? ''
        if (!secrets.has(appid) || q.get('secret') !== secrets.get(appid)) {
          return { json: { errcode: 40001 } }
        }
        if (q.get('grant_type') !== 'client_credential') return { json: { errcode: 40002 } }
        tokenSerial += 1
        tokens.set(appid, `AT-${tokenSerial}`)
        return { json: { access_token: tokens.get(appid), expires_in: 7200 } }
      }
      case '/wxa/business/getuserphonenumber': {
        if (method !== 'POST') return { status: 405, json: {} }
        if (q.get('access_token') !== tokens.get(APPID))
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
        // Share signatures are the official account's.
        if (q.get('access_token') !== tokens.get(MP_APPID) || q.get('type') !== 'jsapi') {
          return { json: { errcode: 40001, errmsg: 'invalid credential' } }
        }
        return { json: { errcode: 0, errmsg: 'ok', ticket: 'JSAPI-TICKET', expires_in: 7200 } }
      default:
        return { status: 404, json: { errcode: -1 } }
    }
  })
}

const WECHAT_ENV = {
  WECHAT_APPID: APPID,
  WECHAT_SECRET: SECRET,
  WECHAT_MP_APPID: MP_APPID,
  WECHAT_MP_SECRET: MP_SECRET,
}

const phones = new Map<string, string>()
const unionids = new Map<string, string>()
const calls: string[] = []
let double: { base: string; close: () => Promise<void> }
let s: TestServer

before(async () => {
  double = await weChatDouble(phones, unionids, calls)
  s = await startServer({
    ...WECHAT_ENV,
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
  test('AppSysConf offers WeChat login and names the official account for H5', async () => {
    const res = await s.get(queryPath(commonApi.appSysConf))
    assert.equal(res.body.data.wechat_login, true)
    assert.equal(res.body.data.wechat_mp_appid, MP_APPID)
    const init = await s.get(restPath(commonApi.initData))
    assert.equal(init.body.data.sys.wechat_mp_appid, MP_APPID)
  })

  test('oauth unbound → ticket → gainUserPhone creates the user; oauth again logs in', async () => {
    const phone = newMobile()
    phones.set('phone-code-1', phone)
    const first = await s.post(restPath(accountApi.wxOauth), { code: 'login-code-A' })
    assert.equal(first.body.code, 200)
    assert.equal(first.body.data.bound, false)
    assert.ok(first.body.data.ticket)
    assert.equal(first.body.data.expire_at, Math.floor(s.clock.now() / 1000) + 600)

    const bad = await s.post(restPath(accountApi.wxGainUserPhone), {
      code: 'nope',
      ticket: first.body.data.ticket,
    })
    assert.equal(bad.status, 400)
    const done = await s.post(restPath(accountApi.wxGainUserPhone), {
      code: 'phone-code-1',
      ticket: first.body.data.ticket,
    })
    assert.equal(done.body.code, 200, done.body.msg)
    assert.equal(done.body.data.user.wechat_bound, true)
    assert.equal(done.body.data.user.has_password, false)
    assert.equal(done.body.data.user.nickname, `书友${phone.slice(-4)}`)
    const reuse = await s.post(restPath(accountApi.wxGainUserPhone), {
      code: 'phone-code-1',
      ticket: first.body.data.ticket,
    })
    assert.equal(reuse.body.msg, '登录已超时，请重新登录')

    const again = await s.post(restPath(accountApi.wxOauth), { code: 'login-code-A' })
    assert.equal(again.body.data.bound, true)
    assert.equal(again.body.data.user.user_id, done.body.data.user.user_id)
    assert.ok(again.body.data.access_token)
    // The access token was fetched once and reused from the cache.
    assert.equal(calls.filter((c) => c === `GET /cgi-bin/token ${APPID}`).length, 1)
  })

  test('gainUserPhone binds an existing account found by its number', async () => {
    const phone = newMobile()
    const registered = await s.register(phone)
    phones.set('phone-code-2', phone)
    const oauth = await s.post(restPath(accountApi.wxOauth), { code: 'login-code-B' })
    const done = await s.post(restPath(accountApi.wxGainUserPhone), {
      code: 'phone-code-2',
      ticket: oauth.body.data.ticket,
    })
    assert.equal(done.body.data.user.user_id, registered.user.user_id)
    assert.equal(done.body.data.user.has_password, true)
  })

  test('tickets expire after 10 minutes; a used login code is refused', async () => {
    phones.set('phone-code-3', newMobile())
    const oauth = await s.post(restPath(accountApi.wxOauth), { code: 'login-code-C' })
    s.clock.advance(10 * 60 * 1000 + 1000)
    const late = await s.post(restPath(accountApi.wxGainUserPhone), {
      code: 'phone-code-3',
      ticket: oauth.body.data.ticket,
    })
    assert.equal(late.body.msg, '登录已超时，请重新登录')
    const used = await s.post(restPath(accountApi.wxOauth), { code: 'used' })
    assert.equal(used.status, 400)
  })

  test('SharePage signs the URL with the official account’s jsapi ticket', async () => {
    const url = 'https://read.example.com/pagesA/read/read?id=7'
    const res = await s.get(
      `/?s=App.Common_Weixin.SharePage&url=${encodeURIComponent(url + '#frag')}`,
    )
    assert.equal(res.body.ret, 200, res.body.msg)
    const d = res.body.data
    assert.equal(d.appId, MP_APPID)
    assert.equal(d.debug, false)
    assert.equal(d.timestamp, Math.floor(s.clock.now() / 1000))
    const expected = createHash('sha1')
      .update(
        `jsapi_ticket=JSAPI-TICKET&noncestr=${d.nonceStr}&timestamp=${d.timestamp}&url=${url}`,
      )
      .digest('hex')
    assert.equal(d.signature, expected)
    assert.ok(calls.includes(`GET /cgi-bin/token ${MP_APPID}`))
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

const TICKET_GONE = '微信授权已过期，请重新登录'

/** WeChat login on H5: the web-authorisation code to an answer. */
const h5Oauth = (code: string) => s.post(restPath(accountApi.wxOauth), { code, source: 'h5' })

async function userRow(id: number) {
  const rows = await s.db.select().from(users).where(eq(users.id, id))
  return rows[0]
}

describe('WeChat login on H5 (official account)', () => {
  test('oauth unbound → ticket → bindPhone with a bind code creates the user; oauth again logs in', async () => {
    const phone = newMobile()
    const first = await h5Oauth('web-code-A')
    assert.equal(first.body.code, 200, first.body.msg)
    assert.equal(first.body.data.bound, false)
    assert.equal(first.body.data.expire_at, Math.floor(s.clock.now() / 1000) + 600)
    const ticket = first.body.data.ticket

    // A bind code goes to any valid number, registered or not.
    const code = await s.smsCode(phone, 'bind')
    const wrong = await s.post(restPath(accountApi.wxBindPhone), {
      ticket,
      phone,
      code: code === '000000' ? '111111' : '000000',
    })
    assert.equal(wrong.status, 400)
    assert.equal(wrong.body.msg, '验证码错误')
    // The wrong try did not use the ticket up.
    const done = await s.post(restPath(accountApi.wxBindPhone), { ticket, phone, code })
    assert.equal(done.body.code, 200, done.body.msg)
    assert.ok(done.body.data.access_token)
    assert.ok(done.body.data.refresh_token)
    assert.equal(done.body.data.user.mobile, `${phone.slice(0, 3)}****${phone.slice(7)}`)
    assert.equal(done.body.data.user.nickname, `书友${phone.slice(-4)}`)
    assert.equal(done.body.data.user.has_password, false)
    assert.equal(done.body.data.user.wechat_bound, true)
    const row = await userRow(done.body.data.user.user_id)
    assert.equal(row.mpOpenid, mpOpenid('web-code-A'))
    assert.equal(row.openid, null)

    const reuse = await s.post(restPath(accountApi.wxBindPhone), {
      ticket,
      phone,
      code: await s.smsCode(phone, 'bind'),
    })
    assert.equal(reuse.status, 400)
    assert.equal(reuse.body.msg, TICKET_GONE)

    const again = await h5Oauth('web-code-A')
    assert.equal(again.body.data.bound, true)
    assert.equal(again.body.data.user.user_id, done.body.data.user.user_id)
    assert.ok(again.body.data.access_token)
    // The session works.
    const me = await s.get(restPath(socialApi.userDetail), {
      token: again.body.data.access_token,
    })
    assert.equal(me.body.data.user_id, done.body.data.user.user_id)
    // The mini-program and the official account are different identities.
    const mini = await s.post(restPath(accountApi.wxOauth), { code: 'web-code-A' })
    assert.equal(mini.body.data.bound, false)
  })

  test('bindPhone binds an existing account; the code is sent in the REST style too', async () => {
    const phone = newMobile()
    const registered = await s.register(phone)
    const oauth = await h5Oauth('web-code-B')
    s.clock.advance(61 * 1000)
    const sent = await s.post(restPath(commonApi.smsSend), { phone, scene: 'bind' })
    assert.equal(sent.body.code, 200, sent.body.msg)
    const box = await s.get(`/dev/sms?mobile=${phone}`)
    assert.equal(box.body.data[0].scene, 'bind')
    const done = await s.post(restPath(accountApi.wxBindPhone), {
      ticket: oauth.body.data.ticket,
      phone,
      code: box.body.data[0].code,
    })
    assert.equal(done.body.code, 200, done.body.msg)
    assert.equal(done.body.data.user.user_id, registered.user.user_id)
    assert.equal(done.body.data.user.has_password, true)
    assert.equal(done.body.data.user.wechat_bound, true)
    // Codes of another scene do not count.
    const other = await h5Oauth('web-code-B2')
    const loginCode = await s.smsCode(phone, 'login')
    const refused = await s.post(restPath(accountApi.wxBindPhone), {
      ticket: other.body.data.ticket,
      phone,
      code: loginCode,
    })
    assert.equal(refused.body.msg, '验证码已失效，请重新获取')
  })

  test('unknown and expired tickets are refused', async () => {
    const phone = newMobile()
    const unknown = await s.post(restPath(accountApi.wxBindPhone), {
      ticket: 'no-such-ticket',
      phone,
      code: '123456',
    })
    assert.equal(unknown.status, 400)
    assert.equal(unknown.body.msg, TICKET_GONE)

    const oauth = await h5Oauth('web-code-C')
    const code = await s.smsCode(phone, 'bind')
    s.clock.advance(10 * 60 * 1000)
    const late = await s.post(restPath(accountApi.wxBindPhone), {
      ticket: oauth.body.data.ticket,
      phone,
      code,
    })
    assert.equal(late.status, 400)
    assert.equal(late.body.msg, TICKET_GONE)
  })

  test('an invalid or used code, a WeChat failure and a snapshot page are refused', async () => {
    for (const code of ['used', 'invalid']) {
      const res = await h5Oauth(code)
      assert.equal(res.status, 400)
      assert.equal(res.body.msg, '微信授权已失效，请重试')
    }
    const busy = await h5Oauth('busy')
    assert.equal(busy.status, 502)
    assert.equal(busy.body.msg, '微信登录失败，请重试')
    const snapshot = await h5Oauth('snapshot')
    assert.equal(snapshot.status, 400)
    const source = await s.post(restPath(accountApi.wxOauth), { code: 'web-code-D', source: 'app' })
    assert.equal(source.status, 400)
    assert.equal(source.body.msg, '登录来源不正确')
  })

  test('gainUserPhone refuses an H5 ticket; bindPhone completes a mini-program ticket', async () => {
    const h5 = await h5Oauth('web-code-E')
    phones.set('phone-code-E', newMobile())
    const refused = await s.post(restPath(accountApi.wxGainUserPhone), {
      code: 'phone-code-E',
      ticket: h5.body.data.ticket,
    })
    assert.equal(refused.status, 400)
    assert.equal(refused.body.msg, '登录已超时，请重新登录')

    const phone = newMobile()
    const mini = await s.post(restPath(accountApi.wxOauth), { code: 'mini-code-E' })
    assert.equal(mini.body.data.bound, false)
    const done = await s.post(restPath(accountApi.wxBindPhone), {
      ticket: mini.body.data.ticket,
      phone,
      code: await s.smsCode(phone, 'bind'),
    })
    assert.equal(done.body.code, 200, done.body.msg)
    const row = await userRow(done.body.data.user.user_id)
    assert.equal(row.openid, miniOpenid('mini-code-E'))
    assert.equal(row.mpOpenid, null)
    const again = await s.post(restPath(accountApi.wxOauth), { code: 'mini-code-E' })
    assert.equal(again.body.data.user.user_id, done.body.data.user.user_id)
  })

  test('a unionid links a mini-program account and an H5 login to one user', async () => {
    // Mini-program first, then H5.
    unionids.set('mini-code-U1', 'union-1')
    unionids.set('web-code-U1', 'union-1')
    phones.set('phone-code-U1', newMobile())
    const mini = await s.post(restPath(accountApi.wxOauth), { code: 'mini-code-U1' })
    const account = await s.post(restPath(accountApi.wxGainUserPhone), {
      code: 'phone-code-U1',
      ticket: mini.body.data.ticket,
    })
    assert.equal(account.body.code, 200, account.body.msg)
    const h5 = await h5Oauth('web-code-U1')
    assert.equal(h5.body.data.bound, true)
    assert.equal(h5.body.data.user.user_id, account.body.data.user.user_id)
    const row = await userRow(account.body.data.user.user_id)
    assert.equal(row.openid, miniOpenid('mini-code-U1'))
    assert.equal(row.mpOpenid, mpOpenid('web-code-U1'))
    assert.equal(row.unionid, 'union-1')

    // H5 first, then the mini-program.
    unionids.set('web-code-U2', 'union-2')
    unionids.set('mini-code-U2', 'union-2')
    const phone = newMobile()
    const web = await h5Oauth('web-code-U2')
    const bound = await s.post(restPath(accountApi.wxBindPhone), {
      ticket: web.body.data.ticket,
      phone,
      code: await s.smsCode(phone, 'bind'),
    })
    assert.equal(bound.body.code, 200, bound.body.msg)
    const fromMini = await s.post(restPath(accountApi.wxOauth), { code: 'mini-code-U2' })
    assert.equal(fromMini.body.data.bound, true)
    assert.equal(fromMini.body.data.user.user_id, bound.body.data.user.user_id)
    assert.equal((await userRow(bound.body.data.user.user_id)).openid, miniOpenid('mini-code-U2'))
  })

  test('an identity bound elsewhere and a number bound to another WeChat are refused', async () => {
    // Two tickets for one person: the first binds, the second may not bind another number.
    const first = await h5Oauth('web-code-F')
    const second = await h5Oauth('web-code-F')
    const phone = newMobile()
    const done = await s.post(restPath(accountApi.wxBindPhone), {
      ticket: first.body.data.ticket,
      phone,
      code: await s.smsCode(phone, 'bind'),
    })
    assert.equal(done.body.code, 200, done.body.msg)
    const otherPhone = newMobile()
    const elsewhere = await s.post(restPath(accountApi.wxBindPhone), {
      ticket: second.body.data.ticket,
      phone: otherPhone,
      code: await s.smsCode(otherPhone, 'bind'),
    })
    assert.equal(elsewhere.status, 400)
    assert.equal(elsewhere.body.msg, '该微信已绑定其他账号')

    // Another official-account identity may not take over that number.
    const stranger = await h5Oauth('web-code-G')
    const taken = await s.post(restPath(accountApi.wxBindPhone), {
      ticket: stranger.body.data.ticket,
      phone,
      code: await s.smsCode(phone, 'bind'),
    })
    assert.equal(taken.status, 400)
    assert.equal(taken.body.msg, '该手机号已绑定其他微信')

    // A unionid already on another account counts as that account's WeChat.
    unionids.set('web-code-U3', 'union-3')
    unionids.set('mini-code-U3', 'union-3')
    const early = await h5Oauth('web-code-U3')
    assert.equal(early.body.data.bound, false)
    phones.set('phone-code-U3', newMobile())
    const mini = await s.post(restPath(accountApi.wxOauth), { code: 'mini-code-U3' })
    const miniDone = await s.post(restPath(accountApi.wxGainUserPhone), {
      code: 'phone-code-U3',
      ticket: mini.body.data.ticket,
    })
    assert.equal(miniDone.body.code, 200, miniDone.body.msg)
    const late = newMobile()
    const linked = await s.post(restPath(accountApi.wxBindPhone), {
      ticket: early.body.data.ticket,
      phone: late,
      code: await s.smsCode(late, 'bind'),
    })
    assert.equal(linked.body.msg, '该微信已绑定其他账号')
  })

  test('deleting the account frees the official-account identity', async () => {
    const phone = newMobile()
    const oauth = await h5Oauth('web-code-H')
    const done = await s.post(restPath(accountApi.wxBindPhone), {
      ticket: oauth.body.data.ticket,
      phone,
      code: await s.smsCode(phone, 'bind'),
    })
    const token = done.body.data.access_token
    const code = await s.smsCode(phone, 'delete_account', token)
    const gone = await s.post(restPath(accountApi.deleteAccount), { code }, { token })
    assert.equal(gone.body.code, 200, gone.body.msg)
    assert.equal((await userRow(done.body.data.user.user_id)).mpOpenid, null)
    const again = await h5Oauth('web-code-H')
    assert.equal(again.body.data.bound, false)
  })
})

describe('official account settings', () => {
  test('a half-configured official account refuses to start', () => {
    assert.throws(() => loadConfig({ WECHAT_MP_APPID: MP_APPID }), /WECHAT_MP_SECRET/)
    assert.throws(() => loadConfig({ WECHAT_MP_SECRET: MP_SECRET }), /WECHAT_MP_APPID/)
  })

  test('with only the mini-program configured, SharePage has no official account', async () => {
    const miniOnly = await startServer(
      { WECHAT_APPID: APPID, WECHAT_SECRET: SECRET, WECHAT_API_BASE: double.base },
      s,
    )
    try {
      const conf = await miniOnly.get(queryPath(commonApi.appSysConf))
      assert.equal(conf.body.data.wechat_login, true)
      assert.equal(conf.body.data.wechat_mp_appid, '')
      const share = await miniOnly.get(
        '/?s=App.Common_Weixin.SharePage&url=https://read.example.com/a',
      )
      assert.equal(share.status, 400)
      assert.equal(share.body.msg, '未配置微信公众号')
    } finally {
      await miniOnly.close()
    }
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
    const oauth = await local.post(restPath(accountApi.wxOauth), { code: 'dev-code' })
    assert.equal(oauth.body.data.bound, false)
    const bad = await local.post(restPath(accountApi.wxGainUserPhone), {
      code: 'phone:123',
      ticket: oauth.body.data.ticket,
    })
    assert.equal(bad.status, 400)
    const done = await local.post(restPath(accountApi.wxGainUserPhone), {
      code: `phone:${phone}`,
      ticket: oauth.body.data.ticket,
    })
    assert.equal(done.body.code, 200)
    const again = await local.post(restPath(accountApi.wxOauth), { code: 'dev-code' })
    assert.equal(again.body.data.bound, true)
    assert.equal(again.body.data.user.user_id, done.body.data.user.user_id)
    assert.match(again.body.data.userSig, /^local\./)
  })

  test('derives a separate stable openid for H5 logins', async () => {
    const phone = newMobile()
    const mini = await local.post(restPath(accountApi.wxOauth), { code: 'dev-code-2' })
    const account = await local.post(restPath(accountApi.wxGainUserPhone), {
      code: `phone:${phone}`,
      ticket: mini.body.data.ticket,
    })
    assert.equal(account.body.code, 200, account.body.msg)
    // The same code on H5 is another identity; binding it to the same number links the two.
    const h5 = await local.post(restPath(accountApi.wxOauth), { code: 'dev-code-2', source: 'h5' })
    assert.equal(h5.body.data.bound, false)
    const done = await local.post(restPath(accountApi.wxBindPhone), {
      ticket: h5.body.data.ticket,
      phone,
      code: await local.smsCode(phone, 'bind'),
    })
    assert.equal(done.body.code, 200, done.body.msg)
    assert.equal(done.body.data.user.user_id, account.body.data.user.user_id)
    const again = await local.post(restPath(accountApi.wxOauth), {
      code: 'dev-code-2',
      source: 'h5',
    })
    assert.equal(again.body.data.bound, true)
    assert.equal(again.body.data.user.user_id, done.body.data.user.user_id)
    const fromMini = await local.post(restPath(accountApi.wxOauth), { code: 'dev-code-2' })
    assert.equal(fromMini.body.data.user.user_id, done.body.data.user.user_id)
  })
})
