/**
 * WeChat Pay (issue 16): the REAL API v3 client against a local HTTP double of WeChat Pay's API
 * (merchant-signed requests checked, platform-signed answers), the signed payment parameters, and
 * the notification route with notifications built here independently (RSA-SHA256 by the platform
 * key, AES-256-GCM with the API v3 key): bad signature, old timestamp, wrong amount, unknown order
 * refused with nothing changed; the same notification twice changes nothing. A cancelled or expired
 * order is closed at WeChat Pay (a signed POST …/out-trade-no/{no}/close {mchid}, after the commit,
 * only with a prepayment); a close that fails leaves our order cancelled. Production without a
 * merchant: 503 '支付暂不可用'.
 */
import assert from 'node:assert/strict'
import {
  createCipheriv,
  createSign,
  createVerify,
  generateKeyPairSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { desc, eq } from 'drizzle-orm'
import { OrderLimits, PAY_NOTIFY_PATH, ShopText } from '@rules/shop'
import { bookCopies, orders, users } from '../src/db/schema'
import { sweepExpiredOrders } from '../src/modules/shop/expiry'
import { MINUTE, SECOND, startServer, type TestServer } from './helpers'
import { addProduct, fails, ok, q, r, reader, stockOf, type Reader } from './shopHelpers'

const MCHID = '1230000109'
const MERCHANT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1'
const PLATFORM_SERIAL = 'PUB_KEY_ID_0114232025010800000000000000'
const API_V3_KEY = 'abcdefghijklmnopqrstuvwxyz012345'
const MINI_APPID = 'wx1111111111111111'
const MP_APPID = 'wx2222222222222222'

const pem = (key: KeyObject, type: 'pkcs8' | 'spki') =>
  key.export({ type, format: 'pem' }).toString()

const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 })
const platform = generateKeyPairSync('rsa', { modulusLength: 2048 })
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 })

const sign = (key: KeyObject, message: string) =>
  createSign('RSA-SHA256').update(message).sign(key, 'base64')
const verify = (key: KeyObject, message: string, signature: string) =>
  createVerify('RSA-SHA256').update(message).verify(key, signature, 'base64')

interface Received {
  method: string
  path: string
  authorization: string
  body: Record<string, unknown>
  verified: boolean
}

const CLOSE_PATH = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/

/**
 * A double of api.mch.weixin.qq.com: checks the merchant's signature, answers signed (at `now`, the
 * server's clock once it runs). JSAPI orders by `mode`; closes by `closeMode`: 204, already closed
 * (400 ORDER_CLOSED), unknown (404 ORDER_NOT_EXIST), 500 SYSTEM_ERROR, or the connection dropped.
 */
