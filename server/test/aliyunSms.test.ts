import assert from 'node:assert/strict'
import { createHmac } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { accountApi } from '@api/account'
import { commonApi } from '@api/common'
import { popSignature } from '../src/services/sms/aliyunSignature'
import {
  newMobile,
  queryPath,
  restPath,
  startDouble,
  startServer,
  type TestServer,
} from './helpers'

const KEY_ID = 'LTAI-test-key'
const KEY_SECRET = 'test-secret/with+odd=chars'

/** An independent RFC 3986 encoder, byte by byte, as Aliyun's documentation describes it. */
function rfc3986(value: string): string {
  let out = ''
  for (const byte of Buffer.from(value, 'utf8')) {
    const ch = String.fromCharCode(byte)
    out += /[A-Za-z0-9\-_.~]/.test(ch) ? ch : '%' + byte.toString(16).toUpperCase().padStart(2, '0')
  }
  return out
}

/** The double's own check of a POP v1 signature. */
function verifies(method: string, form: URLSearchParams, secret: string): boolean {
  const params = [...form.entries()].filter(([key]) => key !== 'Signature')
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  const canonical = params.map(([k, v]) => `${rfc3986(k)}=${rfc3986(v)}`).join('&')
  const toSign = `${method}&${rfc3986('/')}&${rfc3986(canonical)}`
  const expected = createHmac('sha1', `${secret}&`).update(toSign).digest('base64')
  return expected === form.get('Signature')
}

describe('Aliyun SMS client', () => {
  const received: URLSearchParams[] = []
  let failNext = false
  let double: { base: string; close: () => Promise<void> }
  let s: TestServer

  before(async () => {
    double = await startDouble(({ method, body }) => {
      const form = new URLSearchParams(body)
      received.push(form)
      if (method !== 'POST' || !verifies('POST', form, KEY_SECRET)) {
        return { status: 400, json: { Code: 'SignatureDoesNotMatch', Message: 'bad signature' } }
      }
      if (failNext) {
        failNext = false
        return { json: { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: 'illegal number' } }
      }
      return { json: { Code: 'OK', Message: 'OK', RequestId: 'r-1', BizId: 'b-1' } }
    })
    s = await startServer({
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: KEY_ID,
      ALIYUN_SMS_ACCESS_KEY_SECRET: KEY_SECRET,
      ALIYUN_SMS_SIGN_NAME: '阅读社区',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_000001',
      ALIYUN_SMS_ENDPOINT: double.base,
    })
  })
  after(async () => {
    await s.close()
    await double.close()
  })

  test('the POP v1 signature matches the documented example', () => {
    const params = {
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'XML',
      OutId: '123',
      PhoneNumbers: '15300000001',
      RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"customer":"test"}',
      Timestamp: '2017-07-12T02:42:19Z',
      Version: '2017-05-25',
    }
    assert.equal(popSignature('GET', params, 'testSecret'), 'zJDF+Lrzhj/ThnlvIToysFRq6t4=')
  })

  test('SendCaptcha sends a signed SendSms that verifies, and the code registers', async () => {
    const mobile = newMobile()
    const res = await s.post(queryPath(commonApi.sendCaptcha), {
      mobile,
      scene: 'register',
    })
    assert.equal(res.body.ret, 200, res.body.msg)
    const form = received.at(-1)
    assert.ok(form)
    assert.ok(verifies('POST', form, KEY_SECRET))
    assert.equal(form.get('Action'), 'SendSms')
    assert.equal(form.get('AccessKeyId'), KEY_ID)
    assert.equal(form.get('PhoneNumbers'), mobile)
    assert.equal(form.get('SignName'), '阅读社区')
    assert.equal(form.get('TemplateCode'), 'SMS_000001')
    assert.equal(form.get('SignatureMethod'), 'HMAC-SHA1')
    assert.equal(form.get('Version'), '2017-05-25')
    assert.match(form.get('Timestamp') ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
    const code = JSON.parse(form.get('TemplateParam') ?? '{}').code
    assert.match(code, /^\d{6}$/)

    const reg = await s.post(queryPath(accountApi.register), {
      mobile,
      code,
      password: 'abc12345',
    })
    assert.equal(reg.body.ret, 200)
    // With a real provider there is no local outbox.
    assert.equal((await s.get(`/dev/sms?mobile=${mobile}`)).status, 404)
  })

  test('a provider refusal is a 502 and does not count against the limits', async () => {
    const mobile = newMobile()
    failNext = true
    const res = await s.post(restPath(commonApi.smsSend), { phone: mobile, scene: 'register' })
    assert.equal(res.status, 502)
    assert.equal(res.body.msg, '短信发送失败，请稍后再试')
    const again = await s.post(restPath(commonApi.smsSend), { phone: mobile, scene: 'register' })
    assert.equal(again.body.code, 200)
  })
})
