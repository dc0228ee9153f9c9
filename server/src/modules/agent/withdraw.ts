/**
 * Withdrawing (User.Mer_UserWithdraw.Apply / Lst): one pending withdrawal at a time, at least
 * ¥1.00, at most the balance. The agent's row is locked while the balance is read and the
 * withdrawal written, so concurrent asks never take the balance below zero; the partial unique
 * index on pending withdrawals is the backstop.
 */
import { and, count, desc, eq } from 'drizzle-orm'
import type { Withdrawal } from '@api/agent'
import type { Page } from '@api/envelope'
import { AgentLimits, AgentText } from '@rules/agent'
import type { AppContext } from '../../context'
import { agentWithdrawals } from '../../db/schema'
import { inTx } from '../../db/tx'
import type { Caller } from '../../http/auth'
import { badRequest } from '../../http/errors'
import { pageOf, type Paging } from '../../http/paging'
import { requireAgent } from './access'
import { settleDue } from './commission'
import { balanceOf } from './money'
import { toWithdrawal } from './withdrawRows'

/** A unique-key violation (PostgreSQL 23505), possibly wrapped by the driver. */
function isUniqueViolation(err: unknown): boolean {
  let current: unknown = err
  for (let depth = 0; current && depth < 4; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

export async function withdraw(
  app: AppContext,
  caller: Caller,
  amountFen: number,
): Promise<Withdrawal> {
  try {
    return await inTx(app.db, async (tx) => {
      const agent = await requireAgent(tx, caller.userId, { lock: true })
      const nowMs = app.clock.now()
      await settleDue(tx, nowMs, agent.userId)
      if (agent.cardNo === null || agent.cardHolder === null || agent.cardBank === null) {
        throw badRequest(AgentText.cardMissing)
      }
      if (amountFen < AgentLimits.withdrawMinFen) throw badRequest(AgentText.amountTooSmall)
      if (amountFen > AgentLimits.withdrawMaxFen) throw badRequest(AgentText.amountTooLarge)
      const [pending] = await tx
        .select({ id: agentWithdrawals.id })
        .from(agentWithdrawals)
        .where(
          and(
            eq(agentWithdrawals.agentUserId, agent.userId),
            eq(agentWithdrawals.state, 'pending'),
          ),
        )
      if (pending) throw badRequest(AgentText.withdrawPending)
      if (amountFen > (await balanceOf(tx, agent.userId))) throw badRequest(AgentText.overBalance)
      const [row] = await tx
        .insert(agentWithdrawals)
        .values({
          agentUserId: agent.userId,
          amountFen,
          state: 'pending',
          cardHolder: agent.cardHolder,
          cardBank: agent.cardBank,
          cardNo: agent.cardNo,
          createdAt: new Date(nowMs),
        })
        .returning()
      return toWithdrawal(row)
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(AgentText.withdrawPending)
    throw err
  }
}

export async function withdrawalList(
  app: AppContext,
  caller: Caller,
  at: Paging,
): Promise<Page<Withdrawal>> {
  const agent = await requireAgent(app.db, caller.userId)
  const where = eq(agentWithdrawals.agentUserId, agent.userId)
  const [rows, [total]] = await Promise.all([
    app.db
      .select()
      .from(agentWithdrawals)
      .where(where)
      .orderBy(desc(agentWithdrawals.createdAt), desc(agentWithdrawals.id))
      .limit(at.pageSize)
      .offset(at.offset),
    app.db.select({ n: count() }).from(agentWithdrawals).where(where),
  ])
  return pageOf(rows.map(toWithdrawal), total.n, at)
}
