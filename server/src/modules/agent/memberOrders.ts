/**
 * My members' paid orders with my commission (User.Mer_Order.Lst): one row per commission line,
 * newest first, filtered by the line's state.
 */
import { and, count, desc, eq } from 'drizzle-orm'
import type { MemberOrder } from '@api/agent'
import type { Page } from '@api/envelope'
import type { CommissionFilter } from '@rules/agent'
import type { AppContext } from '../../context'
import { agentCommissions, orders, users } from '../../db/schema'
import type { Caller } from '../../http/auth'
import { pageOf, type Paging } from '../../http/paging'
import { requireAgent } from './access'
import { settleDue } from './commission'
import { personColumns, seconds, toPerson } from './rows'

export async function memberOrders(
  app: AppContext,
  caller: Caller,
  state: CommissionFilter,
  at: Paging,
): Promise<Page<MemberOrder>> {
  const agent = await requireAgent(app.db, caller.userId)
  await settleDue(app.db, app.clock.now(), agent.userId)
  const where = and(
    eq(agentCommissions.agentUserId, agent.userId),
    state === 'all' ? undefined : eq(agentCommissions.state, state),
  )
  const [rows, [total]] = await Promise.all([
    app.db
      .select({
        line: agentCommissions,
        order: {
          orderNo: orders.orderNo,
          name: orders.name,
          cover: orders.cover,
          quantity: orders.quantity,
          state: orders.state,
          paidAt: orders.paidAt,
        },
        member: personColumns,
      })
      .from(agentCommissions)
      .innerJoin(orders, eq(orders.id, agentCommissions.orderId))
      .innerJoin(users, eq(users.id, agentCommissions.memberUserId))
      .where(where)
      .orderBy(desc(agentCommissions.createdAt), desc(agentCommissions.id))
      .limit(at.pageSize)
      .offset(at.offset),
    app.db.select({ n: count() }).from(agentCommissions).where(where),
  ])
  return pageOf(
    rows.map(({ line, order, member }) => ({
      orderId: line.orderId,
      orderNo: order.orderNo,
      name: order.name,
      cover: order.cover,
      quantity: order.quantity,
      amountFen: line.orderAmountFen,
      orderState: order.state,
      paidAt: seconds(order.paidAt ?? line.createdAt),
      member: toPerson(member),
      rateBp: line.rateBp,
      commissionFen: line.amountFen,
      commissionState: line.state,
      settleAt: seconds(line.settleAt),
    })),
    total.n,
    at,
  )
}
