/**
 * An agent's money, read from the lines themselves (nothing is kept as a running total):
 * balance = settled commission − withdrawals not failed. Callers settle what is due first.
 */
import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import { agentCommissions, agentWithdrawals } from '../../db/schema'
import { chinaDayAndMonth } from './rows'

export interface Money {
  balanceFen: number
  pendingFen: number
  settledTotalFen: number
  withdrawnFen: number
  todayFen: number
  monthFen: number
}

/** The integer sum of `column` over the rows where `cond` holds (0 over none). */
const sumWhere = (column: AnyPgColumn, cond: SQL = sql`true`) =>
  sql<number>`coalesce(sum(${column}) filter (where ${cond}), 0)`.mapWith(Number)

const since = (date: Date): SQL =>
  sql`${agentCommissions.createdAt} >= ${date.toISOString()}::timestamptz`

/** The commission and withdrawal totals of an agent at `nowMs` (China days for today/month). */
export async function moneyOf(db: Db, agentUserId: number, nowMs: number): Promise<Money> {
  const { dayStart, monthStart } = chinaDayAndMonth(nowMs)
  const live = sql`${agentCommissions.state} <> 'cancelled'`
  const [[lines], [taken]] = await Promise.all([
    db
      .select({
        settled: sumWhere(agentCommissions.amountFen, eq(agentCommissions.state, 'settled')),
        pending: sumWhere(agentCommissions.amountFen, eq(agentCommissions.state, 'pending')),
        today: sumWhere(agentCommissions.amountFen, sql`${live} and ${since(dayStart)}`),
        month: sumWhere(agentCommissions.amountFen, sql`${live} and ${since(monthStart)}`),
      })
      .from(agentCommissions)
      .where(eq(agentCommissions.agentUserId, agentUserId)),
    db
      .select({
        held: sumWhere(agentWithdrawals.amountFen),
        paid: sumWhere(agentWithdrawals.amountFen, eq(agentWithdrawals.state, 'paid')),
      })
      .from(agentWithdrawals)
      .where(
        and(
          eq(agentWithdrawals.agentUserId, agentUserId),
          inArray(agentWithdrawals.state, ['pending', 'paid']),
        ),
      ),
  ])
  return {
    balanceFen: lines.settled - taken.held,
    pendingFen: lines.pending,
    settledTotalFen: lines.settled,
    withdrawnFen: taken.paid,
    todayFen: lines.today,
    monthFen: lines.month,
  }
}

/** What may be withdrawn now: settled commission − withdrawals pending or paid. */
export async function balanceOf(db: Db, agentUserId: number): Promise<number> {
  const [[settled], [held]] = await Promise.all([
    db
      .select({ n: sumWhere(agentCommissions.amountFen) })
      .from(agentCommissions)
      .where(
        and(eq(agentCommissions.agentUserId, agentUserId), eq(agentCommissions.state, 'settled')),
      ),
    db
      .select({ n: sumWhere(agentWithdrawals.amountFen) })
      .from(agentWithdrawals)
      .where(
        and(eq(agentWithdrawals.agentUserId, agentUserId), ne(agentWithdrawals.state, 'failed')),
      ),
  ])
  return settled.n - held.n
}
