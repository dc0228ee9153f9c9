/**
 * Agent coupons (issue 18) over HTTP, in both call styles, with the local WeChat Pay double and a
 * fake clock: operators allocate (readers refused, bad values refused, unknown agents 404); an
 * agent lists them (unissued by default, all, the records of those given) and gives one to one of
 * their live members, once and before it expires; a member lists theirs (usable first, `usable`
 * 1); a shop order names one: the discount to the fen, the threshold, expired, someone else's,
 * one held by another unpaid order; cancelled or expired (lazily and by the sweep), the order gives
 * it back; paid, it is used (also by a payment settled after the cancel) and no later order may name
 * it; of two orders at once naming one coupon exactly one gets it. And the seeded demo agent.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { AgentText } from '@rules/agent'
import { OrderLimits, PAY_NOTIFY_PATH, ShopText } from '@rules/shop'
import { seedDemo } from '../seed'
import { DEMO_COUPON, seedAgent } from '../seed/agent'
import { DEMO_PASSWORD, DEMO_USERS } from '../seed/users'
import { agentCommissions, agentCoupons, orders, products, users } from '../src/db/schema'
import { sweepExpiredOrders } from '../src/modules/shop/expiry'
import { LOCAL_APP_ID } from '../src/modules/shop/payment'
import type { LocalPayClient } from '../src/services/wechatPay/local'
import { MINUTE, SECOND, startServer, type TestServer } from './helpers'
import {
  addProduct,
  confirmLocal,
  fails,
  ok,
  q,
  r,
  reader,
  stockOf,
  type Reader,
} from './shopHelpers'
import {
  agentCall,
  approvedAgent,
  boundMember,
  okData,
  operatorId,
  operatorToken,
  type Person,
} from './agentHelpers'

const nowSeconds = (s: TestServer): number => Math.floor(s.clock.now() / 1000)

describe('agent coupons: allocate, give, use in the shop', () => {
  let s: TestServer
  let op: string
  let agent: Person
  let m1: Reader
  let m2: Reader
  let other: Person
  let otherMember: Reader
  let stranger: Reader

  before(async () => {
    s = await startServer()
    op = await operatorToken(s)
    agent = await approvedAgent(s)
    other = await approvedAgent(s)
    m1 = await boundMember(s, agent)
    m2 = await boundMember(s, agent)
    otherMember = await boundMember(s, other)
    stranger = await reader(s)
  })
  after(() => s.close())

  /** Allocates coupons to `to` (default: the agent); answers their ids. */
  async function allocate(
    values: { count?: number; valueFen?: number; minOrderFen?: number; expiresAt?: number } = {},
    to: { id: number } = agent,
  ): Promise<number[]> {
    const input = {
      userId: to.id,
      count: 1,
      valueFen: 500,
      minOrderFen: 2000,
      expiresAt: nowSeconds(s) + 30 * 24 * 3600,
      ...values,
    }
    return okData(await agentCall(s, 'allocateCoupons', input, op), 'allocate').ids
  }

  /** A coupon allocated to the agent and given to `member`. */
  async function givenCoupon(
    member: Reader,
    values: Parameters<typeof allocate>[0] = {},
  ): Promise<number> {
    const [id] = await allocate(values)
    okData(await agentCall(s, 'giveCoupon', { couponId: id, memberId: member.id }, agent.token))
    return id
  }

  async function couponRow(id: number) {
    const [row] = await s.db.select().from(agentCoupons).where(eq(agentCoupons.id, id))
    return row
  }

  const order = (who: Reader, body: Record<string, unknown>, style: 'q' | 'r' = 'r') =>
    s.post(style === 'q' ? q('createOrder') : r('createOrder'), body, { token: who.token })

  test('the seeded demo agent: members, money, coupons (one given to 书友小林), a notice', async () => {
    const demo = (await s.login(DEMO_USERS[0].mobile, DEMO_PASSWORD)).access_token
    const lin = await s.login(DEMO_USERS[1].mobile, DEMO_PASSWORD)
    const detail = okData(await agentCall(s, 'detail', {}, demo))
    assert.equal(detail.rateBp, 1000)
    assert.equal(detail.memberCount, 2)
    // 开卷有益帆布袋 ¥45.00 paid 10 days ago (settled), 读书笔记本 ¥18.00 yesterday (pending).
    assert.deepEqual([detail.balanceFen, detail.pendingFen], [450, 180])
    assert.equal(detail.unissuedCoupons, DEMO_COUPON.count - 1)
    assert.equal(detail.unreadNotices, 1)
    const records = okData(await agentCall(s, 'couponRecords', {}, demo))
    assert.equal(records.total, 1)
    assert.equal(records.list[0].holder.userId, lin.user.user_id)

    const mine = okData(await agentCall(s, 'myCoupons', { usable: 1 }, lin.access_token))
    assert.equal(mine.total, 1)
    const coupon = mine.list[0]
    assert.deepEqual(
      [coupon.valueFen, coupon.minOrderFen, coupon.from.nickname],
      [DEMO_COUPON.valueFen, DEMO_COUPON.minOrderFen, DEMO_USERS[0].nickname],
    )
    const [poems] = await s.db
      .select()
      .from(products)
      .where(eq(products.name, '《唐诗三百首》赠书'))
    const made = okData(
      await s.post(
        r('createOrder'),
        { productId: poems.id, couponId: coupon.id },
        { token: lin.access_token },
      ),
    )
    assert.equal(made.order.amountFen, poems.priceFen - DEMO_COUPON.valueFen)
    ok(await s.post(r('cancelOrder'), { id: made.order.id }, { token: lin.access_token }))

    // Put in once.
    // (The test databases leave the search index out.)
    const opts = { production: false, skip: ['search_index'] as const }
    assert.equal(await seedDemo(s.db, s.clock.now(), opts), false)
    await s.db.transaction((tx) => seedAgent(tx, s.clock.now()))
    const again = okData(await agentCall(s, 'detail', {}, demo))
    assert.deepEqual(
      [again.memberCount, again.balanceFen, again.unissuedCoupons],
      [2, 450, DEMO_COUPON.count - 1],
    )
  })

  test('allocate: operators only, values checked, to an agent', async () => {
    const good = {
      userId: agent.id,
      count: 3,
      valueFen: 1000,
      minOrderFen: 3000,
      expiresAt: nowSeconds(s) + 7 * 24 * 3600,
    }
    for (const who of [agent.token, m1.token]) {
      fails(await agentCall(s, 'allocateCoupons', good, who), 403, AgentText.operatorOnly)
    }
    const bad: [Record<string, unknown>, number, string][] = [
      [{ minOrderFen: 1000 }, 400, AgentText.couponMinInvalid],
      [{ minOrderFen: 999 }, 400, AgentText.couponMinInvalid],
      [{ expiresAt: nowSeconds(s) }, 400, AgentText.expiresInvalid],
      [{ expiresAt: nowSeconds(s) - 60 }, 400, AgentText.expiresInvalid],
      [{ count: 0 }, 400, AgentText.couponCountInvalid],
      [{ count: 201 }, 400, AgentText.couponCountInvalid],
      [{ valueFen: 0 }, 400, AgentText.couponValueInvalid],
      [{ valueFen: 1_000_001, minOrderFen: 2_000_000 }, 400, AgentText.couponValueInvalid],
      [{ valueFen: 12.5 }, 400, AgentText.couponValueInvalid],
      [{ userId: m1.id }, 404, AgentText.agentNotFound],
      [{ userId: 999_999 }, 404, AgentText.agentNotFound],
    ]
    for (const [change, code, msg] of bad) {
      for (const style of ['r', 'q'] as const) {
        const res = await agentCall(s, 'allocateCoupons', { ...good, ...change }, op, style)
        fails(res, code, msg, JSON.stringify(change))
      }
    }
    const none = await s.db
      .select({ id: agentCoupons.id })
      .from(agentCoupons)
      .where(eq(agentCoupons.agentUserId, agent.id))
    assert.equal(none.length, 0, 'nothing allocated by the refused calls')

    for (const style of ['r', 'q'] as const) {
      const res = await agentCall(s, 'allocateCoupons', good, op, style)
      const data = okData(res, style)
      assert.equal(res.body.msg, '已发放')
      assert.equal(data.count, 3)
      assert.equal(data.ids.length, 3)
      for (const id of data.ids) {
        const row = await couponRow(id)
        assert.equal(row.state, 'unissued')
        assert.equal(row.agentUserId, agent.id)
        assert.equal(row.valueFen, 1000)
        assert.equal(row.minOrderFen, 3000)
        assert.equal(row.allocatedBy, await operatorId(s))
        assert.equal(row.expiresAt.getTime(), good.expiresAt * 1000)
        assert.equal(row.holderUserId, null)
      }
    }
  })

  test('the agent lists: unissued by default, all, records; agents only', async () => {
    for (const who of [m1.token, stranger.token]) {
      for (const key of ['coupons', 'couponRecords'] as const) {
        fails(await agentCall(s, key, {}, who), 403, AgentText.notAgent, key)
      }
    }
    fails(
      await agentCall(s, 'coupons', { state: 'used' }, agent.token),
      400,
      AgentText.stateInvalid,
    )
    s.clock.advance(SECOND)
    const [newest] = await allocate({ valueFen: 300, minOrderFen: 1000 })
    const theirs = await allocate({}, other)

    const first = okData(await agentCall(s, 'coupons', { pageSize: 2 }, agent.token))
    assert.equal(first.total, 7)
    assert.equal(first.list.length, 2)
    assert.equal(first.pageSize, 2)
    assert.equal(first.list[0].id, newest)
    assert.deepEqual(first.list[0], {
      id: newest,
      valueFen: 300,
      minOrderFen: 1000,
      expiresAt: nowSeconds(s) + 30 * 24 * 3600,
      state: 'unissued',
      holder: null,
      givenAt: null,
      usedAt: null,
      orderId: null,
    })
    assert.ok(!first.list.some((c: { id: number }) => theirs.includes(c.id)))

    // Give two; the unissued list loses them, 'all' keeps them, the records show them.
    const all1 = okData(await agentCall(s, 'coupons', { state: 'all', pageSize: 50 }, agent.token))
    const [a, b] = all1.list.map((c: { id: number }) => c.id).slice(-2)
    okData(await agentCall(s, 'giveCoupon', { couponId: a, memberId: m1.id }, agent.token))
    s.clock.advance(SECOND)
    okData(await agentCall(s, 'giveCoupon', { couponId: b, memberId: m2.id }, agent.token, 'q'))

    for (const style of ['r', 'q'] as const) {
      const unissued = okData(await agentCall(s, 'coupons', {}, agent.token, style))
      assert.equal(unissued.total, 5)
      assert.ok(unissued.list.every((c: { state: string }) => c.state === 'unissued'))
      const all = okData(
        await agentCall(s, 'coupons', { state: 'all', pageSize: 50 }, agent.token, style),
      )
      assert.equal(all.total, 7)
      const ids = all.list.map((c: { id: number }) => c.id)
      assert.deepEqual(
        ids,
        [...ids].sort((x, y) => y - x),
        'newest first',
      )
      const records = okData(await agentCall(s, 'couponRecords', {}, agent.token, style))
      assert.equal(records.total, 2)
      assert.deepEqual(
        records.list.map((c: { id: number }) => c.id),
        [b, a],
        'latest given first',
      )
      assert.equal(records.list[0].holder.userId, m2.id)
      assert.equal(records.list[1].holder.userId, m1.id)
      assert.equal(records.list[0].state, 'given')
      assert.equal(records.list[0].givenAt, nowSeconds(s))
    }
  })

  test('give: my coupon, my live member, once, before it expires', async () => {
    const [id] = await allocate()
    for (const who of [m1.token, stranger.token]) {
      fails(
        await agentCall(s, 'giveCoupon', { couponId: id, memberId: m1.id }, who),
        403,
        AgentText.notAgent,
      )
    }
    const [theirs] = await allocate({}, other)
    fails(
      await agentCall(s, 'giveCoupon', { couponId: theirs, memberId: m1.id }, agent.token),
      404,
      AgentText.couponNotFound,
    )
    fails(
      await agentCall(s, 'giveCoupon', { couponId: 999_999, memberId: m1.id }, agent.token),
      404,
      AgentText.couponNotFound,
    )
    fails(
      await agentCall(s, 'giveCoupon', { couponId: 0, memberId: m1.id }, agent.token),
      400,
      AgentText.couponNotFound,
    )
    for (const memberId of [stranger.id, otherMember.id, other.id, agent.id, 999_999]) {
      fails(
        await agentCall(s, 'giveCoupon', { couponId: id, memberId }, agent.token),
        400,
        AgentText.memberNotFound,
        String(memberId),
      )
    }
    // A member whose account is gone is no member.
    const gone = await boundMember(s, agent)
    await s.db
      .update(users)
      .set({ deletedAt: new Date(s.clock.now()) })
      .where(eq(users.id, gone.id))
    fails(
      await agentCall(s, 'giveCoupon', { couponId: id, memberId: gone.id }, agent.token),
      400,
      AgentText.memberNotFound,
    )
    assert.equal((await couponRow(id)).state, 'unissued')

    const res = await agentCall(s, 'giveCoupon', { couponId: id, memberId: m1.id }, agent.token)
    const given = okData(res)
    assert.equal(res.body.msg, '已发放')
    assert.equal(given.state, 'given')
    assert.equal(given.holder.userId, m1.id)
    assert.equal(given.givenAt, nowSeconds(s))
    for (const memberId of [m1.id, m2.id]) {
      fails(
        await agentCall(s, 'giveCoupon', { couponId: id, memberId }, agent.token),
        400,
        AgentText.couponNotUnissued,
      )
    }
    assert.equal((await couponRow(id)).holderUserId, m1.id)

    const [soon] = await allocate({ expiresAt: nowSeconds(s) + 60 })
    s.clock.advance(61 * SECOND)
    fails(
      await agentCall(s, 'giveCoupon', { couponId: soon, memberId: m1.id }, agent.token, 'q'),
      400,
      AgentText.couponExpired,
    )
    assert.equal((await couponRow(soon)).state, 'unissued')
  })

  test("a member's coupons: usable first, `usable` 1, only their own", async () => {
    const member = await boundMember(s, agent)
    const soon = await givenCoupon(member, { expiresAt: nowSeconds(s) + 120 })
    s.clock.advance(SECOND)
    const later = await givenCoupon(member, { valueFen: 800, minOrderFen: 1600 })
    s.clock.advance(SECOND)
    const expiring = await givenCoupon(member, { expiresAt: nowSeconds(s) + 60 })
    s.clock.advance(61 * SECOND)

    for (const style of ['r', 'q'] as const) {
      const mine = okData(await agentCall(s, 'myCoupons', {}, member.token, style))
      assert.equal(mine.total, 3)
      assert.deepEqual(
        mine.list.map((c: { id: number; usable: boolean }) => [c.id, c.usable]),
        [
          [later, true],
          [soon, true],
          [expiring, false],
        ],
      )
      const top = mine.list[0]
      assert.equal(top.valueFen, 800)
      assert.equal(top.minOrderFen, 1600)
      assert.equal(top.state, 'given')
      assert.equal(top.from.userId, agent.id)
      assert.equal(top.usedAt, null)
      assert.equal(top.orderId, null)
      const usable = okData(await agentCall(s, 'myCoupons', { usable: 1 }, member.token, style))
      assert.deepEqual(
        usable.list.map((c: { id: number }) => c.id),
        [later, soon],
      )
      assert.equal(usable.total, 2)
    }
    const none = okData(await agentCall(s, 'myCoupons', {}, stranger.token))
    assert.deepEqual([none.total, none.list], [0, []])
    // An agent may call it too (their own coupons given to them: none).
    assert.equal(okData(await agentCall(s, 'myCoupons', {}, agent.token)).total, 0)
  })

  test('an order naming a coupon: the discount to the fen, reserved, then used when paid', async () => {
    const member = await boundMember(s, agent)
    const id = await givenCoupon(member, { valueFen: 1234, minOrderFen: 5998 })
    const productId = await addProduct(s, { priceFen: 2999, stock: 10 })
    const res = await order(member, { productId, quantity: 2, couponId: id })
    const made = okData(res)
    assert.equal(made.order.priceFen, 2999)
    assert.equal(made.order.quantity, 2)
    assert.equal(made.order.discountFen, 1234)
    assert.equal(made.order.amountFen, 5998 - 1234)
    assert.equal(made.order.couponId, id)
    let row = await couponRow(id)
    assert.deepEqual([row.state, row.orderId], ['reserved', made.order.id])
    const mine = okData(await agentCall(s, 'myCoupons', {}, member.token))
    assert.deepEqual(
      [mine.list[0].state, mine.list[0].usable, mine.list[0].orderId],
      ['reserved', false, made.order.id],
    )

    okData(await confirmLocal(s, made.prepayId), 'pay')
    row = await couponRow(id)
    assert.deepEqual([row.state, row.orderId], ['used', made.order.id])
    assert.equal(row.usedAt?.getTime(), s.clock.now())
    const [paid] = await s.db.select().from(orders).where(eq(orders.id, made.order.id))
    assert.equal(paid.state, 'paid')
    // The agent's commission is on what was paid.
    const [line] = await s.db
      .select()
      .from(agentCommissions)
      .where(eq(agentCommissions.orderId, made.order.id))
    assert.equal(line.orderAmountFen, 4764)
    assert.equal(line.amountFen, 476)

    // Used: no later order may name it.
    fails(
      await order(member, { productId, quantity: 2, couponId: id }),
      400,
      AgentText.couponNotUsable,
    )
    const records = okData(await agentCall(s, 'couponRecords', { pageSize: 50 }, agent.token))
    const record = records.list.find((c: { id: number }) => c.id === id)
    assert.equal(record.state, 'used')
    assert.equal(record.orderId, made.order.id)
    assert.ok(record.usedAt >= record.givenAt)
    assert.deepEqual(await stockOf(s, productId), { stock: 8, sales: 2 })
  })

  test('refused: below the threshold, expired, not mine, not given, held by another order', async () => {
    const member = await boundMember(s, agent)
    const id = await givenCoupon(member, { valueFen: 500, minOrderFen: 3000 })
    const productId = await addProduct(s, { priceFen: 1500, stock: 10 })

    fails(
      await order(member, { productId, quantity: 1, couponId: id }),
      400,
      AgentText.couponThreshold,
    )
    fails(
      await order(member, { productId, quantity: 1, couponId: id }, 'q'),
      400,
      AgentText.couponThreshold,
    )
    // Nothing taken by the refused orders.
    assert.deepEqual(await stockOf(s, productId), { stock: 10, sales: 0 })
    assert.equal((await couponRow(id)).state, 'given')

    // Someone else's, not given yet, unknown, malformed.
    fails(await order(m2, { productId, quantity: 2, couponId: id }), 400, AgentText.couponNotUsable)
    const [unissued] = await allocate()
    fails(
      await order(member, { productId, quantity: 2, couponId: unissued }),
      400,
      AgentText.couponNotUsable,
    )
    for (const couponId of [999_999, 'x', -1, 1.5]) {
      fails(
        await order(member, { productId, quantity: 2, couponId }),
        400,
        AgentText.couponNotUsable,
        String(couponId),
      )
    }

    // Exactly the threshold: taken; a second order may not name it while the first holds it.
    const first = okData(await order(member, { productId, quantity: 2, couponId: id }))
    assert.equal(first.order.amountFen, 2500)
    fails(
      await order(member, { productId, quantity: 3, couponId: id }),
      400,
      AgentText.couponNotUsable,
    )
    assert.deepEqual(await stockOf(s, productId), { stock: 8, sales: 0 })

    // Expired (while given).
    const soon = await givenCoupon(member, { expiresAt: nowSeconds(s) + 60 })
    s.clock.advance(60 * SECOND)
    fails(
      await order(member, { productId, quantity: 2, couponId: soon }),
      400,
      AgentText.couponExpired,
    )
    // Without a coupon (0 means none) nothing changes.
    for (const body of [{ productId }, { productId, couponId: 0 }]) {
      const plain = okData(await order(member, body))
      assert.deepEqual(
        [plain.order.couponId, plain.order.discountFen, plain.order.amountFen],
        [null, 0, 1500],
      )
    }
  })

  test('cancel and expiry give it back (lazily and by the sweep); a payment after the cancel uses it', async () => {
    const member = await boundMember(s, agent)
    const id = await givenCoupon(member, { valueFen: 100, minOrderFen: 1000 })
    const productId = await addProduct(s, { priceFen: 1000, stock: 20 })

    // Cancelled by the reader.
    const a = okData(await order(member, { productId, couponId: id }))
    ok(await s.post(r('cancelOrder'), { id: a.order.id }, { token: member.token }))
    let row = await couponRow(id)
    assert.deepEqual([row.state, row.orderId, row.holderUserId], ['given', null, member.id])

    // Expired, noticed by the next order (lazily): that order takes it.
    const b = okData(await order(member, { productId, couponId: id }))
    s.clock.advance(OrderLimits.payMinutes * MINUTE)
    const c = okData(await order(member, { productId, couponId: id }))
    const [bRow] = await s.db.select().from(orders).where(eq(orders.id, b.order.id))
    assert.equal(bRow.state, 'cancelled')
    row = await couponRow(id)
    assert.deepEqual([row.state, row.orderId], ['reserved', c.order.id])
    fails(
      await s.post(r('payOrder'), { id: b.order.id }, { token: member.token }),
      400,
      ShopText.orderExpired,
    )

    // Expired, found by the sweep.
    s.clock.advance(OrderLimits.payMinutes * MINUTE)
    assert.ok((await sweepExpiredOrders(s.fastify.chatContext)) >= 1)
    row = await couponRow(id)
    assert.deepEqual([row.state, row.orderId], ['given', null])

    // Expired, seen in my coupons (they expire my due orders first).
    const d = okData(await order(member, { productId, couponId: id }))
    s.clock.advance(OrderLimits.payMinutes * MINUTE)
    const mine = okData(await agentCall(s, 'myCoupons', {}, member.token))
    const mineRow = mine.list.find((x: { id: number }) => x.id === id)
    assert.deepEqual([mineRow.state, mineRow.usable, mineRow.orderId], ['given', true, null])
    const [dRow] = await s.db.select().from(orders).where(eq(orders.id, d.order.id))
    assert.equal(dRow.state, 'cancelled')

    // Cancelled, then the payment WeChat Pay took before the close arrives: paid, coupon used.
    const e = okData(await order(member, { productId, couponId: id }))
    ok(await s.post(r('cancelOrder'), { id: e.order.id }, { token: member.token }))
    assert.equal((await couponRow(id)).state, 'given')
    const n = (s.fastify.chatContext.pay as LocalPayClient).paidNotification({
      prepayId: e.prepayId,
      appId: LOCAL_APP_ID,
      outTradeNo: e.order.orderNo,
      amountFen: e.order.amountFen,
    })
    const res = await s.post(PAY_NOTIFY_PATH, undefined, {
      raw: n.body,
      headers: n.headers as Record<string, string>,
    })
    assert.deepEqual([res.status, res.body.code], [200, 'SUCCESS'])
    const [eRow] = await s.db.select().from(orders).where(eq(orders.id, e.order.id))
    assert.equal(eRow.state, 'paid')
    row = await couponRow(id)
    assert.deepEqual([row.state, row.orderId], ['used', e.order.id])
    fails(await order(member, { productId, couponId: id }), 400, AgentText.couponNotUsable)
  })

  test('two orders at once naming one coupon: exactly one takes it', async () => {
    const member = await boundMember(s, agent)
    const id = await givenCoupon(member, { valueFen: 200, minOrderFen: 1000 })
    const productId = await addProduct(s, { priceFen: 1000, stock: 20 })
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        order(member, { productId, couponId: id }, i % 2 ? 'q' : 'r'),
      ),
    )
    const won = results.filter((res) => (res.body.ret ?? res.body.code) === 200)
    assert.equal(won.length, 1, JSON.stringify(results.map((res) => res.body.msg)))
    for (const res of results.filter((x) => !won.includes(x))) {
      fails(res, 400, AgentText.couponNotUsable)
    }
    const winner = won[0].body.data.order
    assert.equal(winner.amountFen, 800)
    const row = await couponRow(id)
    assert.deepEqual([row.state, row.orderId], ['reserved', winner.id])
    assert.deepEqual(await stockOf(s, productId), { stock: 19, sales: 0 })
    const held = await s.db.select().from(orders).where(eq(orders.couponId, id))
    assert.equal(held.length, 1)
  })
})
