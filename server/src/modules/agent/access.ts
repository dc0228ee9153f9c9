/**
 * Who may make the agent programme's calls: agents (a row in `agents`) and operators. Every agent
 * and operator call goes through here; the check is the server's, never the app's.
 */
import { eq } from 'drizzle-orm'
import { AgentText } from '@rules/agent'
import type { Db } from '../../db/client'
import { isOperator } from '../../db/operators'
import { agents } from '../../db/schema'
import { forbidden } from '../../http/errors'

export type AgentRow = typeof agents.$inferSelect

/**
 * The caller's agents row, or 403 '您还不是吧主'. With `lock`, the row is locked (FOR UPDATE) until
 * the transaction ends: what changes an agent's money goes one at a time.
 */
export async function requireAgent(
  db: Db,
  userId: number,
  opts: { lock?: boolean } = {},
): Promise<AgentRow> {
  const query = db.select().from(agents).where(eq(agents.userId, userId))
  const [row] = opts.lock ? await query.for('update') : await query
  if (!row) throw forbidden(AgentText.notAgent)
  return row
}

/** Refuses (403 '仅运营人员可以操作') a caller who is not an operator. */
export async function requireOperator(db: Db, userId: number): Promise<void> {
  if (!(await isOperator(db, userId))) throw forbidden(AgentText.operatorOnly)
}

/**
 * Refuses (403 '不能处理自己的吧主事务，请由其他运营人员操作') an operator acting on their own agent
 * case: approving their own application, setting their own rate, allocating coupons to themselves,
 * recording their own withdrawal. Another operator does it.
 */
export function refuseOwnCase(caller: { userId: number }, agentUserId: number): void {
  if (caller.userId === agentUserId) throw forbidden(AgentText.operatorSelf)
}
