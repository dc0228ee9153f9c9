import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { accountApi } from '@api/account'
import { commonApi } from '@api/common'
import { socialApi } from '@api/social'
import { newMobile, queryPath, restPath, startServer, type Reply, type TestServer } from './helpers'

interface Endpoint {
  method: 'GET' | 'POST'
  url: string
  auth: boolean
  /** false for calls that take no input (they may answer 200 to junk). */
  needsInput: boolean
}

const ENDPOINTS: Endpoint[] = [
  { method: 'POST', url: queryPath(accountApi.register), auth: false, needsInput: true },
  { method: 'POST', url: queryPath(accountApi.loginByMobile), auth: false, needsInput: true },
  { method: 'POST', url: queryPath(accountApi.resetPassword), auth: false, needsInput: true },
  { method: 'POST', url: queryPath(accountApi.refreshToken), auth: false, needsInput: true },
  { method: 'POST', url: queryPath(accountApi.loginByToken), auth: true, needsInput: false },
  { method: 'POST', url: queryPath(accountApi.createLog), auth: true, needsInput: true },
  { method: 'POST', url: queryPath(accountApi.bindSpid), auth: true, needsInput: true },
  { method: 'GET', url: queryPath(accountApi.myProfile), auth: true, needsInput: false },
  { method: 'GET', url: queryPath(accountApi.userInfo), auth: false, needsInput: true },
  { method: 'POST', url: queryPath(accountApi.updateProfile), auth: true, needsInput: true },
  { method: 'POST', url: queryPath(accountApi.idcardAuth), auth: true, needsInput: true },
  { method: 'POST', url: queryPath(commonApi.sendCaptcha), auth: false, needsInput: true },
  { method: 'POST', url: queryPath(commonApi.textModeration), auth: false, needsInput: true },
  { method: 'POST', url: queryPath(commonApi.upload), auth: true, needsInput: true },
  { method: 'GET', url: queryPath(commonApi.appSysConf), auth: false, needsInput: false },
  { method: 'GET', url: queryPath(commonApi.specialDetail), auth: false, needsInput: true },
  { method: 'GET', url: '/?s=App.Common_Weixin.SharePage', auth: false, needsInput: true },
  { method: 'POST', url: restPath(accountApi.loginByPhone), auth: false, needsInput: true },
  { method: 'POST', url: restPath(accountApi.registerByPhone), auth: false, needsInput: true },
  { method: 'POST', url: restPath(accountApi.wxOauth), auth: false, needsInput: true },
  { method: 'POST', url: restPath(accountApi.wxGainUserPhone), auth: false, needsInput: true },
  { method: 'POST', url: restPath(accountApi.wxBindPhone), auth: false, needsInput: true },
  { method: 'POST', url: restPath(accountApi.resetPasswordByPhone), auth: false, needsInput: true },
  { method: 'POST', url: restPath(commonApi.smsSend), auth: false, needsInput: true },
  { method: 'GET', url: restPath(commonApi.initData), auth: false, needsInput: false },
  { method: 'GET', url: restPath(socialApi.userDetail), auth: true, needsInput: false },
  { method: 'POST', url: restPath(accountApi.updateProfile), auth: true, needsInput: true },
  { method: 'POST', url: restPath(accountApi.changePhone), auth: true, needsInput: true },
  { method: 'POST', url: restPath(accountApi.changePassword), auth: true, needsInput: true },
  { method: 'POST', url: restPath(accountApi.deleteAccount), auth: true, needsInput: true },
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
    const res = await s.post(queryPath(commonApi.textModeration), undefined, {
      raw: big,
      contentType: 'application/json',
    })
    assert.equal(res.status, 413)
    assert.equal(res.body.msg, '请求内容过大')
    const xml = await s.post(restPath(accountApi.loginByPhone), undefined, {
      raw: '<a/>',
      contentType: 'application/xml',
    })
    assert.equal(xml.status, 415)
    assert.equal(xml.body.code, 415)
    const text = await s.post(restPath(accountApi.loginByPhone), undefined, {
      raw: 'phone=1',
      contentType: 'text/plain',
    })
    assertHandled(text, 'text/plain', true)
  })

  test('form bodies with repeated and odd keys', async () => {
    const res = await s.post(restPath(accountApi.loginByPhone), undefined, {
      raw: 'phone=13800000000&phone=13800000001&password=a&__proto__=x',
      contentType: 'application/x-www-form-urlencoded',
    })
    assertHandled(res, 'repeated form keys', true)
  })
})
