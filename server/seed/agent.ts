/**
 * The demo agent programme (issue 18), outside production only: the demo reader (演示读者) is an
 * approved agent at 10% with a verified real name; 书友小林 (who can log in) and one seeded
 * participant are their members, each with a paid order of demo goods (the older one's commission
 * settled, the newer one's still pending); five coupons allocated by the demo operator, one of them
 * given to 书友小林 to try in the shop; and a welcome notice to them.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { AgentLimits, commissionFen, REFUND_WINDOW_DAYS_DEFAULT } from '@rules/agent'
import type { Db } from '../src/db/client'
import {
  agentApplications,
  agentCommissions,
  agentCoupons,
  agentNotices,
  agents,
  orders,
  products,
  users,
} from '../src/db/schema'
import { newOrderNo } from '../src/modules/shop/orders'
import { SEED_PARTICIPANTS } from './activities'
import { DEMO_OPERATOR, DEMO_USERS } from './users'

const DAY_MS = 24 * 60 * 60 * 1000

/** The demo agent's verified real name (the demo reader has no real ID: only the name is set). */
export const DEMO_AGENT_REAL_NAME = '陈思远'

/** The members' orders: who, which demo product, how many days ago it was paid. */
const MEMBER_ORDERS = [
  { member: 'lin', product: '开卷有益帆布袋', paidDaysAgo: 10 },
  { member: 'rain', product: '读书笔记本', paidDaysAgo: 1 },
] as const

export const DEMO_COUPON = { count: 5, valueFen: 500, minOrderFen: 2000, days: 30 } as const

export const DEMO_NOTICE = {
  title: '欢迎加入书友吧主计划',
  content: [
    '感谢你成为书友吧主！',
    '把“推广海报”分享给朋友，朋友扫码加入后就是你的会员；会员在书城下单付款后，你将获得订单金额一定比例的佣金。',
    '佣金在订单退款期结束后结算，可在“我的钱包”中申请提现，提现前请先设置银行卡。',
    '平台发放给你的优惠券，可以在“优惠券”页面赠送给会员使用。',
  ].join('\n'),
}

export async function seedAgent(tx: Db, now: number): Promise<void> {
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY_MS)
  const demo = await liveByMobile(tx, DEMO_USERS[0].mobile)
  const lin = await liveByMobile(tx, DEMO_USERS[1].mobile)
  const operator = await liveByMobile(tx, DEMO_OPERATOR.mobile)
  // A database without the demo readers or the demo operator gets no demo agent.
  if (!demo || !operator) return
  const [already] = await tx.select().from(agents).where(eq(agents.userId, demo.id))
  if (already) return

  const realName = demo.idVerifiedAt ? demo.realName : DEMO_AGENT_REAL_NAME
  if (!demo.idVerifiedAt) {
    await tx
      .update(users)
      .set({ realName, idVerifiedAt: at(31), updatedAt: at(31) })
      .where(eq(users.id, demo.id))
  }
  const application = {
    userId: demo.id,
    realName,
    phone: '13800000000',
    region: '北京市海淀区',
    reason: '喜欢读书，想带身边的朋友一起读好书。',
  }
  const [applied] = await tx
    .insert(agentApplications)
    .values({
      ...application,
      state: 'approved',
      reviewerId: operator.id,
      createdAt: at(30),
      reviewedAt: at(29),
    })
    .returning({ id: agentApplications.id })
  await tx.insert(agents).values({
    userId: demo.id,
    applicationId: applied.id,
    realName,
    phone: application.phone,
    region: application.region,
    rateBp: AgentLimits.defaultRateBp,
    createdAt: at(29),
  })

  // Members: 书友小林 and the first seeded participant, unless bound to someone already.
  const [rain] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.nickname, SEED_PARTICIPANTS[0]), isNull(users.mobile), isNull(users.deletedAt)),
    )
    .limit(1)
  const members = new Map<string, number>()
  for (const [key, who, daysAgo] of [
    ['lin', lin, 20],
    ['rain', rain, 15],
  ] as const) {
    if (!who) continue
    const bound = await tx
      .update(users)
      .set({ spidUserId: demo.id, spidAt: at(daysAgo) })
      .where(and(eq(users.id, who.id), isNull(users.spidUserId)))
      .returning({ id: users.id })
    if (bound.length > 0) members.set(key, who.id)
  }

  // Their paid orders of demo goods, and the commission on each.
  const names = MEMBER_ORDERS.map((o) => o.product)
  const goods = await tx
    .select()
    .from(products)
    .where(inArray(products.name, [...names]))
  const windowMs = REFUND_WINDOW_DAYS_DEFAULT * DAY_MS
  for (const item of MEMBER_ORDERS) {
    const memberId = members.get(item.member)
    const product = goods.find((p) => p.name === item.product)
    if (memberId === undefined || !product || product.stock < 1) continue
    const paidAt = at(item.paidDaysAgo)
    const createdAt = new Date(paidAt.getTime() - 60_000)
    const orderNo = newOrderNo(createdAt.getTime())
    const [order] = await tx
      .insert(orders)
      .values({
        orderNo,
        userId: memberId,
        productId: product.id,
        kind: product.kind,
        name: product.name,
        cover: product.cover,
        priceFen: product.priceFen,
        quantity: 1,
        amountFen: product.priceFen,
        state: 'paid',
        source: 'buy',
        expiresAt: new Date(createdAt.getTime() + 30 * 60_000),
        paidAt,
        transactionId: `4200seed${orderNo}`,
        createdAt,
      })
      .returning()
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} - 1`, sales: sql`${products.sales} + 1` })
      .where(eq(products.id, product.id))
    const settleAt = new Date(paidAt.getTime() + windowMs)
    const settled = settleAt.getTime() <= now
    await tx.insert(agentCommissions).values({
      agentUserId: demo.id,
      memberUserId: memberId,
      orderId: order.id,
      orderAmountFen: order.amountFen,
      rateBp: AgentLimits.defaultRateBp,
      amountFen: commissionFen(order.amountFen, AgentLimits.defaultRateBp),
      state: settled ? 'settled' : 'pending',
      settleAt,
      settledAt: settled ? settleAt : null,
      createdAt: paidAt,
    })
  }

  // Five coupons from the demo operator; the first given to 书友小林.
  const coupons = await tx
    .insert(agentCoupons)
    .values(
      Array.from({ length: DEMO_COUPON.count }, () => ({
        agentUserId: demo.id,
        valueFen: DEMO_COUPON.valueFen,
        minOrderFen: DEMO_COUPON.minOrderFen,
        expiresAt: new Date(now + DEMO_COUPON.days * DAY_MS),
        allocatedBy: operator.id,
        createdAt: at(2),
      })),
    )
    .returning({ id: agentCoupons.id })
  const linId = members.get('lin')
  if (linId !== undefined) {
    const first = Math.min(...coupons.map((c) => c.id))
    await tx
      .update(agentCoupons)
      .set({ state: 'given', holderUserId: linId, givenAt: at(1) })
      .where(eq(agentCoupons.id, first))
  }

  await tx.insert(agentNotices).values({
    agentUserId: demo.id,
    title: DEMO_NOTICE.title,
    content: DEMO_NOTICE.content,
    operatorId: operator.id,
    createdAt: at(29),
  })
}

async function liveByMobile(tx: Db, mobile: string) {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.mobile, mobile), isNull(users.deletedAt)))
  return row
}
