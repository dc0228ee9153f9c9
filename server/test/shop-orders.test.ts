/**
 * Orders (issue 16) with the local WeChat Pay double: making one takes the stock in one
 * transaction, paying goes through /dev/pay/confirm (the signed notification to our route), a paid
 * book order gives copies; my orders by state, the detail, paying again, cancelling; someone else's
 * order is 404; unpaid orders expire after 30 minutes and give their stock back once; a cancelled or
 * expired order is closed at the double (after the commit, only with a prepayment), so confirming it
 * answers 400 '订单已关闭' and changes nothing, while a payment WeChat took before the close is still
 * settled; 50 buyers at once for the last 10 copies get exactly 10 orders, then 10 paid.
 */
import assert from 'node:assert/strict'
import { createVerify } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { eq, inArray } from 'drizzle-orm'
import { OrderLimits, PAY_NOTIFY_PATH, ShopText } from '@rules/shop'
import { bookCopies, orders, products } from '../src/db/schema'
import { sweepExpiredOrders } from '../src/modules/shop/expiry'
import { LOCAL_APP_ID } from '../src/modules/shop/payment'
import { LocalPayClient } from '../src/services/wechatPay/local'
import { MINUTE, startServer, type Reply, type TestServer } from './helpers'
import {
  addProduct,
  confirmLocal,
  fails,
  ok,
  q,
  r,
  reader,
  readers,
  stockOf,
  type Reader,
} from './shopHelpers'

const sep = (url: string) => (url.includes('?') ? '&' : '?')

const CLOSED = '订单已关闭'

interface Made {
  prepayId: string
  order: { id: number; orderNo: string; amountFen: number }
}

