import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { accountApi } from '@api/account'
import { commonApi } from '@api/common'
import { imageCaptchas, userDevices, users } from '../src/db/schema'
import { hashAnswer } from '../src/modules/common/imageCaptcha'
import {
  MINUTE,
  newMobile,
  queryPath,
  restPath,
  SECOND,
  startServer,
  type TestServer,
} from './helpers'

const SEND = queryPath(commonApi.sendCaptcha)
const CREATE = queryPath(commonApi.createCaptcha)
const BIND_UUID = queryPath(accountApi.bindUuid)
const IS_BIND = queryPath(accountApi.wechatBindState)
const WX_INFO = queryPath(accountApi.wechatUserInfo)
const NEED = '请输入图形验证码'
const WRONG = '图形验证码错误，请重新输入'

describe('the five calls of section 7 (issue 8)', () => {
  let s: TestServer
  let token: string
  let userId: number
  before(async () => {
    // The defaults (the suites' helper may raise them for other files).
    s = await startServer({ SMS_CAPTCHA_AFTER_PER_NUMBER: '2', SMS_CAPTCHA_AFTER_PER_IP: '5000' })
    const me = await s.register(newMobile())
    token = me.access_token
    userId = me.user.user_id
  })
  after(() => s.close())

  test('a guest is refused where a login is needed', async () => {
    assert.equal((await s.post(BIND_UUID, { uuid: 'a1b2c3d4e5f6' })).body.ret, 302)
    assert.equal((await s.get(IS_BIND)).body.ret, 302)
    assert.equal((await s.post(WX_INFO)).body.ret, 302)
    assert.equal((await s.get(queryPath(commonApi.uploadPolicy))).body.ret, 302)
  })

  test('BindUUid records a device once, moves its last-seen time, refuses a bad id', async () => {
    const uuid = '6f1c2a4e-8b3d-4c5e-9f7a-1b2c3d4e5f60'
    const first = await s.post(BIND_UUID, { uuid, platform: 'H5' }, { token })
    assert.equal(first.body.ret, 200, JSON.stringify(first.body))
    assert.equal(first.body.data.uuid, uuid)
    assert.equal(first.body.data.first_seen, first.body.data.last_seen)
    s.clock.advance(10 * MINUTE)
    const again = await s.post(BIND_UUID, { uuid }, { token, form: true })
    assert.equal(again.body.ret, 200)
    assert.equal(again.body.data.first_seen, first.body.data.first_seen)
    assert.equal(again.body.data.last_seen, first.body.data.first_seen + 600)
    const rows = await s.db.select().from(userDevices).where(eq(userDevices.userId, userId))
    assert.equal(rows.length, 1)
    assert.equal(rows[0].platform, 'H5')

    for (const bad of ['', 'short', 'x'.repeat(65), 'abc<script>1', '../../etc/passwd']) {
      const res = await s.post(BIND_UUID, { uuid: bad }, { token })
      assert.equal(res.status, 400, bad)
      assert.equal(res.body.msg, '设备标识无效')
    }
    assert.equal((await s.post(BIND_UUID, { uuid: 'y'.repeat(300) }, { token })).status, 400)

    // Only the 20 most recently seen devices are kept.
    for (let i = 0; i < 25; i++) {
      s.clock.advance(SECOND)
      await s.post(BIND_UUID, { uuid: `device-${String(i).padStart(4, '0')}` }, { token })
    }
    const kept = await s.db.select().from(userDevices).where(eq(userDevices.userId, userId))
    assert.equal(kept.length, 20)
    assert.ok(kept.some((row) => row.uuid === 'device-0024'))
    assert.ok(!kept.some((row) => row.uuid === uuid))
  })

  test('the WeChat binding state follows the account', async () => {
    const none = await s.get(IS_BIND, { token })
    assert.deepEqual(none.body.data, { bound: false, mini: false, mp: false })
    const info = await s.post(WX_INFO, {}, { token })
    assert.equal(info.body.ret, 200)
    assert.equal(info.body.data.bound, false)
    assert.match(info.body.data.nickname, /^书友\d{4}$/)
    assert.equal(info.body.data.avatar, '')

    await s.db
      .update(users)
      .set({ mpOpenid: `mp-${userId}` })
      .where(eq(users.id, userId))
    assert.deepEqual((await s.get(IS_BIND, { token })).body.data, {
      bound: true,
      mini: false,
      mp: true,
    })
    await s.db
      .update(users)
      .set({ openid: `mini-${userId}` })
      .where(eq(users.id, userId))
    const both = await s.post(WX_INFO, {}, { token })
    assert.equal(both.body.data.mini, true)
    assert.equal(both.body.data.mp, true)
    // GET is not this call's method.
    assert.equal((await s.get(WX_INFO, { token })).status, 405)
  })

  test('CreateCaptcha draws a 4-character SVG and keeps only a hash of it', async () => {
    const res = await s.post(CREATE)
    assert.equal(res.body.ret, 200)
    const { captchaId, image } = res.body.data
    assert.match(captchaId, /^[a-f0-9]{32}$/)
    assert.match(image, /^data:image\/svg\+xml;base64,/)
    const svg = Buffer.from(image.split(',')[1], 'base64').toString()
    assert.match(svg, /^<svg[^>]*width="120" height="44"/)
    // svg-captcha draws each character as a filled path and each noise line as a stroked one.
    assert.equal((svg.match(/<path fill=/g) ?? []).length, 4)
    assert.ok((svg.match(/<path d=[^>]*stroke=/g) ?? []).length >= 3)
    const [row] = await s.db.select().from(imageCaptchas).where(eq(imageCaptchas.id, captchaId))
    assert.match(row.answerHash, /^[a-f0-9]{64}$/)
    assert.ok(!svg.includes(row.answerHash))
  })

  /** A captcha with a known answer, as CreateCaptcha stores one. */
  async function knownCaptcha(answer: string, on: TestServer = s): Promise<string> {
    const id = randomBytes(16).toString('hex')
    const now = on.clock.now()
    await on.db.insert(imageCaptchas).values({
      id,
      answerHash: hashAnswer(id, answer),
      createdAt: new Date(now),
      expiresAt: new Date(now + 5 * MINUTE),
    })
    return id
  }

  test('from the third send to a number in an hour, SendCaptcha wants an image captcha', async () => {
    const mobile = newMobile()
    const send = (extra: Record<string, string> = {}) => {
      s.clock.advance(61 * SECOND)
      return s.post(SEND, { mobile, scene: 'register', ...extra })
    }
    assert.equal((await send()).body.ret, 200)
    assert.equal((await send()).body.ret, 200)

    const asked = await send()
    assert.equal(asked.status, 400)
    assert.equal(asked.body.msg, NEED)
    assert.deepEqual(asked.body.data, { needCaptcha: true })
    // The REST style asks too.
    const rest = await s.post(restPath(commonApi.smsSend), { phone: mobile, scene: 'register' })
    assert.equal(rest.body.code, 400)
    assert.deepEqual(rest.body.data, { needCaptcha: true })

    // A wrong answer is refused and uses the captcha up.
    const drawn = (await s.post(CREATE)).body.data.captchaId
    const wrong = await send({ captcha_id: drawn, captcha_code: '0000' })
    assert.equal(wrong.status, 400)
    assert.equal(wrong.body.msg, WRONG)
    assert.deepEqual(wrong.body.data, { needCaptcha: true })
    const [used] = await s.db.select().from(imageCaptchas).where(eq(imageCaptchas.id, drawn))
    assert.ok(used.usedAt)
    assert.equal((await send({ captcha_id: 'not-an-id', captcha_code: 'AB3D' })).body.msg, WRONG)

    // The right answer (any case) sends once; the same captcha again is refused.
    const id = await knownCaptcha('AB3D')
    const right = await send({ captcha_id: id, captcha_code: ' ab3d ' })
    assert.equal(right.body.ret, 200, JSON.stringify(right.body))
    const box = await s.get(`/dev/sms?mobile=${mobile}`)
    assert.equal(box.body.data.length, 3)
    const reuse = await send({ captcha_id: id, captcha_code: 'AB3D' })
    assert.equal(reuse.status, 400)
    assert.equal(reuse.body.msg, WRONG)

    // A captcha lives five minutes.
    const old = await knownCaptcha('K7PQ')
    s.clock.advance(5 * MINUTE)
    assert.equal((await send({ captcha_id: old, captcha_code: 'K7PQ' })).body.msg, WRONG)

    // Another number is not asked; an hour after the sends, this one is not either.
    s.clock.advance(61 * SECOND)
    assert.equal((await s.post(SEND, { mobile: newMobile(), scene: 'register' })).body.ret, 200)
    s.clock.advance(60 * MINUTE)
    assert.equal((await send()).body.ret, 200)
  })

  test('after many sends from one address, every number needs a captcha', async () => {
    const strict = await startServer({ SMS_CAPTCHA_AFTER_PER_IP: '3' }, s)
    try {
      strict.clock.t = s.clock.now() + 2 * 60 * MINUTE
      for (let i = 0; i < 3; i++) {
        const res = await strict.post(SEND, { mobile: newMobile(), scene: 'register' })
        assert.equal(res.body.ret, 200, res.body.msg)
      }
      const fourth = await strict.post(SEND, { mobile: newMobile(), scene: 'register' })
      assert.equal(fourth.body.msg, NEED)
      const id = await knownCaptcha('XY23', strict)
      const withIt = await strict.post(SEND, {
        mobile: newMobile(),
        scene: 'register',
        captcha_id: id,
        captcha_code: 'xy23',
      })
      assert.equal(withIt.body.ret, 200)
    } finally {
      await strict.close()
    }
  })
})
