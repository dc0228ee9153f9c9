import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { newMobile, startServer, type Reply, type TestServer } from './helpers'

interface Endpoint {
  method: 'GET' | 'POST'
  url: string
  auth: boolean
  /** false for calls that take no input (they may answer 200 to junk). */
  needsInput: boolean
}

const q = (name: string) =>
  name.startsWith('User.') ? `/user.php?s=${name}` : `/index.php?s=${name}`

const ENDPOINTS: Endpoint[] = [
  { method: 'POST', url: q('User.User.Register'), auth: false, needsInput: true },
  { method: 'POST', url: q('User.User.LoginByMobile'), auth: false, needsInput: true },
  { method: 'POST', url: q('User.User.ResetPasswordByMobile'), auth: false, needsInput: true },
  { method: 'POST', url: q('App.Common_Token.RefreshToken'), auth: false, needsInput: true },
  { method: 'POST', url: q('User.User.LoginByToken'), auth: true, needsInput: false },
  { method: 'POST', url: q('User.User.CreateLog'), auth: true, needsInput: true },
  { method: 'POST', url: q('User.User.BindSpid'), auth: true, needsInput: true },
  { method: 'GET', url: q('User.User.GetMyProfile'), auth: true, needsInput: false },
  { method: 'GET', url: q('App.User.GetInfo'), auth: false, needsInput: true },
  { method: 'POST', url: q('User.User.RefreshUserProfile'), auth: true, needsInput: true },
  { method: 'POST', url: q('User.User.IdcardAuth'), auth: true, needsInput: true },
  { method: 'POST', url: q('App.Common_Sms.SendCaptcha'), auth: false, needsInput: true },
  { method: 'POST', url: q('App.Common_Tools.TextModeration'), auth: false, needsInput: true },
  { method: 'POST', url: q('App.Common_File.Upload'), auth: true, needsInput: true },
  { method: 'GET', url: q('App.Common_Config.AppSysConf'), auth: false, needsInput: false },
  { method: 'GET', url: q('App.Special.Detail'), auth: false, needsInput: true },
  { method: 'GET', url: '/?s=App.Common_Weixin.SharePage', auth: false, needsInput: true },
  { method: 'POST', url: '/api/login/phone', auth: false, needsInput: true },
  { method: 'POST', url: '/api/login/register', auth: false, needsInput: true },
  { method: 'POST', url: '/api/login/oauth', auth: false, needsInput: true },
  { method: 'POST', url: '/api/login/gainUserPhone', auth: false, needsInput: true },
  { method: 'POST', url: '/api/login/bindPhone', auth: false, needsInput: true },
  { method: 'POST', url: '/api/login/UpdateUserInfoPwd', auth: false, needsInput: true },
  { method: 'POST', url: '/util/sms/alibaba/send', auth: false, needsInput: true },
  { method: 'GET', url: '/api/utils/findInitData', auth: false, needsInput: false },
  { method: 'GET', url: '/api/user/findUserInfoDetailsApi', auth: true, needsInput: false },
  { method: 'POST', url: '/api/user/updateUserInfoApi', auth: true, needsInput: true },
  { method: 'POST', url: '/api/user/updateUserPhoneApi', auth: true, needsInput: true },
  { method: 'POST', url: '/api/user/updateUserPwdApi', auth: true, needsInput: true },
  { method: 'POST', url: '/api/user/logoutAccount', auth: true, needsInput: true },
]

const FIELDS = [
  'mobile',
  'phone',
  'code',
  'password',
  'old_password',
  'scene',
  'refresh_token',
  'platform_type',
  'device_info',
  'spid',
  'nickname',
  'avatar',
  'sex',
  'signature',
  'real_name',
  'id_card',
  'content',
  'ticket',
  'source',
  'user_id',
  'id',
  'url',
]

const everyField = (value: unknown) => Object.fromEntries(FIELDS.map((f) => [f, value]))

