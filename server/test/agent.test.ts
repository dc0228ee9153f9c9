/**
 * The agent programme (issue 18), who and what: guests asked to log in for every call; readers
 * refused the agent calls (403 '您还不是吧主') and readers and agents the operator calls (403
 * '仅运营人员可以操作'); applying (real-name verified, the verified name, each field's text, one
 * pending at a time, again after a rejection) and the status; the operators' review (reject with a
 * reason, approve at a rate, done once) and rates; the agent's home; members bound by BindSpid and
 * who referred me; notices to all or to one, their previews, read state and who may open them.
 * Every call in both styles where it is cheap.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { agentApi } from '@api/agent'
import { AgentLimits, AgentText } from '@rules/agent'
import { ValidationText } from '@rules/validate'
import { agentApplications, agents, users } from '../src/db/schema'
import { startServer, type TestServer } from './helpers'
import { fails, ok, reader } from './shopHelpers'
import {
  agentCall,
  applyAsAgent,
  applyInput,
  blankText,
  approvedAgent,
  bindTo,
  boundMember,
  okData,
  operatorToken,
  paidOrder,
  verifiedReader,
  type AgentCall,
} from './agentHelpers'

const ALL = Object.keys(agentApi) as AgentCall[]

/** Calls that need the caller to be an agent, with an input their schemas accept. */
const AGENT_ONLY: Partial<Record<AgentCall, Record<string, unknown>>> = {
  detail: {},
  poster: {},
  members: {},
  orders: {},
  bill: {},
  cardInfo: {},
  modifyCard: { holder: '张伟', bank: '招商银行', cardNo: '6222020200112233440' },
  withdrawals: {},
  withdraw: { amountFen: 100 },
  coupons: {},
  couponRecords: {},
  giveCoupon: { couponId: 1, memberId: 1 },
  notices: {},
  noticeDetail: { id: 1 },
}

/** The operators' calls, with an input their schemas accept. */
const OPERATOR_ONLY: Partial<Record<AgentCall, Record<string, unknown>>> = {
  adminApplications: {},
  reviewApplication: { id: 1, approve: 0, reason: '不合适' },
  setRate: { userId: 1, rateBp: 1000 },
  allocateCoupons: {
    userId: 1,
    count: 1,
    valueFen: 100,
    minOrderFen: 200,
    expiresAt: 4_000_000_000,
  },
  adminWithdrawals: {},
  settleWithdrawal: { id: 1, state: 'paid' },
  sendNotice: { title: '标题', content: '内容' },
}

