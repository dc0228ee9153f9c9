/**
 * The agent programme's money (issue 18), over HTTP with the local WeChat Pay double and a fake
 * clock (refund window 1 hour here): commission to the fen at the agent's rate when the member's
 * order is paid (2990 at 10% → 299, at 12.5% → 373), none for strangers or when it rounds to 0;
 * pending until the refund window ends, then settled (by the agent's reads and by the sweep); an
 * operator's refund within the window cancels it and takes a book order's copies back, after it is
 * refused; the withdrawal card (verified holder, Luhn, masked); withdrawals (card, ¥1.00 at least,
 * the balance at most, one pending at a time), the operators' paid/failed with notices, the bill;
 * and 20 concurrent withdrawals on one balance.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, eq, inArray } from 'drizzle-orm'
import { shopApi } from '@api/shop'
import { AgentLimits, AgentText, maskCard } from '@rules/agent'
import { ShopText } from '@rules/shop'
import {
  agentCommissions,
  agents,
  agentWithdrawals,
  bookCopies,
  orders,
  users,
} from '../src/db/schema'
import { settleDue } from '../src/modules/agent/commission'
import {
  DAY,
  SECOND,
  queryPath,
  restPath,
  startServer,
  type Reply,
  type TestServer,
} from './helpers'
import { fails, ok, reader } from './shopHelpers'
import {
  agentCall,
  approvedAgent,
  bindTo,
  blankText,
  boundMember,
  freshToken,
  okData,
  operatorToken,
  paidOrder,
  unpaidOrder,
  type Person,
} from './agentHelpers'

const WINDOW_SECONDS = 3600
const WINDOW = WINDOW_SECONDS * SECOND

/** A card number with its Luhn check digit appended. */
function luhnCard(body: string): string {
  let sum = 0
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i])
    if (i % 2 === 0) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return body + String((10 - (sum % 10)) % 10)
}

const CARD = luhnCard('622202020011223344') // 19 digits
const OTHER_CARD = luhnCard('62148300123') // 12 digits