function assertHandled(res: Reply, label: string, mustFail: boolean): void {
  assert.ok(res.status < 500, `${label}: HTTP ${res.status} ${JSON.stringify(res.body)}`)
  assert.equal(
    typeof res.body,
    'object',
    `${label}: not an envelope: ${String(res.body).slice(0, 80)}`,
  )
  const code = res.body.ret ?? res.body.code
  assert.ok(code !== 500, `${label}: ${JSON.stringify(res.body)}`)
  assert.equal(typeof res.body.msg, 'string', label)
  assert.ok(res.body.msg.length > 0, label)
  assert.ok(!JSON.stringify(res.body).includes('    at '), `${label}: stack trace leaked`)
  if (mustFail)
    assert.ok(code >= 400 && code < 500, `${label}: expected 4xx, got ${code} ${res.body.msg}`)
}

describe('bad input never causes a 500', () => {
  let s: TestServer
  let token: string
  before(async () => {
    s = await startServer()
    token = (await s.register(newMobile())).access_token
  })
  after(() => s.close())

  const send = (e: Endpoint, body: Record<string, unknown> | undefined, raw?: string) => {
    const opts = { token: e.auth ? token : undefined }
    if (e.method === 'GET') {
      const qs = body ? new URLSearchParams(body as Record<string, string>).toString() : ''
      return s.get(qs ? `${e.url}${e.url.includes('?') ? '&' : '?'}${qs}` : e.url, opts)
    }
    if (raw !== undefined)
      return s.post(e.url, undefined, { ...opts, raw, contentType: 'application/json' })
    return s.post(e.url, body, opts)
  }

  test('missing fields', async () => {
    for (const e of ENDPOINTS) assertHandled(await send(e, {}), `${e.url} {}`, e.needsInput)
  })

  test('malformed JSON', async () => {
    for (const e of ENDPOINTS.filter((x) => x.method === 'POST')) {
      for (const raw of ['{"mobile":', 'null', '[1,2]', '"text"', '{"__proto__":{"x":1}}']) {
        assertHandled(await send(e, undefined, raw), `${e.url} ${raw}`, e.needsInput)
      }
    }
  })

  test('wrong types', async () => {
    for (const e of ENDPOINTS) {
      for (const value of [{ a: 1 }, [1, 2], true, 1e20, null]) {
        if (e.method === 'GET') continue
        assertHandled(await send(e, everyField(value)), `${e.url} ${JSON.stringify(value)}`, false)
      }
    }
    // Repeated query keys arrive as arrays.
    for (const e of ENDPOINTS.filter((x) => x.method === 'GET' && x.needsInput)) {
      const res = await s.get(`${e.url}&user_id=1&user_id=2&id=a&id=b&url=x&url=y`, {
        token: e.auth ? token : undefined,
      })
      assertHandled(res, `${e.url} repeated keys`, true)
    }
  })

  test('huge strings', async () => {
    const huge = 'x'.repeat(100_000)
    for (const e of ENDPOINTS) {
      const body =
        e.method === 'GET'
          ? { user_id: huge.slice(0, 5000), id: huge.slice(0, 5000), url: huge.slice(0, 5000) }
          : everyField(huge)
      assertHandled(await send(e, body), `${e.url} huge`, e.needsInput)
    }
  })

  test('a body over 1 MB and an unknown content type', async () => {
    const big = JSON.stringify({ content: 'x'.repeat(2 * 1024 * 1024) })
    const res = await s.post('/index.php?s=App.Common_Tools.TextModeration', undefined, {
      raw: big,
      contentType: 'application/json',
    })
    assert.equal(res.status, 413)
    assert.equal(res.body.msg, '请求内容过大')
    const xml = await s.post('/api/login/phone', undefined, {
      raw: '<a/>',
      contentType: 'application/xml',
    })
    assert.equal(xml.status, 415)
    assert.equal(xml.body.code, 415)
    const text = await s.post('/api/login/phone', undefined, {
      raw: 'phone=1',
      contentType: 'text/plain',
    })
    assertHandled(text, 'text/plain', true)
  })

  test('form bodies with repeated and odd keys', async () => {
    const res = await s.post('/api/login/phone', undefined, {
      raw: 'phone=13800000000&phone=13800000001&password=a&__proto__=x',
      contentType: 'application/x-www-form-urlencoded',
    })
    assertHandled(res, 'repeated form keys', true)
  })
})
