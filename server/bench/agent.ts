/**
 * Benchmark of the agent programme's money under a crowd (issue 18). Server only, no browser. Run
 * with `npm run bench:agent`:
 *  1. a fresh in-memory database (PGlite), migrated, with the demo readers and operator only; an
 *     agent at 12.5% (so commission rounds) with a withdrawal card, MEMBERS readers bound to
 *     them, half of them holding one of the agent's coupons, all made directly in the database,
 *     each with a session minted by issueTokens; the refund window is 60 s and the app's clock
 *     one the bench moves;
 *  2. the app on a free port (answers not checked against their schemas, as in production);
 *  3. orders: every member orders one of PRODUCTS products (1..3 pieces; those with a coupon name
 *     it) at the same time over HTTP, then all the orders are paid at once through the local pay
 *     double (POST /dev/pay/confirm: the signed notification, commission added in its
 *     transaction). Measures wall time and p50/p95 of both; every order must be made and paid,
 *     each coupon used, and there must be exactly MEMBERS commission lines, each
 *     floor(amount × 12.5%) of its order's amount to the fen;
 *  4. settlement: the clock moves past the refund window; the agent's detail must show every line
 *     settled, the balance their exact sum;
 *  5. withdrawals: twice, ASKS withdrawals of the agent at the same time (30% of the balance, then
 *     all that is left), each round then paid by the demo operator. Exactly one ask a round may be
 *     accepted (one pending at a time), the rest refused as pending; what was withdrawn never
 *     exceeds what was settled, and the balance ends at 0, never below.
 * Fails when a check fails, or when making the orders takes over BENCH_AGENT_ORDERS_MAX_MS
 * (default 5000), paying them over BENCH_AGENT_PAY_MAX_MS (default 4000) or a round of
 * withdrawals over BENCH_AGENT_WITHDRAW_MAX_MS (default 1500).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq, inArray, sql } from 'drizzle-orm'
import { agentApi, type AgentDetail } from '@api/agent'
import { shopApi } from '@api/shop'
import { AgentText, commissionFen } from '@rules/agent'
import { DEV_PAY_CONFIRM_PATH } from '@rules/shop'
import { seedDemo, type SeedStep } from '../seed'
import { DEMO_OPERATOR } from '../seed/users'
import { buildApp } from '../src/app'
import type { Clock } from '../src/clock'
import { loadConfig } from '../src/config'
import { openPglite, type Db } from '../src/db/client'
import { runMigrations } from '../src/db/migrate'
import {
  agentApplications,
  agentCommissions,
  agentCoupons,
  agents,
  agentWithdrawals,
  orders,
  products,
  users,
} from '../src/db/schema'
import { issueTokens } from '../src/modules/account/tokens'
import { burst, ms, timing, type Reader, type Timed, type Envelope } from './crowd'

/** Every seed step but the demo readers and the demo operator. */
const SKIPPED_STEPS: SeedStep[] = [
  'pages',
  'books',
  'magazines',
  'newspapers',
  'documents',
  'search_index',
  'posters',
  'reading_time',
  'complaint_reasons',
  'feed',
  'videos',
  'demo_videos',
  'activities',
  'shop',
  'agent',
]

