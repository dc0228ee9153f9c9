/**
 * Commission lines: a member's paid order gives their agent floor(amount × rate) at the agent's
 * rate then, pending until the order's refund window ends, then settled; a refund before that
 * cancels it. Called inside the shop's transactions (orderHooks.ts, shop refund.ts).
 */
import { and, eq, isNull, lte, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { commissionFen } from '@rules/agent'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { agentCommissions, agents, users } from '../../db/schema'
import type { OrderRow } from '../shop/rows'

/** The agent's own account (users joined a second time): a deleted one earns nothing more. */
const agentUsers = alias(users, 'agent_user')

/**
 * The pending line of a member's order just paid at `at`: only bought orders with an amount, of a
 * buyer bound to an agent whose account is live; nothing when the commission rounds to 0. Once per
 * order.
 */
export async function addCommission(
  app: Pick<AppContext, 'config'>,
  tx: Db,
  order: OrderRow,
  at: Date,
): Promise<void> {
  if (order.source !== 'buy' || order.amountFen <= 0) return
  const [agent] = await tx
    .select({ userId: agents.userId, rateBp: agents.rateBp })
    .from(users)
    .innerJoin(agents, eq(agents.userId, users.spidUserId))
    .innerJoin(agentUsers, eq(agentUsers.id, agents.userId))
    .where(and(eq(users.id, order.userId), isNull(users.deletedAt), isNull(agentUsers.deletedAt)))
  if (!agent || agent.userId === order.userId) return
  const amountFen = commissionFen(order.amountFen, agent.rateBp)
  if (amountFen <= 0) return
  await tx
    .insert(agentCommissions)
    .values({
      agentUserId: agent.userId,
      memberUserId: order.userId,
      orderId: order.id,
      orderAmountFen: order.amountFen,
      rateBp: agent.rateBp,
      amountFen,
      state: 'pending',
      settleAt: new Date(at.getTime() + app.config.agent.refundWindowMs),
      createdAt: at,
    })
    .onConflictDoNothing({ target: agentCommissions.orderId })
}

/**
 * Settles the pending lines whose refund window has ended (of one agent, or all): settled as of
 * their settleAt. Answers how many.
 */
export async function settleDue(db: Db, nowMs: number, agentUserId?: number): Promise<number> {
  const rows = await db
    .update(agentCommissions)
    .set({ state: 'settled', settledAt: sql`${agentCommissions.settleAt}` })
    .where(
      and(
        eq(agentCommissions.state, 'pending'),
        lte(agentCommissions.settleAt, new Date(nowMs)),
        agentUserId === undefined ? undefined : eq(agentCommissions.agentUserId, agentUserId),
      ),
    )
    .returning({ id: agentCommissions.id })
  return rows.length
}

/**
 * Whether the order's commission line (if any) is settled; the line is locked until the
 * transaction ends, so a refund and the settling of that line go one after the other.
 */
export async function commissionSettled(tx: Db, orderId: number): Promise<boolean> {
  const [line] = await tx
    .select({ state: agentCommissions.state })
    .from(agentCommissions)
    .where(eq(agentCommissions.orderId, orderId))
    .for('update')
  return line?.state === 'settled'
}

/** A refunded order's pending line is cancelled (a settled one stays: the window had passed). */
export async function cancelCommission(tx: Db, orderId: number, at: Date): Promise<void> {
  await tx
    .update(agentCommissions)
    .set({ state: 'cancelled', cancelledAt: at })
    .where(and(eq(agentCommissions.orderId, orderId), eq(agentCommissions.state, 'pending')))
}
