/**
 * Coupons (User.Mer_Coupon.*, User.Coupon.MyList, operators' AllocateCoupons): operators allocate
 * cash coupons to an agent, the agent gives them to members, a member names one when ordering in
 * the shop (couponOrders.ts).
 */
import { and, count, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type {
  AgentCoupon,
  AllocateCouponsReq,
  AllocatedCoupons,
  GiveCouponReq,
  MyCoupon,
} from '@api/agent'
import type { Page } from '@api/envelope'
import { AgentText, type CouponFilter } from '@rules/agent'
import type { AppContext } from '../../context'
import { agentCoupons as coupons, agents, orders, users } from '../../db/schema'
import { inTx } from '../../db/tx'
import type { Caller } from '../../http/auth'
import { badRequest, notFound } from '../../http/errors'
import { pageOf, type Paging } from '../../http/paging'
import { expireDue } from '../shop/expiry'
import { closeAtWeChat } from '../shop/payment'
import { refuseOwnCase, requireAgent, requireOperator } from './access'
import type { CouponRow } from './couponOrders'
import { personColumns, seconds, secondsOrNull, toPerson } from './rows'

/** The member holding a coupon (users joined a second time). */
const holders = alias(users, 'holder')

interface CouponWithHolder {
  coupon: CouponRow
  holderId: number | null
  holderNickname: string | null
  holderAvatar: string | null
}

const withHolder = {
  coupon: coupons,
  holderId: holders.id,
  holderNickname: holders.nickname,
  holderAvatar: holders.avatar,
}

const toAgentCoupon = ({
  coupon,
  holderId,
  holderNickname,
  holderAvatar,
}: CouponWithHolder): AgentCoupon => ({
  id: coupon.id,
  valueFen: coupon.valueFen,
  minOrderFen: coupon.minOrderFen,
  expiresAt: seconds(coupon.expiresAt),
  state: coupon.state,
  holder:
    holderId === null
      ? null
      : { userId: holderId, nickname: holderNickname ?? '', avatar: holderAvatar ?? '' },
  givenAt: secondsOrNull(coupon.givenAt),
  usedAt: secondsOrNull(coupon.usedAt),
  orderId: coupon.orderId,
})

/** A page of coupons matching `where`, with their holders, in `order`. */
async function couponPage(
  app: AppContext,
  where: SQL,
  order: SQL[],
  at: Paging,
): Promise<Page<AgentCoupon>> {
  const [rows, [total]] = await Promise.all([
    app.db
      .select(withHolder)
      .from(coupons)
      .leftJoin(holders, eq(holders.id, coupons.holderUserId))
      .where(where)
      .orderBy(...order)
      .limit(at.pageSize)
      .offset(at.offset),
    app.db.select({ n: count() }).from(coupons).where(where),
  ])
  return pageOf(rows.map(toAgentCoupon), total.n, at)
}

/** Operators: `count` coupons of `valueFen` for orders of at least `minOrderFen`, to an agent. */
export async function allocateCoupons(
  app: AppContext,
  caller: Caller,
  input: AllocateCouponsReq,
): Promise<AllocatedCoupons> {
  await requireOperator(app.db, caller.userId)
  refuseOwnCase(caller, input.userId)
  const nowMs = app.clock.now()
  if (input.minOrderFen <= input.valueFen) throw badRequest(AgentText.couponMinInvalid)
  if (input.expiresAt * 1000 <= nowMs) throw badRequest(AgentText.expiresInvalid)
  return inTx(app.db, async (tx) => {
    const [agent] = await tx
      .select({ userId: agents.userId })
      .from(agents)
      .where(eq(agents.userId, input.userId))
    if (!agent) throw notFound(AgentText.agentNotFound)
    const now = new Date(nowMs)
    const expiresAt = new Date(input.expiresAt * 1000)
    const rows = await tx
      .insert(coupons)
      .values(
        Array.from({ length: input.count }, () => ({
          agentUserId: agent.userId,
          valueFen: input.valueFen,
          minOrderFen: input.minOrderFen,
          expiresAt,
          allocatedBy: caller.userId,
          createdAt: now,
        })),
      )
      .returning({ id: coupons.id })
    const ids = rows.map((row) => row.id).sort((a, b) => a - b)
    return { count: ids.length, ids }
  })
}

/** My coupons: the ones still to give ('unissued') or all of them, newest first. */
export async function agentCoupons(
  app: AppContext,
  caller: Caller,
  state: CouponFilter,
  at: Paging,
): Promise<Page<AgentCoupon>> {
  const agent = await requireAgent(app.db, caller.userId)
  const where = and(
    eq(coupons.agentUserId, agent.userId),
    state === 'unissued' ? eq(coupons.state, 'unissued') : undefined,
  ) as SQL
  return couponPage(app, where, [desc(coupons.createdAt), desc(coupons.id)], at)
}

/** The coupons I gave (given, in use, used), latest given first. */
export async function couponRecords(
  app: AppContext,
  caller: Caller,
  at: Paging,
): Promise<Page<AgentCoupon>> {
  const agent = await requireAgent(app.db, caller.userId)
  const where = and(
    eq(coupons.agentUserId, agent.userId),
    inArray(coupons.state, ['given', 'reserved', 'used']),
  ) as SQL
  return couponPage(app, where, [desc(coupons.givenAt), desc(coupons.id)], at)
}

/** Gives one of my unissued, unexpired coupons to one of my (live) members. */
export async function giveCoupon(
  app: AppContext,
  caller: Caller,
  input: GiveCouponReq,
): Promise<AgentCoupon> {
  return inTx(app.db, async (tx) => {
    const agent = await requireAgent(tx, caller.userId)
    const nowMs = app.clock.now()
    const [coupon] = await tx
      .select()
      .from(coupons)
      .where(and(eq(coupons.id, input.couponId), eq(coupons.agentUserId, agent.userId)))
      .for('update')
    if (!coupon) throw notFound(AgentText.couponNotFound)
    if (coupon.state !== 'unissued') throw badRequest(AgentText.couponNotUnissued)
    if (coupon.expiresAt.getTime() <= nowMs) throw badRequest(AgentText.couponExpired)
    const [member] = await tx
      .select(personColumns)
      .from(users)
      .where(
        and(
          eq(users.id, input.memberId),
          eq(users.spidUserId, agent.userId),
          isNull(users.deletedAt),
        ),
      )
    if (!member) throw badRequest(AgentText.memberNotFound)
    const [given] = await tx
      .update(coupons)
      .set({ state: 'given', holderUserId: member.userId, givenAt: new Date(nowMs) })
      .where(and(eq(coupons.id, coupon.id), eq(coupons.state, 'unissued')))
      .returning()
    return toAgentCoupon({
      coupon: given,
      holderId: member.userId,
      holderNickname: member.nickname,
      holderAvatar: member.avatar,
    })
  })
}

/**
 * Coupons given to me, usable ones (given, not expired) first, then the latest given; `usableOnly`:
 * only those. My unpaid orders past their time are expired first, so the coupons they held show
 * as given back.
 */
export async function myCoupons(
  app: AppContext,
  caller: Caller,
  usableOnly: boolean,
  at: Paging,
): Promise<Page<MyCoupon>> {
  const nowMs = app.clock.now()
  const expired = await inTx(app.db, (tx) => expireDue(tx, nowMs, eq(orders.userId, caller.userId)))
  await closeAtWeChat(app, expired)
  const now = new Date(nowMs)
  const usable = sql<boolean>`(${and(eq(coupons.state, 'given'), gt(coupons.expiresAt, now))})`
  const where = and(eq(coupons.holderUserId, caller.userId), usableOnly ? usable : undefined) as SQL
  const [rows, [total]] = await Promise.all([
    app.db
      .select({ coupon: coupons, usable, from: personColumns })
      .from(coupons)
      .innerJoin(users, eq(users.id, coupons.agentUserId))
      .where(where)
      .orderBy(desc(usable), desc(coupons.givenAt), desc(coupons.id))
      .limit(at.pageSize)
      .offset(at.offset),
    app.db.select({ n: count() }).from(coupons).where(where),
  ])
  return pageOf(
    rows.map(({ coupon, usable: canUse, from }) => ({
      id: coupon.id,
      valueFen: coupon.valueFen,
      minOrderFen: coupon.minOrderFen,
      expiresAt: seconds(coupon.expiresAt),
      state: coupon.state,
      usable: Boolean(canUse),
      from: toPerson(from),
      givenAt: seconds(coupon.givenAt ?? coupon.createdAt),
      usedAt: secondsOrNull(coupon.usedAt),
      orderId: coupon.orderId,
    })),
    total.n,
    at,
  )
}