describe('orders and payment through the local double', () => {
  let s: TestServer
  let me: Reader
  let other: Reader
  before(async () => {
    s = await startServer()
    ;[me, other] = await readers(s, 2)
  })
  after(() => s.close())

  /** The app's own context: its pay client is the double that /dev/pay/confirm asks. */
  const ctx = () => s.fastify.chatContext
  const sweep = () => sweepExpiredOrders(ctx())

  /**
   * The notification of a payment WeChat Pay took before our close reached it (straight to our
   * route: /dev/pay/confirm refuses a closed order).
   */
  async function paidBeforeTheClose(made: Made) {
    const n = (ctx().pay as LocalPayClient).paidNotification({
      prepayId: made.prepayId,
      appId: LOCAL_APP_ID,
      outTradeNo: made.order.orderNo,
      amountFen: made.order.amountFen,
    })
    const res = await s.post(PAY_NOTIFY_PATH, undefined, {
      raw: n.body,
      headers: n.headers as Record<string, string>,
    })
    assert.deepEqual([res.status, res.body.code], [200, 'SUCCESS'])
  }

  const create = (who: Reader, body: Record<string, unknown>, style: 'q' | 'r' = 'r') =>
    s.post(style === 'q' ? q('createOrder') : r('createOrder'), body, { token: who.token })

  test('createOrder (both styles): stock taken, signed pay params, local mode', async () => {
    const productId = await addProduct(s, { kind: 'book', priceFen: 1250, stock: 10 })
    for (const style of ['q', 'r'] as const) {
      const res = await create(me, { productId, quantity: 2 }, style)
      ok(res, style)
      const { order, payMode, payParams, prepayId } = res.body.data
      assert.equal(res.body.msg, '下单成功，请支付')
      assert.equal(payMode, 'local')
      assert.equal(order.state, 'pending')
      assert.equal(order.source, 'buy')
      assert.equal(order.quantity, 2)
      assert.equal(order.priceFen, 1250)
      assert.equal(order.amountFen, 2500)
      assert.equal(order.expiresAt - order.createdAt, OrderLimits.payMinutes * 60)
      assert.match(order.orderNo, /^\d{24}$/)
      assert.equal(order.transactionId, '')
      assert.equal(payParams.package, `prepay_id=${prepayId}`)
      assert.equal(payParams.signType, 'RSA')
      // paySign: RSA-SHA256 over appId, timeStamp, nonceStr, package by the merchant key.
      const pay = s.fastify as unknown as never
      void pay
      const verifier = createVerify('RSA-SHA256').update(
        `${payParams.appId}\n${payParams.timeStamp}\n${payParams.nonceStr}\n${payParams.package}\n`,
      )
      const local = new LocalPayClient(s.clock)
      assert.ok(verifier.verify(local.merchantPublicKey(), payParams.paySign, 'base64'))
    }
    assert.deepEqual(await stockOf(s, productId), { stock: 6, sales: 0 })
  })

  test('a confirmed payment pays the order: sales, copies, detail and lists', async () => {
    const productId = await addProduct(s, { kind: 'book', priceFen: 990, stock: 5 })
    const made = (await create(me, { productId, quantity: 3 })).body.data
    // The client saying so changes nothing: only the notification does.
    ok(await s.get(`${q('orderDetail')}&id=${made.order.id}`, { token: me.token }))
    const paid = await confirmLocal(s, made.prepayId)
    ok(paid)
    assert.deepEqual(paid.body.data, { orderId: made.order.id, state: 'paid' })
    for (const url of [q('orderDetail'), r('orderDetail')]) {
      const res = await s.get(`${url}${sep(url)}id=${made.order.id}`, { token: me.token })
      ok(res, url)
      assert.equal(res.body.data.state, 'paid')
      assert.ok(res.body.data.paidAt >= made.order.createdAt)
      assert.match(res.body.data.transactionId, /^4200\d+$/)
    }
    assert.deepEqual(await stockOf(s, productId), { stock: 2, sales: 3 })
    const copies = await s.db.select().from(bookCopies).where(eq(bookCopies.orderId, made.order.id))
    assert.equal(copies.length, 3)
    assert.ok(copies.every((c) => c.ownerUserId === me.id && c.state === 'owned'))

    // Confirming again: the same notification twice changes nothing.
    const again = await confirmLocal(s, made.prepayId)
    ok(again)
    assert.deepEqual(await stockOf(s, productId), { stock: 2, sales: 3 })
    assert.equal(
      (await s.db.select().from(bookCopies).where(eq(bookCopies.orderId, made.order.id))).length,
      3,
    )

    // findBooksOrderList, both styles: my copies, newest first, with the book.
    for (const url of [q('bookCopies'), r('bookCopies')]) {
      const res = await s.get(`${url}${sep(url)}pageSize=2`, { token: me.token })
      ok(res, url)
      assert.equal(res.body.data.total, 3)
      assert.equal(res.body.data.list.length, 2)
      const [first] = res.body.data.list
      assert.equal(first.booksOrderId, Math.max(...copies.map((c) => c.id)))
      assert.equal(first.orderId, made.order.id)
      assert.equal(first.source, 'buy')
      assert.equal(first.state, 'owned')
      assert.ok(first.booksName.length > 0)
    }
    assert.equal((await s.get(r('bookCopies'), { token: other.token })).body.data.total, 0)
  })

  test('my orders by state, newest first, paging; goods give no copies', async () => {
    const who = await reader(s)
    const productId = await addProduct(s, { priceFen: 100, stock: 20 })
    const a = (await create(who, { productId })).body.data
    s.clock.advance(1000)
    const b = (await create(who, { productId })).body.data
    s.clock.advance(1000)
    const c = (await create(who, { productId })).body.data
    ok(await confirmLocal(s, a.prepayId))
    ok(await s.post(r('cancelOrder'), { id: b.order.id }, { token: who.token }))
    for (const url of [q('orderList'), r('orderList')]) {
      const list = async (query: string) =>
        (await s.get(`${url}${sep(url)}${query}`, { token: who.token })).body.data
      const all = await list('')
      assert.deepEqual(
        all.list.map((o: { id: number }) => o.id),
        [c.order.id, b.order.id, a.order.id],
      )
      assert.deepEqual(
        (await list('state=pending')).list.map((o: { id: number }) => o.id),
        [c.order.id],
      )
      assert.deepEqual(
        (await list('state=paid')).list.map((o: { id: number }) => o.id),
        [a.order.id],
      )
      assert.deepEqual(
        (await list('state=cancelled')).list.map((o: { id: number }) => o.id),
        [b.order.id],
      )
      assert.equal((await list('state=refunded')).total, 0)
      const page = await list('pageSize=1&page=2')
      assert.deepEqual([page.total, page.list[0].id], [3, b.order.id])
      fails(
        await s.get(`${url}${sep(url)}state=lost`, { token: who.token }),
        400,
        ShopText.stateInvalid,
      )
    }
    assert.equal(
      (await s.db.select().from(bookCopies).where(eq(bookCopies.orderId, a.order.id))).length,
      0,
    )
  })

  test("someone else's order is 404 to detail, pay and cancel", async () => {
    const productId = await addProduct(s, { priceFen: 100, stock: 5 })
    const mine = (await create(me, { productId })).body.data.order
    for (const [url, method] of [
      [q('orderDetail'), 'GET'],
      [r('orderDetail'), 'GET'],
      [q('payOrder'), 'POST'],
      [r('payOrder'), 'POST'],
      [q('cancelOrder'), 'POST'],
      [r('cancelOrder'), 'POST'],
    ] as const) {
      const res =
        method === 'GET'
          ? await s.get(`${url}${sep(url)}id=${mine.id}`, { token: other.token })
          : await s.post(url, { id: mine.id }, { token: other.token })
      fails(res, 404, ShopText.orderNotFound, url)
    }
    fails(
      await s.get(`${r('orderDetail')}?id=99999999`, { token: me.token }),
      404,
      ShopText.orderNotFound,
    )
    assert.deepEqual(await stockOf(s, productId), { stock: 4, sales: 0 })
  })

  test('bad input and refusals: quantity, product, stock, off sale, pending limit', async () => {
    const who = await reader(s)
    const productId = await addProduct(s, { priceFen: 300, stock: 3 })
    for (const quantity of [0, 6, 'x', 1.5]) {
      fails(
        await create(who, { productId, quantity }),
        400,
        ShopText.quantityInvalid,
        String(quantity),
      )
    }
    fails(await create(who, {}), 400, ShopText.productNotFound)
    fails(await create(who, { productId: 99999999 }), 404, ShopText.productNotFound)
    fails(await create(who, { productId, platform: 'android' }), 400, ShopText.platformInvalid)
    fails(await create(who, { productId, quantity: 4 }), 400, ShopText.outOfStock)
    assert.deepEqual(await stockOf(s, productId), { stock: 3, sales: 0 })
    const off = await addProduct(s, { priceFen: 300, stock: 3, onSale: false })
    fails(await create(who, { productId: off }), 400, ShopText.productOffSale)

    const plenty = await addProduct(s, { priceFen: 100, stock: 100 })
    for (let i = 0; i < OrderLimits.maxPending; i++) ok(await create(who, { productId: plenty }))
    fails(await create(who, { productId: plenty }), 400, ShopText.tooManyPending)
    assert.equal((await stockOf(s, plenty)).stock, 100 - OrderLimits.maxPending)
  })

  test('a make-and-cancel loop stops at the hourly limit (both styles); an hour later it works', async () => {
    const who = await reader(s)
    const productId = await addProduct(s, { priceFen: 100, stock: 10 })
    for (let i = 0; i < OrderLimits.hourlyMax; i++) {
      const made = await create(who, { productId, quantity: 5 }, i % 2 ? 'q' : 'r')
      ok(made, `order ${i}`)
      ok(await s.post(r('cancelOrder'), { id: made.body.data.order.id }, { token: who.token }))
    }
    for (const style of ['q', 'r'] as const) {
      fails(await create(who, { productId }, style), 429, ShopText.tooManyOrders, style)
    }
    assert.equal((await stockOf(s, productId)).stock, 10, 'nothing held')
    // Someone else still buys; the same reader again after the hour.
    ok(await create(other, { productId }))
    s.clock.advance(61 * MINUTE)
    ok(await create(who, { productId }))
  })

  test('cancelOrder gives the stock back once; payOrder gives fresh params', async () => {
    const productId = await addProduct(s, { priceFen: 500, stock: 4 })
    const made = (await create(me, { productId, quantity: 2 })).body.data
    for (const url of [q('payOrder'), r('payOrder')]) {
      const res = await s.post(url, { id: made.order.id }, { token: me.token })
      ok(res, url)
      assert.equal(res.body.data.prepayId, made.prepayId, 'the same prepayment')
      assert.equal(res.body.data.order.id, made.order.id)
      assert.equal(res.body.data.payParams.package, `prepay_id=${made.prepayId}`)
    }
    assert.equal((await stockOf(s, productId)).stock, 2)
    const cancelled = await s.post(q('cancelOrder'), { id: made.order.id }, { token: me.token })
    ok(cancelled)
    assert.equal(cancelled.body.msg, '订单已取消')
    assert.equal(cancelled.body.data.state, 'cancelled')
    assert.ok(cancelled.body.data.cancelledAt)
    assert.equal((await stockOf(s, productId)).stock, 4)
    fails(
      await s.post(r('cancelOrder'), { id: made.order.id }, { token: me.token }),
      400,
      ShopText.orderNotPending,
    )
    fails(
      await s.post(r('payOrder'), { id: made.order.id }, { token: me.token }),
      400,
      ShopText.orderNotPending,
    )
    assert.equal((await stockOf(s, productId)).stock, 4)
  })

  test('unpaid orders expire after 30 minutes and give the stock back exactly once', async () => {
    const productId = await addProduct(s, { priceFen: 700, stock: 6 })
    const who = await reader(s)
    const a = (await create(who, { productId, quantity: 2 })).body.data.order
    const b = (await create(who, { productId, quantity: 2 })).body.data.order
    const c = (await create(who, { productId, quantity: 1 })).body.data.order
    assert.equal((await stockOf(s, productId)).stock, 1)
    s.clock.advance(OrderLimits.payMinutes * MINUTE - 1000)
    assert.equal(
      (await s.get(`${r('orderDetail')}?id=${a.id}`, { token: who.token })).body.data.state,
      'pending',
    )
    s.clock.advance(1000)
    // The read, the pay, the list and the sweep all at once: each order is expired once.
    const [detail, pay, list] = await Promise.all([
      s.get(`${r('orderDetail')}?id=${a.id}`, { token: who.token }),
      s.post(r('payOrder'), { id: b.id }, { token: who.token }),
      s.get(r('orderList'), { token: who.token }),
      sweep(),
      sweep(),
    ])
    assert.equal(detail.body.data.state, 'cancelled')
    fails(pay, 400, ShopText.orderExpired)
    assert.ok(list.body.data.list.every((o: { state: string }) => o.state === 'cancelled'))
    assert.deepEqual(await stockOf(s, productId), { stock: 6, sales: 0 })
    assert.equal(await sweep(), 0)
    const rows = await s.db
      .select()
      .from(orders)
      .where(inArray(orders.id, [a.id, b.id, c.id]))
    assert.ok(rows.every((o) => o.state === 'cancelled' && o.cancelledAt))
    assert.deepEqual(await stockOf(s, productId), { stock: 6, sales: 0 })
  })

  test('a payment that comes after the expiry: paid when stock is left, else refunded', async () => {
    const productId = await addProduct(s, { kind: 'book', priceFen: 800, stock: 1 })
    const who = await reader(s)
    const late = (await create(who, { productId })).body.data
    s.clock.advance(OrderLimits.payMinutes * MINUTE)
    assert.equal(await sweep(), 1)
    assert.equal((await stockOf(s, productId)).stock, 1)
    // Closed at the double: the old parameters cannot pay it any more.
    fails(await confirmLocal(s, late.prepayId), 400, CLOSED)
    // A payment taken before the close still comes: stock is left, it takes it again.
    await paidBeforeTheClose(late)
    const [paid] = await s.db.select().from(orders).where(eq(orders.id, late.order.id))
    assert.equal(paid.state, 'paid')
    assert.equal(paid.cancelledAt, null)
    assert.deepEqual(await stockOf(s, productId), { stock: 0, sales: 1 })
    assert.equal(
      (await s.db.select().from(bookCopies).where(eq(bookCopies.orderId, late.order.id))).length,
      1,
    )

    // Another one expires and its stock is sold meanwhile: the payment is recorded as refunded.
    await s.db.update(products).set({ stock: 1 }).where(eq(products.id, productId))
    const second = (await create(who, { productId })).body.data
    s.clock.advance(OrderLimits.payMinutes * MINUTE)
    await sweep()
    const buyer = await reader(s)
    ok(await create(buyer, { productId }))
    await paidBeforeTheClose(second)
    const [refunded] = await s.db.select().from(orders).where(eq(orders.id, second.order.id))
    assert.equal(refunded.state, 'refunded')
    assert.ok(refunded.transactionId)
    assert.deepEqual(await stockOf(s, productId), { stock: 0, sales: 1 })
    // Again: nothing changes.
    await paidBeforeTheClose(second)
    assert.deepEqual(await stockOf(s, productId), { stock: 0, sales: 1 })
  })

  test('a cancelled order is closed at the double: confirming it is refused, nothing changes', async () => {
    const productId = await addProduct(s, { kind: 'book', priceFen: 600, stock: 3 })
    const who = await reader(s)
    const made: Made = (await create(who, { productId, quantity: 2 })).body.data
    ok(await s.post(r('cancelOrder'), { id: made.order.id }, { token: who.token }))
    assert.deepEqual(await stockOf(s, productId), { stock: 3, sales: 0 })
    // The old payment parameters: refused, no notification, the order stays cancelled.
    for (let i = 0; i < 2; i++) fails(await confirmLocal(s, made.prepayId), 400, CLOSED)
    const [row] = await s.db.select().from(orders).where(eq(orders.id, made.order.id))
    assert.equal(row.state, 'cancelled')
    assert.equal(row.transactionId, null)
    assert.equal(row.paidAt, null)
    assert.deepEqual(await stockOf(s, productId), { stock: 3, sales: 0 })
    assert.equal(
      (await s.db.select().from(bookCopies).where(eq(bookCopies.orderId, made.order.id))).length,
      0,
    )
    // Another order of the same reader is not closed by it.
    const open: Made = (await create(who, { productId })).body.data
    ok(await confirmLocal(s, open.prepayId))
    assert.deepEqual(await stockOf(s, productId), { stock: 2, sales: 1 })
  })

  test('expired orders are closed at the double, lazily and by the sweep', async () => {
    const productId = await addProduct(s, { priceFen: 300, stock: 5 })
    const [who, someone] = await readers(s, 2)
    const made = async (buyer: Reader): Promise<Made> => {
      const res = await create(buyer, { productId })
      ok(res)
      return res.body.data
    }
    const read = await made(who)
    const paying = await made(who)
    const swept = await made(someone)
    s.clock.advance(OrderLimits.payMinutes * MINUTE)
    // Expired by reading it, by paying it again, and by the sweep.
    const detail = await s.get(`${r('orderDetail')}?id=${read.order.id}`, { token: who.token })
    assert.equal(detail.body.data.state, 'cancelled')
    fails(
      await s.post(r('payOrder'), { id: paying.order.id }, { token: who.token }),
      400,
      ShopText.orderExpired,
    )
    // (Other suites' orders left pending may be swept too.)
    assert.ok((await sweep()) >= 1)
    for (const one of [read, paying, swept]) {
      fails(await confirmLocal(s, one.prepayId), 400, CLOSED, one.order.orderNo)
    }
    const rows = await s.db
      .select()
      .from(orders)
      .where(inArray(orders.id, [read.order.id, paying.order.id, swept.order.id]))
    assert.ok(rows.every((o) => o.state === 'cancelled' && o.transactionId === null))
    assert.deepEqual(await stockOf(s, productId), { stock: 5, sales: 0 })
  })

  test('the close comes after the commit, once, and only for an order with a prepayment', async () => {
    const pay = ctx().pay
    const closes: Array<{ orderNo: string; state: string }> = []
    // This test's orders (others left pending earlier may expire meanwhile).
    const mine = new Set<string>()
    const closeOrder = pay.closeOrder.bind(pay)
    pay.closeOrder = async (orderNo: string) => {
      // Read outside the cancelling transaction: it has committed already.
      const [row] = await s.db
        .select({ state: orders.state })
        .from(orders)
        .where(eq(orders.orderNo, orderNo))
      if (mine.has(orderNo)) closes.push({ orderNo, state: row.state })
      return closeOrder(orderNo)
    }
    try {
      const productId = await addProduct(s, { priceFen: 100, stock: 5 })
      const who = await reader(s)
      const a: Made = (await create(who, { productId })).body.data
      const b: Made = (await create(who, { productId })).body.data
      for (const made of [a, b]) mine.add(made.order.orderNo)
      // b's prepayment was never stored (WeChat Pay failed when it was made).
      await s.db.update(orders).set({ prepayId: null }).where(eq(orders.id, b.order.id))
      ok(await s.post(r('cancelOrder'), { id: a.order.id }, { token: who.token }))
      ok(await s.post(r('cancelOrder'), { id: b.order.id }, { token: who.token }))
      assert.deepEqual(closes, [{ orderNo: a.order.orderNo, state: 'cancelled' }])
      // A refused cancel (not pending any more) closes nothing.
      fails(
        await s.post(r('cancelOrder'), { id: a.order.id }, { token: who.token }),
        400,
        ShopText.orderNotPending,
      )
      const c: Made = (await create(who, { productId })).body.data
      const d: Made = (await create(who, { productId })).body.data
      for (const made of [c, d]) mine.add(made.order.orderNo)
      await s.db.update(orders).set({ prepayId: null }).where(eq(orders.id, d.order.id))
      s.clock.advance(OrderLimits.payMinutes * MINUTE)
      await Promise.all([
        s.get(r('orderList'), { token: who.token }),
        s.get(`${r('orderDetail')}?id=${c.order.id}`, { token: who.token }),
        sweep(),
        sweep(),
      ])
      await sweep()
      assert.deepEqual(closes, [
        { orderNo: a.order.orderNo, state: 'cancelled' },
        { orderNo: c.order.orderNo, state: 'cancelled' },
      ])
      assert.deepEqual(await stockOf(s, productId), { stock: 5, sales: 0 })
    } finally {
      pay.closeOrder = closeOrder
    }
  })

  test('/dev/pay/confirm refuses unknown and malformed prepay ids', async () => {
    fails(await confirmLocal(s, 'wx2025000000000000000000'), 404, '预支付单不存在')
    fails(await confirmLocal(s, 'not-a-prepay'), 400, '预支付单号无效')
    fails(await s.post('/dev/pay/confirm', {}), 400, '预支付单号无效')
    // Through a proxy it is not local: the unknown-path answer.
    const proxied = await s.post(
      '/dev/pay/confirm',
      { prepayId: 'wx2025000000000000000000' },
      { headers: { 'x-forwarded-for': '203.0.113.9' } },
    )
    fails(proxied, 404, '接口不存在')
  })

  test('50 buyers at once for the last 10 copies: exactly 10 orders, then 10 paid', async () => {
    const productId = await addProduct(s, { kind: 'book', priceFen: 1999, stock: 10 })
    const buyers = await readers(s, 50)
    const results: Reply[] = await Promise.all(
      buyers.map((who, i) => create(who, { productId }, i % 2 ? 'q' : 'r')),
    )
    const made = results.filter((res) => (res.body.ret ?? res.body.code) === 200)
    const refused = results.filter((res) => (res.body.ret ?? res.body.code) !== 200)
    assert.equal(made.length, 10)
    assert.equal(refused.length, 40)
    for (const res of refused) fails(res, 400, ShopText.outOfStock)
    assert.deepEqual(await stockOf(s, productId), { stock: 0, sales: 0 })

    const confirmed = await Promise.all(made.map((res) => confirmLocal(s, res.body.data.prepayId)))
    for (const res of confirmed) ok(res)
    const rows = await s.db.select().from(orders).where(eq(orders.productId, productId))
    assert.equal(rows.length, 10)
    assert.ok(rows.every((o) => o.state === 'paid'))
    assert.deepEqual(await stockOf(s, productId), { stock: 0, sales: 10 })
    const copies = await s.db
      .select()
      .from(bookCopies)
      .where(
        inArray(
          bookCopies.orderId,
          rows.map((o) => o.id),
        ),
      )
    assert.equal(copies.length, 10)
  })
})
