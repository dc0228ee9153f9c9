/**
 * Regressions from the review of the agent programme's server (issue 18), over HTTP with the local
 * WeChat Pay double and a fake clock:
 * - a coupon given back by a cancelled order and taken by another one: the first order's late
 *   payment is refunded (it cannot have the discount a second time), also once the coupon is used;
 * - an operator who is an agent cannot act on their own case (review, rate, coupons, withdrawal);
 * - a refund after the commission line settled (a sweep's clock ahead, a window made longer) is
 *   refused: the agent never keeps commission on a refunded order;
 * - an agent whose account is deleted earns nothing more;
 * - posters: one drawing per agent at a time, at most POSTER_RENDERS_MAX an hour (then the stored
 *   one), so changing the nickname cannot make every call draw.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { accountApi } from '@api/account'
import { AgentText } from '@rules/agent'
import { PAY_NOTIFY_PATH } from '@rules/shop'
import { setOperator } from '../src/db/operators'
import {
  agentApplications,
  agentCommissions,
  agentCoupons,
  agents,
  agentWithdrawals,
  orders,
  users,
} from '../src/db/schema'
import { POSTER_RENDERS_MAX } from '../src/modules/agent/poster'
import { LOCAL_APP_ID } from '../src/modules/shop/payment'
import type { LocalPayClient } from '../src/services/wechatPay/local'
import { restPath, SECOND, startServer, type TestServer } from './helpers'
import { addProduct, fails, ok, r, stockOf, type Reader } from './shopHelpers'
import {
  agentCall,
  applyAsAgent,
  approvedAgent,
  boundMember,
  okData,
  operatorToken,
  paidOrder,
  verifiedReader,
  type Person,
} from './agentHelpers'

const WINDOW_SECONDS = 3600

describe('agent review regressions', () => {
  let s: TestServer
  let op: string
  let agent: Person

  before(async () => {
    s = await startServer({ REFUND_WINDOW_SECONDS: String(WINDOW_SECONDS) })
    op = await operatorToken(s)
    agent = await approvedAgent(s)
  })
  after(() => s.close())

  const couponRow = async (id: number) =>
    (await s.db.select().from(agentCoupons).where(eq(agentCoupons.id, id)))[0]
  const orderRow = async (id: number) =>
    (await s.db.select().from(orders).where(eq(orders.id, id)))[0]

  /** A coupon of the agent's given to `member`. */
  async function givenCoupon(member: Reader, valueFen: number, minOrderFen: number) {
    const [id] = okData(
      await agentCall(
        s,
        'allocateCoupons',
        {
          userId: agent.id,
          count: 1,
          valueFen,
          minOrderFen,
          expiresAt: Math.floor(s.clock.now() / 1000) + 30 * 86_400,
        },
        op,
      ),
    ).ids as number[]
    okData(await agentCall(s, 'giveCoupon', { couponId: id, memberId: member.id }, agent.token))
    return id
  }

  const order = (who: Reader, body: Record<string, unknown>) =>
    s.post(r('createOrder'), body, { token: who.token })

  /** The payment WeChat Pay took before our close reached it, notified now. */
  async function latePayment(made: {
    prepayId: string
    order: { orderNo: string; amountFen: number }
  }) {
    const n = (s.fastify.chatContext.pay as LocalPayClient).paidNotification({
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

  test('a cancelled order paid late cannot use a coupon another order took since', async () => {
    const member = await boundMember(s, agent)
    const id = await givenCoupon(member, 300, 1000)
    const productId = await addProduct(s, { priceFen: 1000, stock: 10 })

    // A names the coupon; the reader pays at WeChat, and cancels before the notification comes.
    const a = okData(await order(member, { productId, couponId: id }))
    ok(await s.post(r('cancelOrder'), { id: a.order.id }, { token: member.token }))
    // B takes the coupon given back.
    const b = okData(await order(member, { productId, couponId: id }))
    assert.equal(b.order.amountFen, 700)
    assert.deepEqual(await stockOf(s, productId), { stock: 9, sales: 0 })

    // A's payment arrives: refunded (the money goes back), not paid at 700 with B's coupon.
    await latePayment(a)
    const aRow = await orderRow(a.order.id)
    assert.equal(aRow.state, 'refunded')
    let coupon = await couponRow(id)
    assert.deepEqual([coupon.state, coupon.orderId], ['reserved', b.order.id])
    assert.deepEqual(await stockOf(s, productId), { stock: 9, sales: 0 }, 'no stock taken')
    const lines = await s.db
      .select()
      .from(agentCommissions)
      .where(eq(agentCommissions.orderId, a.order.id))
    assert.equal(lines.length, 0, 'no commission on a refunded payment')

    // B is paid and uses it; once.
    ok(await s.post('/dev/pay/confirm', { prepayId: b.prepayId }))
    coupon = await couponRow(id)
    assert.deepEqual([coupon.state, coupon.orderId], ['used', b.order.id])

    // The same after B was paid: C cancelled with the coupon earlier, paid late, refunded.
    const id2 = await givenCoupon(member, 300, 1000)
    const c = okData(await order(member, { productId, couponId: id2 }))
    ok(await s.post(r('cancelOrder'), { id: c.order.id }, { token: member.token }))
    const d = okData(await order(member, { productId, couponId: id2 }))
    ok(await s.post('/dev/pay/confirm', { prepayId: d.prepayId }))
    await latePayment(c)
    assert.equal((await orderRow(c.order.id)).state, 'refunded')
    coupon = await couponRow(id2)
    assert.deepEqual([coupon.state, coupon.orderId], ['used', d.order.id])

    // While the coupon is still free, a late payment is paid and uses it (as before).
    const id3 = await givenCoupon(member, 300, 1000)
    const e = okData(await order(member, { productId, couponId: id3 }))
    ok(await s.post(r('cancelOrder'), { id: e.order.id }, { token: member.token }))
    await latePayment(e)
    assert.equal((await orderRow(e.order.id)).state, 'paid')
    coupon = await couponRow(id3)
    assert.deepEqual([coupon.state, coupon.orderId], ['used', e.order.id])
  })

  test('an operator who is an agent cannot act on their own case', async () => {
    const self = await verifiedReader(s)
    assert.ok(await setOperator(s.db, self.id))
    const appId = await applyAsAgent(s, self)
    for (const style of ['r', 'q'] as const) {
      fails(
        await agentCall(
          s,
          'reviewApplication',
          { id: appId, approve: 1, rateBp: 5000 },
          self.token,
          style,
        ),
        403,
        AgentText.operatorSelf,
      )
    }
    fails(
      await agentCall(
        s,
        'reviewApplication',
        { id: appId, approve: 0, reason: '自己驳回' },
        self.token,
      ),
      403,
      AgentText.operatorSelf,
    )
    // Another operator approves it.
    okData(await agentCall(s, 'reviewApplication', { id: appId, approve: 1 }, op))

    fails(
      await agentCall(s, 'setRate', { userId: self.id, rateBp: 5000 }, self.token),
      403,
      AgentText.operatorSelf,
    )
    const coupons = {
      userId: self.id,
      count: 200,
      valueFen: 1_000_000,
      minOrderFen: 1_000_001,
      expiresAt: Math.floor(s.clock.now() / 1000) + 86_400,
    }
    fails(await agentCall(s, 'allocateCoupons', coupons, self.token), 403, AgentText.operatorSelf)
    const [mine] = await s.db
      .select()
      .from(agentCoupons)
      .where(eq(agentCoupons.agentUserId, self.id))
    assert.equal(mine, undefined, 'nothing allocated')

    // Their own withdrawal (written here: the money part has its own suite).
    const [w] = await s.db
      .insert(agentWithdrawals)
      .values({
        agentUserId: self.id,
        amountFen: 100,
        state: 'pending',
        cardHolder: self.realName,
        cardBank: '招商银行',
        cardNo: '6222020200112233445',
        createdAt: new Date(s.clock.now()),
      })
      .returning()
    fails(
      await agentCall(s, 'settleWithdrawal', { id: w.id, state: 'paid' }, self.token),
      403,
      AgentText.operatorSelf,
    )
    okData(await agentCall(s, 'settleWithdrawal', { id: w.id, state: 'failed' }, op))

    // Other agents' cases they handle as before.
    okData(await agentCall(s, 'setRate', { userId: agent.id, rateBp: 1000 }, self.token))
  })

  test('a refund after the commission line settled is refused (a window made longer)', async () => {
    const member = await boundMember(s, agent)
    const paid = await paidOrder(s, member, 2990)
    // Paid under a 1-hour window; the server restarts with a 7-day one after the line settled.
    s.clock.advance(WINDOW_SECONDS * SECOND)
    const before = okData(await agentCall(s, 'detail', {}, agent.token))
    const [line] = await s.db
      .select()
      .from(agentCommissions)
      .where(eq(agentCommissions.orderId, paid.id))
    assert.equal(line.state, 'settled')
    const longer = await startServer({ REFUND_WINDOW_SECONDS: String(7 * 86_400) }, s)
    try {
      longer.clock.t = s.clock.now()
      fails(
        await longer.post(r('refundOrder'), { id: paid.id }, { token: op }),
        400,
        AgentText.refundWindowPassed,
      )
    } finally {
      await longer.close()
    }
    assert.equal((await orderRow(paid.id)).state, 'paid')
    const after = okData(await agentCall(s, 'detail', {}, agent.token))
    assert.equal(after.balanceFen, before.balanceFen)

    // Pending, it is refunded and the line cancelled (as before).
    const other = await paidOrder(s, member, 1000)
    ok(await s.post(r('refundOrder'), { id: other.id }, { token: op }))
    const [cancelled] = await s.db
      .select()
      .from(agentCommissions)
      .where(eq(agentCommissions.orderId, other.id))
    assert.equal(cancelled.state, 'cancelled')
  })

  test('an agent whose account is deleted earns nothing more', async () => {
    const gone = await approvedAgent(s)
    const member = await boundMember(s, gone)
    await s.db
      .update(users)
      .set({ deletedAt: new Date(s.clock.now()) })
      .where(eq(users.id, gone.id))
    const paid = await paidOrder(s, member, 2990)
    const lines = await s.db
      .select()
      .from(agentCommissions)
      .where(eq(agentCommissions.orderId, paid.id))
    assert.equal(lines.length, 0)
  })

  test("a deleted agent's name, phone and card are forgotten", async () => {
    const t = await startServer()
    try {
      const agent = await approvedAgent(t)
      ok(
        await agentCall(
          t,
          'modifyCard',
          { holder: agent.realName, bank: '招商银行', cardNo: '4111111111111111' },
          agent.token,
        ),
      )
      // Deleting an account is confirmed by a code sent to its number (test readers have none).
      const mobile = `139${String(agent.id).padStart(8, '0')}`
      await t.db.update(users).set({ mobile }).where(eq(users.id, agent.id))
      const code = await t.smsCode(mobile, 'delete_account', agent.token)
      ok(await t.post(restPath(accountApi.deleteAccount), { code }, { token: agent.token }))
      const [row] = await t.db.select().from(agents).where(eq(agents.userId, agent.id))
      assert.deepEqual(
        [row.realName, row.phone, row.cardHolder, row.cardBank, row.cardNo],
        ['', '', null, null, null],
      )
      const apps = await t.db
        .select()
        .from(agentApplications)
        .where(eq(agentApplications.userId, agent.id))
      assert.ok(apps.length > 0 && apps.every((x) => x.realName === '' && x.phone === ''))
    } finally {
      await t.close()
    }
  })

  test('posters: one drawing at a time per agent, a bounded number an hour', async () => {
    const storage = s.fastify.chatContext.storage
    const put = storage.put.bind(storage)
    let drawn = 0
    storage.put = async (name, data) => {
      if (name.endsWith('.png')) drawn++
      return put(name, data)
    }
    try {
      const drawer = await approvedAgent(s)
      const setNickname = async (nickname: string) =>
        okData(
          await s.post(restPath(accountApi.updateProfile), { nickname }, { token: drawer.token }),
        )

      // Many asks at once after a change: drawn once.
      await setNickname('海报吧主')
      const many = await Promise.all(
        Array.from({ length: 8 }, () => agentCall(s, 'poster', {}, drawer.token)),
      )
      assert.equal(new Set(many.map((res) => okData(res).image)).size, 1)
      assert.equal(drawn, 1)

      // Changing the nickname again and again: drawn at most POSTER_RENDERS_MAX times an hour,
      // then the stored poster is answered.
      let last = ''
      for (let i = 0; i < POSTER_RENDERS_MAX + 5; i++) {
        await setNickname(`吧主${i}`)
        last = okData(await agentCall(s, 'poster', {}, drawer.token)).image
      }
      assert.equal(drawn, POSTER_RENDERS_MAX)
      const got = await fetch(s.base + last)
      assert.equal(got.status, 200, 'the answered poster exists')

      // An hour later it is drawn again for the new nickname.
      s.clock.advance(3600 * SECOND)
      const fresh = okData(await agentCall(s, 'poster', {}, drawer.token)).image
      assert.notEqual(fresh, last)
      assert.equal(drawn, POSTER_RENDERS_MAX + 1)
    } finally {
      storage.put = put
    }
  })
})