async function startPayApi() {
  const received: Received[] = []
  let mode: 'ok' | 'unsigned' | 'error' = 'ok'
  let closeMode: 'ok' | 'closed' | 'unknown' | 'fail' | 'drop' | 'unsigned' = 'ok'
  let now = () => Date.now()
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString()
      const authorization = String(req.headers.authorization ?? '')
      const fields = Object.fromEntries(
        [...authorization.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
      )
      const verified =
        authorization.startsWith('WECHATPAY2-SHA256-RSA2048 ') &&
        fields.mchid === MCHID &&
        fields.serial_no === MERCHANT_SERIAL &&
        verify(
          merchant.publicKey,
          `${req.method}\n${req.url}\n${fields.timestamp}\n${fields.nonce_str}\n${text}\n`,
          fields.signature ?? '',
        )
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        authorization,
        body: text ? JSON.parse(text) : {},
        verified,
      })
      const answer = (status: number, json: unknown, signed = true) => {
        const body = json === undefined ? '' : JSON.stringify(json)
        const timestamp = String(Math.floor(now() / 1000))
        const nonce = randomBytes(16).toString('hex')
        const headers: Record<string, string> = {
          'content-type': 'application/json',
          'wechatpay-timestamp': timestamp,
          'wechatpay-nonce': nonce,
          'wechatpay-serial': PLATFORM_SERIAL,
          'wechatpay-signature': signed
            ? sign(platform.privateKey, `${timestamp}\n${nonce}\n${body}\n`)
            : sign(stranger.privateKey, `${timestamp}\n${nonce}\n${body}\n`),
        }
        res.writeHead(status, headers)
        res.end(body)
      }
      if (!verified) return answer(401, { code: 'SIGN_ERROR', message: '签名错误' })
      if (CLOSE_PATH.test(req.url ?? '')) {
        if (req.method !== 'POST' || JSON.parse(text || '{}').mchid !== MCHID) {
          return answer(400, { code: 'PARAM_ERROR', message: '参数错误' })
        }
        if (closeMode === 'drop') return req.socket.destroy()
        if (closeMode === 'closed')
          return answer(400, { code: 'ORDER_CLOSED', message: '订单已关闭' })
        if (closeMode === 'unknown') {
          return answer(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' })
        }
        if (closeMode === 'fail') return answer(500, { code: 'SYSTEM_ERROR', message: '系统异常' })
        return answer(204, undefined, closeMode === 'ok')
      }
      if (req.url !== '/v3/pay/transactions/jsapi') return answer(404, { code: 'NOT_FOUND' })
      if (mode === 'error') return answer(400, { code: 'PARAM_ERROR', message: '参数错误' })
      answer(200, { prepay_id: `wx${Date.now()}${randomBytes(6).toString('hex')}` }, mode === 'ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    setMode: (m: typeof mode) => {
      mode = m
    },
    setCloseMode: (m: typeof closeMode) => {
      closeMode = m
    },
    setClock: (fn: () => number) => {
      now = fn
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

interface NotifyOptions {
  outTradeNo: string
  amountFen: number
  transactionId?: string
  tradeState?: string
  mchid?: string
  /** Seconds since the epoch of the signature (default: the server's now). */
  timestamp?: number
  signWith?: KeyObject
  serial?: string
  apiV3Key?: string
}

describe('WeChat Pay: the real client against a double of its API', () => {
  let s: TestServer
  let api: Awaited<ReturnType<typeof startPayApi>>
  let me: Reader
  before(async () => {
    api = await startPayApi()
    s = await startServer({
      WECHAT_APPID: MINI_APPID,
      WECHAT_SECRET: 'mini-secret',
      WECHAT_MP_APPID: MP_APPID,
      WECHAT_MP_SECRET: 'mp-secret',
      WECHAT_PAY_MCHID: MCHID,
      WECHAT_PAY_SERIAL: MERCHANT_SERIAL,
      // As one line with \n, the way an .env file holds it.
      WECHAT_PAY_PRIVATE_KEY: pem(merchant.privateKey, 'pkcs8').replace(/\n/g, '\\n'),
      WECHAT_PAY_PLATFORM_PUBLIC_KEY: pem(platform.publicKey, 'spki'),
      WECHAT_PAY_PLATFORM_SERIAL: PLATFORM_SERIAL,
      WECHAT_PAY_API_V3_KEY: API_V3_KEY,
      WECHAT_PAY_BASE_URL: api.base,
      WECHAT_PAY_NOTIFY_URL: 'https://shop.example.com/api/pay/wechat/notify',
    })
    // The double signs its answers by the server's clock (checked within 5 minutes of it).
    s.clock.t = Date.now()
    api.setClock(() => s.clock.now())
    me = await reader(s)
    await s.db
      .update(users)
      .set({ openid: 'o-mini-reader', mpOpenid: 'o-mp-reader' })
      .where(eq(users.id, me.id))
  })
  after(async () => {
    await s.close()
    await api.close()
  })

  /** A notification as WeChat Pay builds it, signed and encrypted here. */
  function notification(o: NotifyOptions): { headers: Record<string, string>; body: string } {
    const transaction = {
      mchid: o.mchid ?? MCHID,
      appid: MINI_APPID,
      out_trade_no: o.outTradeNo,
      transaction_id:
        o.transactionId ?? `4200001234${randomBytes(8).toString('hex').replace(/\D/g, '1')}`,
      trade_type: 'JSAPI',
      trade_state: o.tradeState ?? 'SUCCESS',
      trade_state_desc: '支付成功',
      bank_type: 'OTHERS',
      attach: '',
      success_time: '2025-01-08T10:34:56+08:00',
      payer: { openid: 'o-mini-reader' },
      amount: {
        total: o.amountFen,
        payer_total: o.amountFen,
        currency: 'CNY',
        payer_currency: 'CNY',
      },
    }
    const nonce = randomBytes(6).toString('hex')
    const cipher = createCipheriv(
      'aes-256-gcm',
      Buffer.from(o.apiV3Key ?? API_V3_KEY),
      Buffer.from(nonce),
    )
    cipher.setAAD(Buffer.from('transaction'))
    const ciphertext = Buffer.concat([
      cipher.update(JSON.stringify(transaction)),
      cipher.final(),
      cipher.getAuthTag(),
    ]).toString('base64')
    const body = JSON.stringify({
      id: 'EV-2018022511223320873',
      create_time: '2025-01-08T10:34:56+08:00',
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: {
        original_type: 'transaction',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext,
        associated_data: 'transaction',
        nonce,
      },
    })
    const timestamp = String(o.timestamp ?? Math.floor(s.clock.now() / 1000))
    const signNonce = randomBytes(16).toString('hex')
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': signNonce,
        'wechatpay-serial': o.serial ?? PLATFORM_SERIAL,
        'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
        'wechatpay-signature': sign(
          o.signWith ?? platform.privateKey,
          `${timestamp}\n${signNonce}\n${body}\n`,
        ),
      },
    }
  }

  const notify = (n: { headers: Record<string, string>; body: string }) =>
    s.post(PAY_NOTIFY_PATH, undefined, { raw: n.body, headers: n.headers })

  async function newOrder(productId: number, quantity = 1, platformName = 'weapp', who = me) {
    const res = await s.post(
      r('createOrder'),
      { productId, quantity, platform: platformName },
      { token: who.token },
    )
    ok(res)
    return res.body.data
  }

  const orderRow = async (id: number) =>
    (await s.db.select().from(orders).where(eq(orders.id, id)))[0]

  test('createOrder asks WeChat Pay for a JSAPI prepayment, signed, and answers paySign', async () => {
    const productId = await addProduct(s, {
      kind: 'book',
      name: '《论语》测试赠书',
      priceFen: 2990,
      stock: 5,
    })
    api.received.length = 0
    const made = await newOrder(productId, 2)
    assert.equal(made.payMode, 'wechat')
    const [sent] = api.received
    assert.ok(sent.verified, 'the merchant signature checks')
    assert.equal(sent.path, '/v3/pay/transactions/jsapi')
    assert.deepEqual(sent.body, {
      appid: MINI_APPID,
      mchid: MCHID,
      description: '《论语》测试赠书 ×2',
      out_trade_no: made.order.orderNo,
      time_expire: sent.body.time_expire,
      notify_url: 'https://shop.example.com/api/pay/wechat/notify',
      amount: { total: 5980, currency: 'CNY' },
      payer: { openid: 'o-mini-reader' },
    })
    assert.match(String(sent.body.time_expire), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/)
    const p = made.payParams
    assert.equal(p.appId, MINI_APPID)
    assert.equal(p.package, `prepay_id=${made.prepayId}`)
    assert.ok(
      verify(
        merchant.publicKey,
        `${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`,
        p.paySign,
      ),
    )
    // Paying again reuses the prepayment (no second request), with a fresh signature.
    const again = await s.post(q('payOrder'), { id: made.order.id }, { token: me.token })
    ok(again)
    assert.equal(again.body.data.prepayId, made.prepayId)
    assert.equal(api.received.length, 1)
    // H5 in WeChat's browser pays with the official account's appid and openid.
    const h5 = await newOrder(productId, 1, 'h5')
    assert.equal(h5.payParams.appId, MP_APPID)
    assert.equal(api.received[1].body.appid, MP_APPID)
    assert.deepEqual(api.received[1].body.payer, { openid: 'o-mp-reader' })
  })

  test('without a WeChat login there is no openid: 400, nothing taken', async () => {
    const productId = await addProduct(s, { priceFen: 100, stock: 2 })
    const someone = await reader(s)
    fails(
      await s.post(r('createOrder'), { productId }, { token: someone.token }),
      400,
      ShopText.wechatLoginNeeded,
    )
    assert.equal((await stockOf(s, productId)).stock, 2)
    assert.equal((await s.get(r('orderList'), { token: someone.token })).body.data.total, 0)
  })

  test('an answer WeChat Pay did not sign, or an error: 502, the order waits to be paid', async () => {
    const productId = await addProduct(s, { priceFen: 100, stock: 2 })
    for (const mode of ['unsigned', 'error'] as const) {
      api.setMode(mode)
      const res = await s.post(r('createOrder'), { productId }, { token: me.token })
      fails(res, 502, ShopText.payFailed, mode)
    }
    api.setMode('ok')
    const pending = (await s.get(`${r('orderList')}?state=pending`, { token: me.token })).body.data
    const waiting = pending.list.filter((o: { productId: number }) => o.productId === productId)
    assert.equal(waiting.length, 2)
    const paid = await s.post(r('payOrder'), { id: waiting[0].id }, { token: me.token })
    ok(paid)
    assert.equal(paid.body.data.payMode, 'wechat')
  })

  test('a verified notification pays; the same one again changes nothing', async () => {
    const productId = await addProduct(s, { kind: 'book', priceFen: 1500, stock: 3 })
    const made = await newOrder(productId, 2)
    const n = notification({ outTradeNo: made.order.orderNo, amountFen: 3000 })
    const res = await notify(n)
    assert.equal(res.status, 200)
    assert.deepEqual(res.body, { code: 'SUCCESS', message: '成功' })
    const row = await orderRow(made.order.id)
    assert.equal(row.state, 'paid')
    assert.match(row.transactionId ?? '', /^4200001234/)
    assert.deepEqual(await stockOf(s, productId), { stock: 1, sales: 2 })
    const again = await notify(n)
    assert.deepEqual([again.status, again.body.code], [200, 'SUCCESS'])
    assert.deepEqual(await stockOf(s, productId), { stock: 1, sales: 2 })
    assert.equal(
      (await s.db.select().from(bookCopies).where(eq(bookCopies.orderId, made.order.id))).length,
      2,
    )
    // The same order paid by another transaction: refused.
    const other = await notify(notification({ outTradeNo: made.order.orderNo, amountFen: 3000 }))
    assert.deepEqual([other.status, other.body.code], [400, 'FAIL'])
    assert.equal((await orderRow(made.order.id)).transactionId, row.transactionId)
  })

  test('refused, nothing changed: bad signature, old timestamp, wrong amount, unknown order, and more', async () => {
    const productId = await addProduct(s, { priceFen: 800, stock: 5 })
    const made = await newOrder(productId)
    const base = { outTradeNo: made.order.orderNo, amountFen: 800 }
    const nowS = Math.floor(s.clock.now() / 1000)
    const cases: Array<[string, { headers: Record<string, string>; body: string }, string]> = [
      ['another key', notification({ ...base, signWith: stranger.privateKey }), '签名错误'],
      ['old timestamp', notification({ ...base, timestamp: nowS - 6 * 60 }), '签名已过期'],
      ['future timestamp', notification({ ...base, timestamp: nowS + 6 * 60 }), '签名已过期'],
      ['wrong amount', notification({ ...base, amountFen: 1 }), '金额不符'],
      [
        'unknown order',
        notification({ outTradeNo: '20250101000000999999', amountFen: 800 }),
        '订单不存在',
      ],
      [
        'another serial',
        notification({ ...base, serial: 'PUB_KEY_ID_OTHER' }),
        '平台证书序列号不符',
      ],
      ['another merchant', notification({ ...base, mchid: '1999999999' }), '商户号不符'],
      ['wrong API v3 key', notification({ ...base, apiV3Key: 'x'.repeat(32) }), '通知解密失败'],
    ]
    const tampered = notification(base)
    tampered.body = tampered.body.replace('支付成功', '支付成功!')
    cases.push(['tampered body', tampered, '签名错误'])
    const unsigned = notification(base)
    delete unsigned.headers['wechatpay-signature']
    cases.push(['no signature', unsigned, '缺少签名'])
    for (const [label, n, reason] of cases) {
      const res = await notify(n)
      assert.equal(res.status, 400, label)
      assert.deepEqual(res.body, { code: 'FAIL', message: reason }, label)
    }
    const row = await orderRow(made.order.id)
    assert.equal(row.state, 'pending')
    assert.equal(row.transactionId, null)
    assert.deepEqual(await stockOf(s, productId), { stock: 4, sales: 0 })
    // Not JSON, not an object: refused too, never a 500.
    for (const raw of ['', '{"broken":', '[1,2]']) {
      const res = await s.post(PAY_NOTIFY_PATH, undefined, { raw, contentType: 'application/json' })
      assert.equal(res.status, 400, raw)
      assert.equal(res.body.code, 'FAIL')
    }
    // A closed (unpaid) transaction is acknowledged and changes nothing.
    const closed = await notify(notification({ ...base, tradeState: 'CLOSED' }))
    assert.deepEqual([closed.status, closed.body.code], [200, 'SUCCESS'])
    assert.equal((await orderRow(made.order.id)).state, 'pending')
    // The real notification still pays it.
    const paid = await notify(notification(base))
    assert.equal(paid.body.code, 'SUCCESS')
    assert.equal((await orderRow(made.order.id)).state, 'paid')
  })

  /** A reader with a WeChat login of their own (own pending-order count). */
  async function payer(): Promise<Reader> {
    const who = await reader(s)
    await s.db
      .update(users)
      .set({ openid: `o-mini-${who.id}` })
      .where(eq(users.id, who.id))
    return who
  }

  const closesOf = (orderNo: string) =>
    api.received.filter((sent) => CLOSE_PATH.exec(sent.path)?.[1] === orderNo)

  /** The close WeChat Pay received for an order: one, signed by the merchant, with the mchid. */
  function assertClosedOnce(orderNo: string, label = orderNo) {
    const sent = closesOf(orderNo)
    assert.equal(sent.length, 1, label)
    assert.equal(sent[0].method, 'POST', label)
    assert.equal(sent[0].path, `/v3/pay/transactions/out-trade-no/${orderNo}/close`, label)
    assert.ok(sent[0].verified, `${label}: the merchant signature checks`)
    assert.match(sent[0].authorization, /^WECHATPAY2-SHA256-RSA2048 mchid="1230000109",/)
    assert.deepEqual(sent[0].body, { mchid: MCHID }, label)
  }

  test('cancelOrder closes the order at WeChat Pay with a signed request', async () => {
    const buyer = await payer()
    const productId = await addProduct(s, { priceFen: 1200, stock: 3 })
    const made = await newOrder(productId, 2, 'weapp', buyer)
    assert.equal(closesOf(made.order.orderNo).length, 0, 'not closed while pending')
    ok(await s.post(r('cancelOrder'), { id: made.order.id }, { token: buyer.token }))
    assertClosedOnce(made.order.orderNo)
    assert.equal((await orderRow(made.order.id)).state, 'cancelled')
    assert.deepEqual(await stockOf(s, productId), { stock: 3, sales: 0 })
  })

  test('an expired order is closed at WeChat Pay: lazily and by the sweep, once each', async () => {
    const buyer = await payer()
    const productId = await addProduct(s, { priceFen: 500, stock: 5 })
    const read = await newOrder(productId, 1, 'weapp', buyer)
    const swept = await newOrder(productId, 1, 'weapp', buyer)
    // WeChat Pay failed when this one was made: no prepayment, nothing to close.
    api.setMode('error')
    fails(
      await s.post(r('createOrder'), { productId }, { token: buyer.token }),
      502,
      ShopText.payFailed,
    )
    api.setMode('ok')
    const [unpaid] = await s.db
      .select()
      .from(orders)
      .where(eq(orders.productId, productId))
      .orderBy(desc(orders.id))
      .limit(1)
    assert.equal(unpaid.prepayId, null)
    s.clock.advance(OrderLimits.payMinutes * MINUTE)
    const detail = await s.get(`${r('orderDetail')}?id=${read.order.id}`, { token: buyer.token })
    assert.equal(detail.body.data.state, 'cancelled')
    assertClosedOnce(read.order.orderNo, 'lazily')
    assert.equal(closesOf(swept.order.orderNo).length, 0)
    const ctx = s.fastify.chatContext
    assert.ok((await sweepExpiredOrders(ctx)) >= 2)
    assertClosedOnce(swept.order.orderNo, 'by the sweep')
    assert.equal(closesOf(unpaid.orderNo).length, 0, 'no prepayment, no close')
    await sweepExpiredOrders(ctx)
    ok(await s.get(r('orderList'), { token: buyer.token }))
    assertClosedOnce(read.order.orderNo, 'still once')
    assertClosedOnce(swept.order.orderNo, 'still once')
    for (const id of [read.order.id, swept.order.id, unpaid.id]) {
      assert.equal((await orderRow(id)).state, 'cancelled')
    }
    assert.deepEqual(await stockOf(s, productId), { stock: 5, sales: 0 })
  })

  test('a close that fails, or finds the order closed, still leaves our order cancelled', async () => {
    const buyer = await payer()
    const productId = await addProduct(s, { kind: 'book', priceFen: 700, stock: 6 })
    const modes = ['fail', 'drop', 'unsigned', 'closed', 'unknown'] as const
    for (const mode of modes) {
      const made = await newOrder(productId, 1, 'weapp', buyer)
      api.setCloseMode(mode)
      const res = await s.post(r('cancelOrder'), { id: made.order.id }, { token: buyer.token })
      ok(res, mode)
      assert.equal(res.body.data.state, 'cancelled', mode)
      assert.equal((await orderRow(made.order.id)).state, 'cancelled', mode)
      assert.equal(closesOf(made.order.orderNo).length, 1, mode)
    }
    api.setCloseMode('ok')
    assert.deepEqual(await stockOf(s, productId), { stock: 6, sales: 0 })
    // What the client reports: closed (also when WeChat Pay had it closed or never had it), or not.
    const pay = s.fastify.chatContext.pay
    const expected = {
      ok: true,
      closed: true,
      unknown: true,
      fail: false,
      drop: false,
      unsigned: false,
    }
    for (const [mode, closed] of Object.entries(expected)) {
      api.setCloseMode(mode as keyof typeof expected)
      assert.equal(await pay.closeOrder('20250101000000123456'), closed, mode)
    }
    api.setCloseMode('ok')
    // The safety net: a payment WeChat Pay took anyway is settled as a late one (stock taken again).
    const late = await newOrder(productId, 1, 'weapp', buyer)
    api.setCloseMode('fail')
    ok(await s.post(r('cancelOrder'), { id: late.order.id }, { token: buyer.token }))
    api.setCloseMode('ok')
    const paid = await notify(notification({ outTradeNo: late.order.orderNo, amountFen: 700 }))
    assert.deepEqual([paid.status, paid.body.code], [200, 'SUCCESS'])
    assert.equal((await orderRow(late.order.id)).state, 'paid')
    assert.deepEqual(await stockOf(s, productId), { stock: 5, sales: 1 })
  })

  test('with the real client there is no /dev/pay/confirm', async () => {
    const res = await s.post('/dev/pay/confirm', { prepayId: 'wx1234567890abcdef' })
    assert.equal(res.status, 404)
  })

  test('the timestamp window is five minutes by the server clock', async () => {
    const productId = await addProduct(s, { priceFen: 100, stock: 1 })
    const made = await newOrder(productId)
    const n = notification({ outTradeNo: made.order.orderNo, amountFen: 100 })
    s.clock.advance(5 * MINUTE + SECOND)
    assert.equal((await notify(n)).body.message, '签名已过期')
    s.clock.t = Date.now()
  })
})