describe('agent money: commission, settlement, refunds, cards, withdrawals', () => {
  let s: TestServer
  before(async () => {
    s = await startServer({ REFUND_WINDOW_SECONDS: String(WINDOW_SECONDS) })
  })
  after(() => s.close())

  const lineOf = async (orderId: number) =>
    (await s.db.select().from(agentCommissions).where(eq(agentCommissions.orderId, orderId)))[0]
  const detail = async (who: { token: string }) =>
    okData(await agentCall(s, 'detail', {}, who.token))
  const refund = async (id: number, style: 'q' | 'r' = 'r', token?: string): Promise<Reply> =>
    s.post(
      style === 'q' ? queryPath(shopApi.refundOrder) : restPath(shopApi.refundOrder),
      { id },
      { token: token ?? (await operatorToken(s)) },
    )
  const setCard = async (who: Person, cardNo = CARD) =>
    okData(
      await agentCall(
        s,
        'modifyCard',
        { holder: who.realName, bank: '招商银行', cardNo },
        who.token,
      ),
    )
  /** An agent (at `rateBp`) with a settled balance from one member order of `amountFen`. */
  async function agentWithBalance(rateBp: number, amountFen: number) {
    const agent = await approvedAgent(s, rateBp)
    const member = await boundMember(s, agent)
    await paidOrder(s, member, amountFen)
    s.clock.advance(WINDOW)
    return { agent, member }
  }

  test('commission to the fen at the rate of the moment, pending until the window ends', async () => {
    const a = await approvedAgent(s)
    const b = await approvedAgent(s, 1250)
    const ma = await boundMember(s, a)
    const mb = await boundMember(s, b)
    const paidAt = s.clock.now()
    const oa = await paidOrder(s, ma, 2990)
    const ob = await paidOrder(s, mb, 2990)
    const la = await lineOf(oa.id)
    assert.deepEqual(
      [la.agentUserId, la.memberUserId, la.orderAmountFen, la.rateBp, la.amountFen, la.state],
      [a.id, ma.id, 2990, 1000, 299, 'pending'],
    )
    assert.equal(la.settleAt.getTime(), paidAt + WINDOW)
    assert.equal((await lineOf(ob.id)).amountFen, 373)

    for (const style of ['q', 'r'] as const) {
      const page = okData(await agentCall(s, 'orders', {}, a.token, style))
      assert.equal(page.total, 1)
      const row = page.list[0]
      assert.equal(row.orderId, oa.id)
      assert.equal(row.orderNo, oa.orderNo)
      assert.equal(row.amountFen, 2990)
      assert.equal(row.orderState, 'paid')
      assert.equal(row.paidAt, Math.floor(paidAt / 1000))
      assert.equal(row.member.userId, ma.id)
      assert.deepEqual([row.rateBp, row.commissionFen, row.commissionState], [1000, 299, 'pending'])
      assert.equal(row.settleAt, Math.floor((paidAt + WINDOW) / 1000))
    }
    const d = await detail(a)
    assert.deepEqual(
      [d.balanceFen, d.pendingFen, d.settledTotalFen, d.todayFen, d.monthFen],
      [0, 299, 0, 299, 299],
    )

    // The rate when the order is paid counts: 0% gives no line, 3.33% of 2997 is 99.
    const op = await operatorToken(s)
    okData(await agentCall(s, 'setRate', { userId: a.id, rateBp: 0 }, op))
    const zero = await paidOrder(s, ma, 5000)
    assert.equal(await lineOf(zero.id), undefined)
    okData(await agentCall(s, 'setRate', { userId: a.id, rateBp: 333 }, op))
    const three = await paidOrder(s, ma, 999, { quantity: 3 })
    assert.deepEqual(
      [(await lineOf(three.id)).amountFen, (await lineOf(three.id)).rateBp],
      [99, 333],
    )
    // Rounds to 0: no line. A stranger's order, and a member of a plain reader: none.
    const tiny = await paidOrder(s, ma, 29)
    assert.equal(await lineOf(tiny.id), undefined)
    const stranger = await reader(s)
    assert.equal(await lineOf((await paidOrder(s, stranger, 5000)).id), undefined)
    const invited = await reader(s)
    await bindTo(s, invited, stranger)
    assert.equal(await lineOf((await paidOrder(s, invited, 5000)).id), undefined)
    // An unpaid order has none.
    const open = await unpaidOrder(s, ma, 5000)
    assert.equal(await lineOf(open.id), undefined)
  })

  test("today's and this month's commission count China calendar days", async () => {
    const agent = await approvedAgent(s)
    const member = await boundMember(s, agent)
    await paidOrder(s, member, 2990)
    const china = s.clock.now() + 8 * 3600 * SECOND
    const nextMidnight = (Math.floor(china / DAY) + 1) * DAY - 8 * 3600 * SECOND
    s.clock.advance(nextMidnight - s.clock.now() + SECOND)
    await freshToken(s, agent)
    const newMonth = new Date(s.clock.now() + 8 * 3600 * SECOND).getUTCDate() === 1
    const d = await detail(agent)
    assert.deepEqual([d.todayFen, d.monthFen], [0, newMonth ? 0 : 299])
    assert.equal(d.pendingFen + d.balanceFen, 299)
  })

  test('settlement: pending to the last second, then settled by reads and by the sweep', async () => {
    const agent = await approvedAgent(s)
    const member = await boundMember(s, agent)
    const order = await paidOrder(s, member, 10_000)
    s.clock.advance(WINDOW - SECOND)
    let d = await detail(agent)
    assert.deepEqual([d.balanceFen, d.pendingFen, d.settledTotalFen], [0, 1000, 0])
    s.clock.advance(SECOND)
    d = await detail(agent)
    assert.deepEqual([d.balanceFen, d.pendingFen, d.settledTotalFen], [1000, 0, 1000])
    const line = await lineOf(order.id)
    assert.equal(line.state, 'settled')
    assert.equal(line.settledAt?.getTime(), line.settleAt.getTime())
    const settled = okData(await agentCall(s, 'orders', { state: 'settled' }, agent.token, 'q'))
    assert.deepEqual(
      settled.list.map((o: { orderId: number }) => o.orderId),
      [order.id],
    )
    const pending = okData(await agentCall(s, 'orders', { state: 'pending' }, agent.token))
    assert.equal(pending.total, 0)

    // The sweep settles lines nobody reads.
    const other = await approvedAgent(s)
    const otherOrder = await paidOrder(s, await boundMember(s, other), 2000)
    s.clock.advance(WINDOW)
    assert.ok((await settleDue(s.db, s.clock.now())) >= 1)
    assert.equal((await lineOf(otherOrder.id)).state, 'settled')
    assert.equal(await settleDue(s.db, s.clock.now()), 0, 'nothing twice')
  })

  test('refund: operators only, within the window, cancels the commission once', async () => {
    const agent = await approvedAgent(s)
    const member = await boundMember(s, agent)
    const order = await paidOrder(s, member, 2990)
    fails(await refund(order.id, 'r', member.token), 403, ShopText.notOperator)
    fails(await refund(order.id, 'r', agent.token), 403, ShopText.notOperator)
    fails(await refund(999_999), 404, ShopText.orderNotFound)
    const open = await unpaidOrder(s, member, 1000)
    fails(await refund(open.id), 400, AgentText.orderNotPaid)
    // A piece taken with a redeem code (a paid order of ¥0) was not paid for.
    const redeemed = await s.post(
      restPath(shopApi.redeemCode),
      { code: 'DEMO-GOOD-0001' },
      { token: member.token },
    )
    ok(redeemed)
    fails(await refund(redeemed.body.data.order.id), 400, AgentText.notRefundable)

    s.clock.advance(WINDOW - SECOND)
    const res = await refund(order.id, 'q')
    ok(res)
    assert.equal(res.body.data.state, 'refunded')
    assert.equal(res.body.data.refundedAt, Math.floor(s.clock.now() / 1000))
    assert.equal((await lineOf(order.id)).state, 'cancelled')
    fails(await refund(order.id), 400, AgentText.orderNotPaid)
    s.clock.advance(WINDOW)
    await freshToken(s, agent)
    await freshToken(s, member)
    const d = await detail(agent)
    assert.deepEqual([d.balanceFen, d.pendingFen, d.todayFen], [0, 0, 0])
    const rows = okData(await agentCall(s, 'orders', { state: 'cancelled' }, agent.token))
    assert.deepEqual(
      [rows.total, rows.list[0].orderState, rows.list[0].commissionState],
      [1, 'refunded', 'cancelled'],
    )
    // The member's paid orders no longer count it.
    const members = okData(await agentCall(s, 'members', {}, agent.token))
    assert.deepEqual([members.list[0].orderCount, members.list[0].commissionFen], [0, 0])
    // The member sees it refunded.
    const mine = okData(
      await s.get(`${restPath(shopApi.orderDetail)}?id=${order.id}`, { token: member.token }),
    )
    assert.equal(mine.state, 'refunded')

    // Past the window: refused, the settled commission stays.
    const late = await paidOrder(s, member, 2990)
    s.clock.advance(WINDOW)
    fails(await refund(late.id), 400, AgentText.refundWindowPassed)
    const [row] = await s.db.select().from(orders).where(eq(orders.id, late.id))
    assert.equal(row.state, 'paid')
    assert.equal(okData(await agentCall(s, 'detail', {}, agent.token)).balanceFen, 299)
  })

  test('refund of a book order takes its copies back, unless one is gone or in a gift', async () => {
    const buyer = await reader(s)
    const copiesOf = (orderId: number) =>
      s.db.select().from(bookCopies).where(eq(bookCopies.orderId, orderId))
    const book = await paidOrder(s, buyer, 3000, { kind: 'book', quantity: 2 })
    assert.equal((await copiesOf(book.id)).length, 2)
    ok(await refund(book.id))
    assert.equal((await copiesOf(book.id)).length, 0)

    const held = await paidOrder(s, buyer, 3000, { kind: 'book', quantity: 2 })
    const [first] = await copiesOf(held.id)
    await s.db.update(bookCopies).set({ state: 'held' }).where(eq(bookCopies.id, first.id))
    fails(await refund(held.id), 400, AgentText.copiesGone)
    const other = await reader(s)
    await s.db
      .update(bookCopies)
      .set({ state: 'owned', ownerUserId: other.id })
      .where(eq(bookCopies.id, first.id))
    fails(await refund(held.id), 400, AgentText.copiesGone)
    assert.equal((await copiesOf(held.id)).length, 2, 'nothing taken')
    const [row] = await s.db.select().from(orders).where(eq(orders.id, held.id))
    assert.equal(row.state, 'paid')
  })

  test('the card: the verified holder, a bank, a Luhn number; shown masked', async () => {
    const agent = await approvedAgent(s)
    for (const style of ['q', 'r'] as const) {
      const info = okData(await agentCall(s, 'cardInfo', {}, agent.token, style))
      assert.equal(info.card, null)
      assert.equal(
        info.verifiedName,
        [...agent.realName][0] + '*'.repeat(agent.realName.length - 1),
      )
    }
    const modify = (input: Record<string, unknown>, style: 'q' | 'r' = 'r') =>
      agentCall(
        s,
        'modifyCard',
        { holder: agent.realName, bank: '招商银行', cardNo: CARD, ...input },
        agent.token,
        style,
      )
    const wrongCheck = CARD.slice(0, -1) + String((Number(CARD.slice(-1)) + 1) % 10)
    const bad: [Record<string, unknown>, string | RegExp][] = [
      [{ holder: '李四' }, AgentText.holderMismatch],
      [{ holder: ' ' }, blankText('holder', AgentText.holderMismatch)],
      [{ bank: ' ' }, blankText('bank', AgentText.bankMissing)],
      [{ bank: '银'.repeat(AgentLimits.bankMaxChars + 1) }, AgentText.bankTooLong],
      [{ cardNo: wrongCheck }, AgentText.cardInvalid],
      [{ cardNo: luhnCard('6222020') }, AgentText.cardInvalid],
      [{ cardNo: luhnCard('62220202001122334455') }, AgentText.cardInvalid],
      [{ cardNo: '6222-0202-0011-2233' }, AgentText.cardInvalid],
      [{ cardNo: '' }, blankText('cardNo', AgentText.cardInvalid)],
    ]
    for (const [change, text] of bad) {
      for (const style of ['q', 'r'] as const) fails(await modify(change, style), 400, text)
    }
    const spaced = CARD.replace(/(\d{4})/g, '$1 ')
    const res = await modify({ cardNo: spaced }, 'q')
    ok(res)
    assert.equal(res.body.msg, '已保存')
    assert.deepEqual(res.body.data.card, {
      holder: agent.realName,
      bank: '招商银行',
      cardNo: maskCard(CARD),
      updatedAt: Math.floor(s.clock.now() / 1000),
    })
    assert.match(res.body.data.card.cardNo, /^6222 \*{4} \*{4} \d{4}$/)
    const [row] = await s.db.select().from(agents).where(eq(agents.userId, agent.id))
    assert.equal(row.cardNo, CARD, 'stored as digits')
    ok(await modify({ cardNo: OTHER_CARD, bank: '工商银行' }))
    const info = okData(await agentCall(s, 'cardInfo', {}, agent.token))
    assert.equal(info.card.cardNo, maskCard(OTHER_CARD))
    assert.equal(okData(await agentCall(s, 'detail', {}, agent.token)).hasCard, true)
    // Without a verified real name: refused.
    await s.db.update(users).set({ idVerifiedAt: null }).where(eq(users.id, agent.id))
    fails(await modify({}), 400, AgentText.realNameNeeded)
  })

  test('withdrawals: card, ¥1.00, the balance, one pending; operators settle; the bill', async () => {
    const { agent } = await agentWithBalance(5000, 10_000)
    const op = await operatorToken(s)
    const ask = (amountFen: number, style: 'q' | 'r' = 'r') =>
      agentCall(s, 'withdraw', { amountFen }, agent.token, style)
    fails(await ask(1000), 400, AgentText.cardMissing)
    await setCard(agent)
    fails(await ask(AgentLimits.withdrawMinFen - 1), 400, AgentText.amountTooSmall)
    fails(await ask(0, 'q'), 400, AgentText.amountTooSmall)
    fails(await ask(AgentLimits.withdrawMaxFen + 1), 400, AgentText.amountTooLarge)
    fails(await ask(5001), 400, AgentText.overBalance)

    const first = await ask(1500, 'q')
    ok(first)
    assert.equal(first.body.msg, '提现申请已提交')
    const w1 = first.body.data
    assert.deepEqual(
      [w1.amountFen, w1.state, w1.bank, w1.holder, w1.cardNo, w1.settledAt, w1.note],
      [1500, 'pending', '招商银行', agent.realName, maskCard(CARD), null, ''],
    )
    assert.equal((await detail(agent)).balanceFen, 3500)
    fails(await ask(100), 400, AgentText.withdrawPending)
    // A new card later does not change the withdrawal's.
    await setCard(agent, OTHER_CARD)
    for (const style of ['q', 'r'] as const) {
      const mine = okData(await agentCall(s, 'withdrawals', {}, agent.token, style))
      assert.deepEqual(
        [mine.total, mine.list[0].id, mine.list[0].cardNo],
        [1, w1.id, maskCard(CARD)],
      )
    }
    const queue = okData(await agentCall(s, 'adminWithdrawals', { pageSize: 50 }, op, 'q'))
    const listed = queue.list.find((w: { id: number }) => w.id === w1.id)
    assert.equal(listed.fullCardNo, CARD)
    assert.equal(listed.agent.userId, agent.id)

    const settle = (input: Record<string, unknown>, style: 'q' | 'r' = 'r') =>
      agentCall(s, 'settleWithdrawal', input, op, style)
    const long = '注'.repeat(AgentLimits.withdrawNoteMaxChars + 1)
    fails(
      await settle({ id: w1.id, state: 'failed', note: long }),
      400,
      AgentText.withdrawNoteTooLong,
    )
    fails(await settle({ id: w1.id, state: 'pending' }), 400, AgentText.stateInvalid)
    fails(await settle({ id: 999_999, state: 'paid' }), 404, AgentText.withdrawNotFound)
    s.clock.advance(SECOND)
    const failed = okData(await settle({ id: w1.id, state: 'failed', note: '户名不符' }, 'q'))
    assert.deepEqual([failed.state, failed.note], ['failed', '户名不符'])
    assert.equal(failed.settledAt, Math.floor(s.clock.now() / 1000))
    fails(await settle({ id: w1.id, state: 'paid' }), 400, AgentText.withdrawDone)
    let d = await detail(agent)
    assert.deepEqual([d.balanceFen, d.withdrawnFen], [5000, 0], 'a failed one is back')
    const notices = okData(await agentCall(s, 'notices', {}, agent.token))
    assert.equal(notices.list[0].title, '提现失败')
    assert.match(notices.list[0].content, /户名不符/)

    s.clock.advance(SECOND)
    const second = okData(await ask(5000))
    assert.equal(second.cardNo, maskCard(OTHER_CARD))
    s.clock.advance(SECOND)
    okData(await settle({ id: second.id, state: 'paid', note: '流水号123' }))
    d = await detail(agent)
    assert.deepEqual([d.balanceFen, d.settledTotalFen, d.withdrawnFen], [0, 5000, 5000])
    assert.equal(okData(await agentCall(s, 'notices', {}, agent.token)).list[0].title, '提现已到账')
    fails(await ask(100), 400, AgentText.overBalance)
    const paid = okData(await agentCall(s, 'adminWithdrawals', { state: 'paid' }, op))
    assert.equal(paid.list[0].id, second.id)

    for (const style of ['q', 'r'] as const) {
      const bill = okData(await agentCall(s, 'bill', {}, agent.token, style))
      assert.equal(bill.total, 3)
      assert.deepEqual(
        bill.list.map((l: { key: string; amountFen: number; state: string }) => [
          l.key,
          l.amountFen,
          l.state,
        ]),
        [
          [`w${second.id}`, -5000, 'paid'],
          [`w${w1.id}`, -1500, 'failed'],
          [bill.list[2].key, 5000, 'settled'],
        ],
      )
      assert.equal(bill.list[0].kind, 'withdraw')
      assert.equal(bill.list[0].title, `提现 · 招商银行 尾号${OTHER_CARD.slice(-4)}`)
      assert.equal(bill.list[2].kind, 'commission')
      assert.match(bill.list[2].title, /^佣金 · 测试商品\d+$/)
      assert.match(bill.list[2].key, /^c\d+$/)
    }
    const two = okData(await agentCall(s, 'bill', { page: 2, pageSize: 2 }, agent.token))
    assert.deepEqual([two.total, two.list.length], [3, 1])
  })

  test('20 concurrent withdrawals on one balance: one at a time, never below zero', async () => {
    const agent = await approvedAgent(s, 5000)
    const member = await boundMember(s, agent)
    await paidOrder(s, member, 10_000)
    await paidOrder(s, member, 10_000)
    s.clock.advance(WINDOW)
    await setCard(agent)
    const op = await operatorToken(s)
    const burst = async (amountFen: number) => {
      const replies = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          agentCall(s, 'withdraw', { amountFen }, agent.token, i % 2 ? 'q' : 'r'),
        ),
      )
      const accepted = replies.filter((r) => (r.body.ret ?? r.body.code) === 200)
      for (const r of replies) {
        const code = r.body.ret ?? r.body.code
        assert.ok(
          code === 200 ||
            (code === 400 &&
              [AgentText.withdrawPending, AgentText.overBalance].includes(r.body.msg)),
          JSON.stringify(r.body),
        )
      }
      return accepted.map((r) => r.body.data as { id: number; amountFen: number })
    }
    const ledger = async () => {
      const rows = await s.db
        .select()
        .from(agentWithdrawals)
        .where(
          and(
            eq(agentWithdrawals.agentUserId, agent.id),
            inArray(agentWithdrawals.state, ['pending', 'paid']),
          ),
        )
      return rows.reduce((sum, w) => sum + w.amountFen, 0)
    }

    const one = await burst(3000)
    assert.equal(one.length, 1, 'one pending at a time')
    assert.equal(await ledger(), 3000)
    assert.equal((await detail(agent)).balanceFen, 7000)
    okData(await agentCall(s, 'settleWithdrawal', { id: one[0].id, state: 'paid' }, op))

    assert.equal((await burst(7001)).length, 0, 'more than the balance: none')
    const last = await burst(7000)
    assert.equal(last.length, 1)
    const d = await detail(agent)
    assert.deepEqual([d.balanceFen, d.settledTotalFen], [0, 10_000])
    assert.ok((await ledger()) <= d.settledTotalFen)
    okData(await agentCall(s, 'settleWithdrawal', { id: last[0].id, state: 'paid' }, op))
    assert.equal((await burst(100)).length, 0, 'nothing left')
    assert.equal((await detail(agent)).balanceFen, 0)
  })
})
