import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { accountApi } from '@api/account'
import { commonApi } from '@api/common'
import { queryPath, restPath, startServer, type TestServer } from './helpers'

let s: TestServer
before(async () => {
  s = await startServer({ SERVICE_MOBILE: '400-000-0000' })
})
after(() => s.close())

describe('common calls and serving the app', () => {
  test('AppSysConf', async () => {
    const res = await s.get(queryPath(commonApi.appSysConf))
    assert.deepEqual(res.body, {
      ret: 200,
      data: {
        app_name: '阅读社区',
        version: '3.0.2',
        version_code: 302,
        wechat_login: false,
        wechat_mp_appid: '',
        service_mobile: '400-000-0000',
      },
      msg: 'ok',
    })
  })

  test('Special.Detail answers the agreement, the privacy policy and the agent agreement', async () => {
    for (const [id, title] of [
      ['agreement', '用户协议'],
      ['privacy', '隐私政策'],
      ['agent_agreement', '吧主协议'],
    ]) {
      const res = await s.get(`${queryPath(commonApi.specialDetail)}&id=${id}`)
      assert.equal(res.body.ret, 200)
      assert.equal(res.body.data.id, id)
      assert.equal(res.body.data.title, title)
      assert.match(res.body.data.content, /^<p>/)
      assert.ok(res.body.data.content.includes('<h3>'))
      assert.ok(res.body.data.updated_at > 0)
    }
    const missing = await s.get(`${queryPath(commonApi.specialDetail)}&id=nothing`)
    assert.equal(missing.status, 404)
    assert.equal(missing.body.msg, '页面不存在')
  })

  test('findInitData', async () => {
    const res = await s.get(restPath(commonApi.initData))
    assert.equal(res.body.code, 200)
    assert.equal(res.body.data.sys.version_code, 302)
    assert.ok(res.body.data.agreement_updated_at > 0)
    assert.ok(res.body.data.privacy_updated_at > 0)
  })

  test('TextModeration', async () => {
    const clean = await s.post(queryPath(commonApi.textModeration), {
      content: '今天读了《论语》',
    })
    assert.deepEqual(clean.body.data, { pass: true, hits: [] })
    const dirty = await s.post(
      queryPath(commonApi.textModeration),
      { content: '加我办理假证' },
      { form: true },
    )
    assert.deepEqual(dirty.body.data, { pass: false, hits: ['办理假证'] })
    const empty = await s.post(queryPath(commonApi.textModeration), { content: ' ' })
    assert.equal(empty.status, 400)
  })

  test('speed test file is ~32 KB and not cached', async () => {
    const res = await fetch(`${s.base}/speedtest.bin`)
    assert.equal(res.status, 200)
    assert.equal(res.headers.get('cache-control'), 'no-store')
    assert.equal((await res.arrayBuffer()).byteLength, 32 * 1024)
  })

  test('CORS headers and preflight', async () => {
    const pre = await fetch(`${s.base}${restPath(accountApi.loginByPhone)}`, { method: 'OPTIONS' })
    assert.equal(pre.status, 204)
    assert.equal(pre.headers.get('access-control-allow-origin'), '*')
    assert.match(pre.headers.get('access-control-allow-headers') ?? '', /Authorization/)
    const get = await fetch(`${s.base}${queryPath(commonApi.appSysConf)}`)
    assert.equal(get.headers.get('access-control-allow-origin'), '*')
  })

  test('unknown calls answer an envelope, never the app', async () => {
    const q = await s.get('/index.php?s=App.Nope.Nothing')
    assert.deepEqual([q.status, q.body.ret, q.body.msg], [404, 404, '接口不存在'])
    const wrongFile = await s.get('/index.php?s=User.User.GetMyProfile')
    assert.equal(wrongFile.status, 404)
    const noName = await s.post('/user.php')
    assert.equal(noName.status, 404)
    const rest = await s.get('/api/nothing/here')
    assert.deepEqual([rest.status, rest.body.code], [404, 404])
    const method = await s.get('/api/login/phone')
    assert.equal(method.status, 404)
  })

  test('without dist/h5 the app paths say how to build it', async () => {
    const res = await fetch(`${s.base}/pages/mine/index`)
    assert.equal(res.status, 404)
    assert.match(await res.text(), /npm run build:h5/)
  })

  test('serves dist/h5 with a history-mode fallback, and /?s= as a query route', async () => {
    const dist = path.join(s.dir, 'h5')
    fs.mkdirSync(path.join(dist, 'js'), { recursive: true })
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>')
    fs.writeFileSync(path.join(dist, 'js', 'app.js'), 'console.log(1)')
    fs.writeFileSync(path.join(dist, '.secret'), 'no')

    const root = await fetch(`${s.base}/`)
    assert.equal(root.status, 200)
    assert.match(root.headers.get('content-type') ?? '', /text\/html/)
    const js = await fetch(`${s.base}/js/app.js`)
    assert.match(js.headers.get('content-type') ?? '', /javascript/)
    assert.equal(await js.text(), 'console.log(1)')
    const deep = await fetch(`${s.base}/pagesA/read/read?id=3`)
    assert.equal(deep.status, 200)
    assert.match(await deep.text(), /<title>app<\/title>/)
    const dot = await fetch(`${s.base}/.secret`)
    assert.match(await dot.text(), /<title>app<\/title>/)
    const escape = await fetch(`${s.base}/..%2f..%2fetc%2fpasswd`)
    assert.doesNotMatch(await escape.text(), /root:/)

    const share = await s.get('/?s=App.Common_Weixin.SharePage&url=https://example.com/a')
    assert.equal(share.status, 400)
    assert.equal(share.body.msg, '未配置微信公众号')
  })
})

describe('production mode', () => {
  let prod: TestServer
  before(async () => {
    prod = await startServer({ NODE_ENV: 'production' }, s)
  })
  after(() => prod.close())

  test('/dev/sms is not registered', async () => {
    const res = await prod.get('/dev/sms?mobile=13800000000')
    assert.equal(res.status, 404)
    assert.equal(res.body.code, 404)
    assert.equal(res.body.data, null)
  })

  test('without an appid the local WeChat stand-in is off: no tokens for a phone:<number> code', async () => {
    const mini = await prod.post(restPath(accountApi.wxOauth), { code: 'any-code' })
    assert.equal(mini.status, 400)
    assert.deepEqual(mini.body, { code: 400, data: null, msg: '未配置微信登录' })
    const h5 = await prod.post(restPath(accountApi.wxOauth), { code: 'any-code', source: 'h5' })
    assert.equal(h5.status, 400)
    assert.equal(h5.body.msg, '未配置微信公众号')
    // The stand-in would have read the number from the code; the ticket is checked after.
    const phone = await prod.post(restPath(accountApi.wxGainUserPhone), {
      code: 'phone:13800000000',
      ticket: 'x'.repeat(43),
    })
    assert.equal(phone.status, 400)
    assert.equal(phone.body.msg, '未配置微信登录')
    const share = await prod.get('/?s=App.Common_Weixin.SharePage&url=https://example.com/a')
    assert.equal(share.body.msg, '未配置微信公众号')
    // Outside production the same calls still reach the stand-in.
    assert.equal((await s.post(restPath(accountApi.wxOauth), { code: 'any-code' })).body.code, 200)
  })
})