describe('agent programme: applying, reviewing, members, notices, who may', () => {
  let s: TestServer
  let op: string
  before(async () => {
    s = await startServer()
    op = await operatorToken(s)
  })
  after(() => s.close())

  test('guests are asked to log in for every call, in both styles', async () => {
    assert.equal(ALL.length, 25)
    for (const key of ALL) {
      assert.equal(agentApi[key].auth, true, key)
      fails(await agentCall(s, key, {}, undefined, 'q'), 302, '请先登录', `${key} query`)
      fails(await agentCall(s, key, {}, undefined, 'r'), 401, '请先登录', `${key} rest`)
    }
  })

  test('readers are refused the agent calls, readers and agents the operator calls', async () => {
    const plain = await reader(s)
    const agent = await approvedAgent(s)
    for (const [key, input] of Object.entries(AGENT_ONLY) as [AgentCall, object][]) {
      for (const style of ['q', 'r'] as const) {
        const res = await agentCall(s, key, { ...input }, plain.token, style)
        fails(res, 403, AgentText.notAgent, `${key} ${style}`)
      }
    }
    for (const [key, input] of Object.entries(OPERATOR_ONLY) as [AgentCall, object][]) {
      for (const who of [plain, agent]) {
        for (const style of ['q', 'r'] as const) {
          const res = await agentCall(s, key, { ...input }, who.token, style)
          fails(res, 403, AgentText.operatorOnly, `${key} ${style}`)
        }
      }
    }
    // Open to every reader: the status, applying, who referred me, my coupons.
    for (const key of ['applyStatus', 'spreadUserInfo', 'myCoupons'] as const) {
      ok(await agentCall(s, key, {}, plain.token, 'q'), key)
      ok(await agentCall(s, key, {}, plain.token, 'r'), key)
    }
  })

  test('apply: verified first, the verified name, each field checked, in both styles', async () => {
    const unverified = await reader(s)
    const none = okData(await agentCall(s, 'applyStatus', {}, unverified.token))
    assert.deepEqual(none, { state: 'none', application: null, verifiedName: '' })
    const good = { ...applyInput({ ...unverified, realName: '张伟' }) }
    fails(await agentCall(s, 'apply', good, unverified.token), 400, AgentText.realNameNeeded)

    const me = await verifiedReader(s, '欧阳娜娜')
    const status = okData(await agentCall(s, 'applyStatus', {}, me.token, 'q'))
    assert.equal(status.verifiedName, '欧***')
    const base = applyInput(me)
    const bad: [Record<string, unknown>, string | RegExp][] = [
      [{ realName: 'Tom' }, ValidationText.nameInvalid],
      [{ realName: '张伟' }, AgentText.realNameMismatch],
      [{ phone: '1234' }, AgentText.phoneInvalid],
      [{ region: '   ' }, blankText('region', AgentText.regionMissing)],
      [{ region: '区'.repeat(AgentLimits.regionMaxChars + 1) }, AgentText.regionTooLong],
      [{ reason: '想当吧' }, AgentText.reasonTooShort],
      [{ reason: '书'.repeat(AgentLimits.reasonMaxChars + 1) }, AgentText.reasonTooLong],
      [{ agree: 0 }, AgentText.agreementNeeded],
    ]
    for (const [change, text] of bad) {
      for (const style of ['q', 'r'] as const) {
        fails(await agentCall(s, 'apply', { ...base, ...change }, me.token, style), 400, text)
      }
    }
    // 40 characters (emoji count as one) and a reason of exactly 5 pass.
    const region = '😀'.repeat(AgentLimits.regionMaxChars)
    const res = await agentCall(
      s,
      'apply',
      { ...base, region, reason: '一起读书吧' },
      me.token,
      'q',
    )
    ok(res)
    assert.equal(res.body.msg, '申请已提交')
    const app = res.body.data.application
    assert.equal(res.body.data.state, 'pending')
    assert.equal(app.realName, '欧阳娜娜')
    assert.equal(app.region, region)
    assert.equal(app.reason, '一起读书吧')
    assert.equal(app.rejectReason, '')
    assert.equal(app.reviewedAt, null)
    assert.equal(app.createdAt, Math.floor(s.clock.now() / 1000))
    fails(await agentCall(s, 'apply', base, me.token, 'r'), 400, AgentText.applyPending)
    const rows = await s.db
      .select()
      .from(agentApplications)
      .where(eq(agentApplications.userId, me.id))
    assert.equal(rows.length, 1)
  })

  test('review: reject with a reason, apply again, approve at a rate, done once', async () => {
    const me = await verifiedReader(s)
    const first = await applyAsAgent(s, me)
    const pending = okData(await agentCall(s, 'adminApplications', { pageSize: 50 }, op, 'q'))
    const listed = pending.list.find((a: { id: number }) => a.id === first)
    assert.ok(listed, 'the pending application is listed')
    assert.deepEqual(listed.user.userId, me.id)
    const ids = pending.list.map((a: { id: number }) => a.id)
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => a - b),
      'oldest first',
    )

    const review = (input: Record<string, unknown>, style: 'q' | 'r' = 'r') =>
      agentCall(s, 'reviewApplication', input, op, style)
    fails(await review({ id: first, approve: 0 }), 400, AgentText.rejectReasonMissing)
    fails(await review({ id: first, approve: 0, reason: '  ' }), 400, AgentText.rejectReasonMissing)
    const long = '因'.repeat(AgentLimits.rejectReasonMaxChars + 1)
    fails(await review({ id: first, approve: 0, reason: long }), 400, AgentText.rejectReasonTooLong)
    fails(await review({ id: 999_999, approve: 1 }), 404, AgentText.applicationNotFound)
    fails(await review({ id: first, approve: 1, rateBp: 5001 }), 400, AgentText.rateInvalid)
    fails(await review({ id: first, approve: 1, rateBp: -1 }), 400, AgentText.rateInvalid)

    const rejected = await review({ id: first, approve: 0, reason: '资料不全' }, 'q')
    ok(rejected)
    assert.equal(rejected.body.msg, '已处理')
    assert.equal(rejected.body.data.state, 'rejected')
    assert.equal(rejected.body.data.rejectReason, '资料不全')
    fails(await review({ id: first, approve: 1 }), 400, AgentText.applicationDone)
    const status = okData(await agentCall(s, 'applyStatus', {}, me.token))
    assert.equal(status.state, 'rejected')
    assert.equal(status.application.rejectReason, '资料不全')
    // A rejected reader is no agent, and may apply again.
    fails(await agentCall(s, 'detail', {}, me.token), 403, AgentText.notAgent)
    const second = await applyAsAgent(s, me)
    assert.notEqual(second, first)
    assert.equal(okData(await agentCall(s, 'applyStatus', {}, me.token)).state, 'pending')

    const approved = okData(await review({ id: second, approve: 1, rateBp: 1250 }))
    assert.equal(approved.state, 'approved')
    assert.equal(approved.reviewedAt, Math.floor(s.clock.now() / 1000))
    const [row] = await s.db.select().from(agents).where(eq(agents.userId, me.id))
    assert.equal(row.rateBp, 1250)
    assert.equal(row.realName, me.realName)
    assert.equal(row.applicationId, second)
    assert.equal(okData(await agentCall(s, 'applyStatus', {}, me.token, 'q')).state, 'approved')
    fails(await agentCall(s, 'apply', applyInput(me), me.token), 400, AgentText.alreadyAgent)
    fails(await review({ id: second, approve: 0, reason: '撤回' }), 400, AgentText.applicationDone)
    const done = okData(await agentCall(s, 'adminApplications', { state: 'approved' }, op))
    assert.equal(done.list[0].id, second, 'reviewed ones newest first')
    const bad = await agentCall(s, 'adminApplications', { state: 'nope' }, op)
    fails(bad, 400, AgentText.stateInvalid)

    // The approval's notice reaches the new agent.
    const notices = okData(await agentCall(s, 'notices', {}, me.token))
    assert.ok(notices.list.some((n: { title: string }) => n.title === '吧主申请已通过'))
  })

  test('a default approval is at 10%; operators set the rate', async () => {
    const agent = await approvedAgent(s)
    const [row] = await s.db.select().from(agents).where(eq(agents.userId, agent.id))
    assert.equal(row.rateBp, AgentLimits.defaultRateBp)
    for (const style of ['q', 'r'] as const) {
      const res = await agentCall(s, 'setRate', { userId: agent.id, rateBp: 1500 }, op, style)
      assert.deepEqual(okData(res), { userId: agent.id, rateBp: 1500 })
    }
    const plain = await reader(s)
    fails(
      await agentCall(s, 'setRate', { userId: plain.id, rateBp: 100 }, op),
      404,
      AgentText.agentNotFound,
    )
    fails(
      await agentCall(s, 'setRate', { userId: agent.id, rateBp: 5001 }, op),
      400,
      AgentText.rateInvalid,
    )
    const detail = okData(await agentCall(s, 'detail', {}, agent.token))
    assert.equal(detail.rateBp, 1500)
  })

  test("detail: the agent's home, masked, in both styles", async () => {
    const agent = await approvedAgent(s)
    for (const style of ['q', 'r'] as const) {
      const d = okData(await agentCall(s, 'detail', {}, agent.token, style))
      assert.equal(d.userId, agent.id)
      assert.equal(d.realName, [...agent.realName][0] + '*'.repeat([...agent.realName].length - 1))
      assert.equal(d.phone, '138****5678')
      assert.equal(d.region, '北京市海淀区')
      assert.equal(d.rateBp, 1000)
      assert.equal(d.since, Math.floor(s.clock.now() / 1000))
      assert.equal(d.memberCount, 0)
      for (const key of [
        'balanceFen',
        'pendingFen',
        'settledTotalFen',
        'withdrawnFen',
        'todayFen',
        'monthFen',
      ]) {
        assert.equal(d[key], 0, key)
      }
      assert.ok(d.unreadNotices >= 1, 'the approval notice is unread')
      assert.equal(d.unissuedCoupons, 0)
      assert.equal(d.hasCard, false)
    }
  })

  test('members: bound by BindSpid, newest first, live only, with orders and commission', async () => {
    const agent = await approvedAgent(s)
    const first = await boundMember(s, agent)
    s.clock.advance(1000)
    const second = await boundMember(s, agent)
    const stranger = await reader(s)
    await paidOrder(s, second, 2990)
    await paidOrder(s, stranger, 5000)

    for (const style of ['q', 'r'] as const) {
      const page = okData(await agentCall(s, 'members', {}, agent.token, style))
      assert.equal(page.total, 2)
      assert.deepEqual(
        page.list.map((m: { userId: number }) => m.userId),
        [second.id, first.id],
      )
      const [m2, m1] = page.list
      assert.equal(m2.joinedAt, Math.floor(s.clock.now() / 1000))
      assert.equal(m1.joinedAt, Math.floor((s.clock.now() - 1000) / 1000))
      assert.deepEqual([m2.orderCount, m2.orderTotalFen, m2.commissionFen], [1, 2990, 299])
      assert.deepEqual([m1.orderCount, m1.orderTotalFen, m1.commissionFen], [0, 0, 0])
    }
    const one = okData(await agentCall(s, 'members', { page: 2, pageSize: 1 }, agent.token))
    assert.deepEqual([one.total, one.list.length, one.list[0].userId], [2, 1, first.id])
    assert.equal(okData(await agentCall(s, 'detail', {}, agent.token)).memberCount, 2)

    // A deleted account is no member any more.
    await s.db
      .update(users)
      .set({ deletedAt: new Date(s.clock.now()) })
      .where(eq(users.id, first.id))
    const later = okData(await agentCall(s, 'members', {}, agent.token))
    assert.deepEqual(
      later.list.map((m: { userId: number }) => m.userId),
      [second.id],
    )
    assert.equal(okData(await agentCall(s, 'detail', {}, agent.token)).memberCount, 1)
  })

  test('spreadUserInfo: who referred me, whether an agent, and when', async () => {
    const agent = await approvedAgent(s)
    const member = await reader(s)
    const none = okData(await agentCall(s, 'spreadUserInfo', {}, member.token))
    assert.deepEqual(none, { referrer: null, boundAt: null })
    await bindTo(s, member, agent)
    for (const style of ['q', 'r'] as const) {
      const info = okData(await agentCall(s, 'spreadUserInfo', {}, member.token, style))
      assert.equal(info.referrer.userId, agent.id)
      assert.equal(info.referrer.isAgent, true)
      assert.equal(typeof info.referrer.nickname, 'string')
      assert.equal(info.boundAt, Math.floor(s.clock.now() / 1000))
    }
    const [row] = await s.db.select().from(users).where(eq(users.id, member.id))
    assert.equal(row.spidAt?.getTime(), s.clock.now())
    // Referred by a plain reader: not an agent.
    const friend = await reader(s)
    const invited = await reader(s)
    await bindTo(s, invited, friend)
    const info = okData(await agentCall(s, 'spreadUserInfo', {}, invited.token))
    assert.equal(info.referrer.userId, friend.id)
    assert.equal(info.referrer.isAgent, false)
  })

  test('notices: to all or to one, checked texts, previews, read once opened', async () => {
    const a = await approvedAgent(s)
    const b = await approvedAgent(s)
    const send = (input: Record<string, unknown>, style: 'q' | 'r' = 'r') =>
      agentCall(s, 'sendNotice', input, op, style)
    fails(
      await send({ title: ' ', content: '内容' }),
      400,
      blankText('title', AgentText.noticeTitleMissing),
    )
    const longTitle = '题'.repeat(AgentLimits.noticeTitleMaxChars + 1)
    fails(await send({ title: longTitle, content: '内容' }), 400, AgentText.noticeTitleTooLong)
    fails(
      await send({ title: '标题', content: '\n ' }),
      400,
      blankText('content', AgentText.noticeContentMissing),
    )
    const longContent = '文'.repeat(AgentLimits.noticeContentMaxChars + 1)
    fails(await send({ title: '标题', content: longContent }), 400, AgentText.noticeContentTooLong)
    const plain = await reader(s)
    fails(
      await send({ title: '标题', content: '内容', userId: plain.id }),
      404,
      AgentText.agentNotFound,
    )

    const content = '第一段。'.repeat(20) + '\n第二段'
    s.clock.advance(1000)
    const toAll = okData(await send({ title: '全体通知', content }, 'q'))
    s.clock.advance(1000)
    const toA = okData(await send({ title: '给A的通知', content: '只给你', userId: a.id }))
    const unreadBefore = okData(await agentCall(s, 'detail', {}, a.token)).unreadNotices

    for (const style of ['q', 'r'] as const) {
      const page = okData(await agentCall(s, 'notices', {}, a.token, style))
      assert.deepEqual(
        page.list.slice(0, 2).map((n: { id: number }) => n.id),
        [toA.id, toAll.id],
        'newest first',
      )
      const all = page.list[1]
      assert.equal(all.title, '全体通知')
      assert.equal([...all.content].length, 60)
      assert.equal(all.content, [...content].slice(0, 60).join(''))
      assert.equal(all.read, false)
    }
    const bList = okData(await agentCall(s, 'notices', { pageSize: 50 }, b.token))
    const bIds = bList.list.map((n: { id: number }) => n.id)
    assert.ok(bIds.includes(toAll.id))
    assert.ok(!bIds.includes(toA.id), "another agent's notice is not listed")
    fails(
      await agentCall(s, 'noticeDetail', { id: toA.id }, b.token),
      404,
      AgentText.noticeNotFound,
    )
    fails(
      await agentCall(s, 'noticeDetail', { id: 999_999 }, a.token, 'q'),
      404,
      AgentText.noticeNotFound,
    )

    for (const style of ['q', 'r'] as const) {
      const full = okData(await agentCall(s, 'noticeDetail', { id: toAll.id }, a.token, style))
      assert.equal(full.content, content)
      assert.equal(full.read, true)
    }
    const later = okData(await agentCall(s, 'notices', {}, a.token))
    assert.equal(later.list.find((n: { id: number }) => n.id === toAll.id).read, true)
    assert.equal(later.list.find((n: { id: number }) => n.id === toA.id).read, false)
    assert.equal(okData(await agentCall(s, 'detail', {}, a.token)).unreadNotices, unreadBefore - 1)
    // Read by A, still unread for B.
    const bAfter = okData(await agentCall(s, 'notices', { pageSize: 50 }, b.token))
    assert.equal(bAfter.list.find((n: { id: number }) => n.id === toAll.id).read, false)
  })

  test('paging is bounded and bad filters are refused with their text', async () => {
    const agent = await approvedAgent(s)
    const big = okData(await agentCall(s, 'notices', { pageSize: 500 }, agent.token))
    assert.equal(big.pageSize, AgentLimits.pageSizeMax)
    fails(await agentCall(s, 'orders', { state: 'nope' }, agent.token), 400, AgentText.stateInvalid)
    fails(
      await agentCall(s, 'adminWithdrawals', { state: 'nope' }, op, 'q'),
      400,
      AgentText.stateInvalid,
    )
    fails(await agentCall(s, 'noticeDetail', { id: 0 }, agent.token), 400, AgentText.noticeNotFound)
  })
})