const MEMBERS = 100
const PRODUCTS = 7
const ASKS = 20
const RATE_BP = 1250
const COUPON = { valueFen: 300, minOrderFen: 1000 }
const WINDOW_SECONDS = 60
const ORDERS_MAX_MS = Number(process.env.BENCH_AGENT_ORDERS_MAX_MS) || 5000
const PAY_MAX_MS = Number(process.env.BENCH_AGENT_PAY_MAX_MS) || 4000
const WITHDRAW_MAX_MS = Number(process.env.BENCH_AGENT_WITHDRAW_MAX_MS) || 1500

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`

/** The agent (verified, approved, with a card), MEMBERS members, coupons for half of them. */
async function makePeople(db: Db, now: number) {
  const at = new Date(now)
  const [agentUser] = await db
    .insert(users)
    .values({
      nickname: '压测吧主',
      realName: '王测试',
      idVerifiedAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: users.id })
  const [application] = await db
    .insert(agentApplications)
    .values({
      userId: agentUser.id,
      realName: '王测试',
      phone: '13812345678',
      region: '北京市',
      reason: '压测用的吧主',
      state: 'approved',
      createdAt: at,
      reviewedAt: at,
    })
    .returning({ id: agentApplications.id })
  await db.insert(agents).values({
    userId: agentUser.id,
    applicationId: application.id,
    realName: '王测试',
    phone: '13812345678',
    region: '北京市',
    rateBp: RATE_BP,
    cardHolder: '王测试',
    cardBank: '测试银行',
    cardNo: '6222020200112233445',
    cardUpdatedAt: at,
    createdAt: at,
  })
  const memberRows = await db
    .insert(users)
    .values(
      Array.from({ length: MEMBERS }, (_, i) => ({
        nickname: `压测会员${i + 1}`,
        spidUserId: agentUser.id,
        spidAt: at,
        createdAt: at,
        updatedAt: at,
      })),
    )
    .returning({ id: users.id })
  const [operator] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.mobile, DEMO_OPERATOR.mobile))
  const coupons = await db
    .insert(agentCoupons)
    .values(
      memberRows.slice(0, MEMBERS / 2).map((m) => ({
        agentUserId: agentUser.id,
        ...COUPON,
        expiresAt: new Date(now + 86_400_000),
        state: 'given' as const,
        holderUserId: m.id,
        allocatedBy: operator.id,
        createdAt: at,
        givenAt: at,
      })),
    )
    .returning({ id: agentCoupons.id, holder: agentCoupons.holderUserId })
  const couponOf = new Map(coupons.map((c) => [c.holder as number, c.id]))
  const session = async (id: number): Promise<Reader> => ({
    id,
    token: (await issueTokens(db, id, now)).accessToken,
  })
  const members: Reader[] = []
  for (const row of memberRows) members.push(await session(row.id))
  return {
    agent: await session(agentUser.id),
    operator: await session(operator.id),
    members,
    couponOf,
  }
}

async function run(): Promise<void> {
  const started = performance.now()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-agent-'))
  const clock: Clock & { t: number } = { t: Date.now(), now: () => clock.t }
  const config = {
    ...loadConfig({
      ...process.env,
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      PORT: '0',
      REFUND_WINDOW_SECONDS: String(WINDOW_SECONDS),
    }),
    checkAnswers: false,
  }
  const handle = await openPglite()
  const app = buildApp({ db: handle.db, config, clock, logger: false })
  const db = handle.db
  const failures: string[] = []
  const check = (ok: boolean, what: string) => {
    if (!ok) failures.push(what)
  }
  try {
    await runMigrations(handle)
    // Only the demo operator is needed (the coupons' allocator, who pays the withdrawals).
    await seedDemo(db, clock.now(), { production: false, skip: SKIPPED_STEPS })
    const peopleAt = performance.now()
    const { agent, operator, members, couponOf } = await makePeople(db, clock.now())
    const now = new Date(clock.now())
    const productRows = await db
      .insert(products)
      .values(
        Array.from({ length: PRODUCTS }, (_, i) => ({
          kind: 'goods' as const,
          name: `压测商品${i + 1}`,
          priceFen: 1000 + i * 1037,
          stock: 10_000,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: products.id, priceFen: products.priceFen })
    const peopleMs = performance.now() - peopleAt
    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address()
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`

    const call = async <T>(
      method: 'GET' | 'POST',
      url: string,
      body: unknown,
      token?: string,
    ): Promise<Timed<T>> => {
      const headers: Record<string, string> = {}
      if (method === 'POST') headers['content-type'] = 'application/json'
      if (token) headers.authorization = `Bearer ${token}`
      const t = performance.now()
      const res = await fetch(base + url, {
        method,
        headers,
        body: method === 'POST' ? JSON.stringify(body) : undefined,
      })
      const parsed = (await res.json()) as Envelope<T>
      return { ms: performance.now() - t, status: res.status, body: parsed }
    }
    const post = <T>(url: string, body: unknown, token?: string) =>
      call<T>('POST', url, body, token)
    const must = <T>(res: Timed<T>, what: string): T => {
      if (res.body.code !== 200) throw new Error(`${what}: ${JSON.stringify(res.body)}`)
      return res.body.data
    }
    const detail = async () =>
      must(
        await call<AgentDetail>('GET', agentApi.detail.rest?.path ?? '', undefined, agent.token),
        'detail',
      )

    console.log(
      `agent commission and withdrawals under a crowd (PGlite, migrated in ` +
        `${((peopleAt - started) / 1000).toFixed(1)} s; an agent at ${RATE_BP / 100}%, ` +
        `${MEMBERS} members (${couponOf.size} with a coupon) made in ${ms(peopleMs)}):`,
    )

    // ---- orders and payments -----------------------------------------------------------------
    const createPath = shopApi.createOrder.rest?.path ?? ''
    type Made = { prepayId: string; order: { id: number; amountFen: number; discountFen: number } }
    const made = await burst(
      members.map((who, i) => () => {
        const product = productRows[i % PRODUCTS]
        const body: Record<string, number> = { productId: product.id, quantity: 1 + (i % 3) }
        const couponId = couponOf.get(who.id)
        if (couponId !== undefined) body.couponId = couponId
        return post<Made>(createPath, body, who.token)
      }),
    )
    const created = made.results.filter((r) => r.body.code === 200)
    console.log(
      `  orders: ${MEMBERS} members at once: ${timing(made)} (budget ${ORDERS_MAX_MS} ms); ` +
        `${created.length} made, ` +
        `${created.filter((r) => r.body.data.order.discountFen > 0).length} with a coupon`,
    )
    check(created.length === MEMBERS, `${MEMBERS - created.length} orders refused`)
    check(made.wall <= ORDERS_MAX_MS, `orders took ${ms(made.wall)} > ${ORDERS_MAX_MS} ms`)
    const refusedOrder = made.results.find((r) => r.body.code !== 200)
    if (refusedOrder) failures.push(`a refused order: ${JSON.stringify(refusedOrder.body)}`)

    const paying = await burst(
      created.map(
        (res) => () =>
          post<{ state: string }>(DEV_PAY_CONFIRM_PATH, { prepayId: res.body.data.prepayId }),
      ),
    )
    const paid = paying.results.filter((r) => r.body.code === 200 && r.body.data.state === 'paid')
    const orderIds = created.map((r) => r.body.data.order.id)
    const lines = await db
      .select({
        orderId: agentCommissions.orderId,
        amountFen: agentCommissions.amountFen,
        orderAmountFen: agentCommissions.orderAmountFen,
        paidFen: orders.amountFen,
      })
      .from(agentCommissions)
      .innerJoin(orders, eq(orders.id, agentCommissions.orderId))
      .where(eq(agentCommissions.agentUserId, agent.id))
    const expected = created.reduce(
      (sum, r) => sum + commissionFen(r.body.data.order.amountFen, RATE_BP),
      0,
    )
    const total = lines.reduce((sum, l) => sum + l.amountFen, 0)
    const inexact = lines.filter(
      (l) => l.orderAmountFen !== l.paidFen || l.amountFen !== commissionFen(l.paidFen, RATE_BP),
    )
    const [used] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(agentCoupons)
      .where(inArray(agentCoupons.orderId, orderIds.length ? orderIds : [0]))
    const [usedCount] = await db
      .select({ n: sql<number>`count(*) filter (where ${agentCoupons.state} = 'used')::int` })
      .from(agentCoupons)
      .where(eq(agentCoupons.agentUserId, agent.id))
    console.log(
      `  payments: ${created.length} confirmed at once through ${DEV_PAY_CONFIRM_PATH}: ` +
        `${timing(paying)} (budget ${PAY_MAX_MS} ms); ${paid.length} paid, ` +
        `${lines.length} commission lines, ${yuan(total)} in all (expected ${yuan(expected)}), ` +
        `${usedCount.n} coupons used`,
    )
    check(paid.length === MEMBERS, `${paid.length} orders paid, not ${MEMBERS}`)
    check(lines.length === MEMBERS, `${lines.length} commission lines, not ${MEMBERS}`)
    check(inexact.length === 0, `${inexact.length} lines not floor(amount × rate)`)
    check(total === expected, `commission ${total} fen, expected ${expected}`)
    check(
      usedCount.n === couponOf.size && used.n === couponOf.size,
      `${usedCount.n} coupons used, not ${couponOf.size}`,
    )
    check(paying.wall <= PAY_MAX_MS, `payments took ${ms(paying.wall)} > ${PAY_MAX_MS} ms`)

    // ---- settlement --------------------------------------------------------------------------
    const pendingView = await detail()
    clock.t += (WINDOW_SECONDS + 1) * 1000
    const settledView = await detail()
    console.log(
      `  settlement: before the window pending ${yuan(pendingView.pendingFen)}, ` +
        `balance ${yuan(pendingView.balanceFen)}; after it pending ${yuan(settledView.pendingFen)}, ` +
        `balance ${yuan(settledView.balanceFen)}`,
    )
    check(pendingView.pendingFen === expected, `pending ${pendingView.pendingFen}, not ${expected}`)
    check(pendingView.balanceFen === 0, `balance ${pendingView.balanceFen} before settlement`)
    check(settledView.pendingFen === 0, `pending ${settledView.pendingFen} after the window`)
    check(settledView.balanceFen === expected, `balance ${settledView.balanceFen}, not ${expected}`)

    // ---- withdrawals -------------------------------------------------------------------------
    const withdrawPath = agentApi.withdraw.rest?.path ?? ''
    const settlePath = agentApi.settleWithdrawal.rest?.path ?? ''
    let balance = settledView.balanceFen
    for (const [round, share] of [
      [1, 0.3],
      [2, 1],
    ] as const) {
      const amountFen = Math.floor(balance * share)
      const asks = await burst(
        Array.from(
          { length: ASKS },
          () => () => post<{ id: number }>(withdrawPath, { amountFen }, agent.token),
        ),
      )
      const accepted = asks.results.filter((r) => r.body.code === 200)
      const refused = asks.results.filter((r) => r.body.code !== 200)
      const odd = refused.find((r) => r.body.msg !== AgentText.withdrawPending)
      for (const res of accepted) {
        must(
          await post(
            settlePath,
            { id: res.body.data.id, state: 'paid', note: 'bench' },
            operator.token,
          ),
          'settle withdrawal',
        )
      }
      const after = await detail()
      console.log(
        `  withdrawals round ${round}: ${ASKS} asks of ${yuan(amountFen)} at once: ${timing(asks)} ` +
          `(budget ${WITHDRAW_MAX_MS} ms); ${accepted.length} accepted, ${refused.length} refused ` +
          `as pending; balance ${yuan(balance)} → ${yuan(after.balanceFen)}`,
      )
      check(accepted.length === 1, `round ${round}: ${accepted.length} withdrawals accepted`)
      if (odd) failures.push(`round ${round}: an unexpected refusal ${JSON.stringify(odd.body)}`)
      check(
        after.balanceFen === balance - accepted.length * amountFen,
        `round ${round}: balance ${after.balanceFen}`,
      )
      check(after.balanceFen >= 0, `round ${round}: balance below zero (${after.balanceFen})`)
      check(asks.wall <= WITHDRAW_MAX_MS, `round ${round} took ${ms(asks.wall)}`)
      balance = after.balanceFen
    }
    const [sums] = await db
      .select({
        withdrawn: sql<number>`coalesce(sum(${agentWithdrawals.amountFen}) filter (where ${agentWithdrawals.state} <> 'failed'), 0)::int`,
      })
      .from(agentWithdrawals)
      .where(eq(agentWithdrawals.agentUserId, agent.id))
    console.log(
      `  withdrawn ${yuan(sums.withdrawn)} of ${yuan(expected)} settled; balance ${yuan(balance)}`,
    )
    check(sums.withdrawn <= expected, `withdrew ${sums.withdrawn} > settled ${expected}`)
    check(balance === 0, `balance ends at ${balance}, not 0`)
    console.log(`  the whole bench took ${((performance.now() - started) / 1000).toFixed(1)} s`)
  } finally {
    await app.close()
    await handle.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  if (failures.length > 0) throw new Error(`bench:agent failed:\n  ${failures.join('\n  ')}`)
}

run().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