describe('WeChat Pay unavailable in production without a merchant', () => {
  let s: TestServer
  let prod: TestServer
  before(async () => {
    s = await startServer()
    prod = await startServer({ NODE_ENV: 'production' }, s)
  })
  after(async () => {
    await prod.close()
    await s.close()
  })

  test("createOrder and payOrder answer 503 '支付暂不可用'; nothing taken; no dev route", async () => {
    const productId = await addProduct(s, { priceFen: 100, stock: 2 })
    const who = await reader(s)
    fails(
      await prod.post(r('createOrder'), { productId }, { token: who.token }),
      503,
      ShopText.payUnavailable,
    )
    fails(
      await prod.post(q('createOrder'), { productId }, { token: who.token }),
      503,
      ShopText.payUnavailable,
    )
    assert.equal((await stockOf(s, productId)).stock, 2)
    // An order made while payment worked cannot be paid again either.
    const made = await s.post(r('createOrder'), { productId }, { token: who.token })
    ok(made)
    fails(
      await prod.post(r('payOrder'), { id: made.body.data.order.id }, { token: who.token }),
      503,
      ShopText.payUnavailable,
    )
    assert.notEqual(
      (await prod.post('/dev/pay/confirm', { prepayId: made.body.data.prepayId })).status,
      200,
    )
    const notified = await prod.post(PAY_NOTIFY_PATH, { id: 'x' })
    assert.deepEqual([notified.status, notified.body.code], [400, 'FAIL'])
  })
})
