/**
 * Operators pay withdrawals outside this system (User.Mer_Admin.WithdrawList / SettleWithdraw):
 * the pending ones oldest first with the whole card number; recording one paid or failed (a
 * failed one's amount is back in the balance) sends the agent a notice.
 */
import { asc, count, desc, eq } from 'drizzle-orm'
import type { AdminWithdrawal, SettleWithdrawalReq } from '@api/agent'
import type { Page } from '@api/envelope'
import { AgentLimits, AgentText, type WithdrawState } from '@rules/agent'
import { textLength } from '@rules/validate'
import type { AppContext } from '../../context'
import { agentWithdrawals, users } from '../../db/schema'
import { inTx } from '../../db/tx'
import type { Caller } from '../../http/auth'
import { badRequest, notFound } from '../../http/errors'
import { pageOf, type Paging } from '../../http/paging'
import { refuseOwnCase, requireOperator } from './access'
import { addNotice } from './notices'
import { personColumns, toPerson } from './rows'
import { toAdminWithdrawal } from './withdrawRows'

export async function adminWithdrawals(
  app: AppContext,
  caller: Caller,
  state: WithdrawState,
  at: Paging,
): Promise<Page<AdminWithdrawal>> {
  await requireOperator(app.db, caller.userId)
  const where = eq(agentWithdrawals.state, state)
  const order =
    state === 'pending'
      ? [asc(agentWithdrawals.createdAt), asc(agentWithdrawals.id)]
      : [desc(agentWithdrawals.settledAt), desc(agentWithdrawals.id)]
  const [rows, [total]] = await Promise.all([
    app.db
      .select({ row: agentWithdrawals, agent: personColumns })
      .from(agentWithdrawals)
      .innerJoin(users, eq(users.id, agentWithdrawals.agentUserId))
      .where(where)
      .orderBy(...order)
      .limit(at.pageSize)
      .offset(at.offset),
    app.db.select({ n: count() }).from(agentWithdrawals).where(where),
  ])
  return pageOf(
    rows.map(({ row, agent }) => toAdminWithdrawal(row, toPerson(agent))),
    total.n,
    at,
  )
}

const yuan = (fen: number): string => `¥${(fen / 100).toFixed(2)}`

export async function settleWithdrawal(
  app: AppContext,
  caller: Caller,
  input: SettleWithdrawalReq,
): Promise<AdminWithdrawal> {
  return inTx(app.db, async (tx) => {
    await requireOperator(tx, caller.userId)
    const note = (input.note ?? '').trim()
    if (textLength(note) > AgentLimits.withdrawNoteMaxChars)
      throw badRequest(AgentText.withdrawNoteTooLong)
    const [row] = await tx
      .select()
      .from(agentWithdrawals)
      .where(eq(agentWithdrawals.id, input.id))
      .for('update')
    if (!row) throw notFound(AgentText.withdrawNotFound)
    refuseOwnCase(caller, row.agentUserId)
    if (row.state !== 'pending') throw badRequest(AgentText.withdrawDone)
    const at = new Date(app.clock.now())
    const [done] = await tx
      .update(agentWithdrawals)
      .set({ state: input.state, note, operatorId: caller.userId, settledAt: at })
      .where(eq(agentWithdrawals.id, row.id))
      .returning()
    const paid = input.state === 'paid'
    const content = paid
      ? `您申请的${yuan(row.amountFen)}提现已转入尾号${row.cardNo.slice(-4)}的银行卡。`
      : `您申请的${yuan(row.amountFen)}提现未能完成，金额已退回可提现余额。`
    await addNotice(tx, {
      agentUserId: row.agentUserId,
      title: paid ? '提现已到账' : '提现失败',
      content: note ? `${content}\n备注：${note}` : content,
      operatorId: caller.userId,
      at,
    })
    const [agent] = await tx.select(personColumns).from(users).where(eq(users.id, row.agentUserId))
    return toAdminWithdrawal(done, toPerson(agent))
  })
}
