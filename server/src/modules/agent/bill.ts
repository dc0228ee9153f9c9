/**
 * My bill (User.Mer_UserBill.Lst): commission lines (+) and withdrawals (−) in one list, newest
 * first: '佣金 · <product>' and '提现 · <bank> 尾号<last4>'.
 */
import { sql } from 'drizzle-orm'
import type { BillLine } from '@api/agent'
import type { Page } from '@api/envelope'
import type { AppContext } from '../../context'
import { agentCommissions, agentWithdrawals, orders } from '../../db/schema'
import type { Caller } from '../../http/auth'
import { pageOf, type Paging } from '../../http/paging'
import { requireAgent } from './access'
import { settleDue } from './commission'

interface Row {
  key: string
  kind: BillLine['kind']
  amountFen: number | string
  state: BillLine['state']
  title: string
  at: number | string
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows

export async function billList(
  app: AppContext,
  caller: Caller,
  at: Paging,
): Promise<Page<BillLine>> {
  const agent = await requireAgent(app.db, caller.userId)
  await settleDue(app.db, app.clock.now(), agent.userId)
  const me = agent.userId
  const lines = sql`
    select 'c' || c.id as key, 'commission' as kind, c.amount_fen as amount_fen, c.state,
      '佣金 · ' || o.name as title, c.created_at, c.id, 1 as part
    from ${agentCommissions} c join ${orders} o on o.id = c.order_id
    where c.agent_user_id = ${me}
    union all
    select 'w' || w.id, 'withdraw', -w.amount_fen, w.state,
      '提现 · ' || w.card_bank || ' 尾号' || right(w.card_no, 4), w.created_at, w.id, 2
    from ${agentWithdrawals} w
    where w.agent_user_id = ${me}`
  const [found, counted] = await Promise.all([
    app.db.execute(sql`
      select key, kind, amount_fen as "amountFen", state, title,
        floor(extract(epoch from created_at))::bigint as at
      from (${lines}) l
      order by created_at desc, part desc, id desc
      limit ${at.pageSize} offset ${at.offset}`),
    app.db.execute(sql`select count(*) as n from (${lines}) l`),
  ])
  const list = rowsOf<Row>(found).map((row) => ({
    key: row.key,
    kind: row.kind,
    amountFen: Number(row.amountFen),
    state: row.state,
    title: row.title,
    at: Number(row.at),
  }))
  return pageOf(list, Number(rowsOf<{ n: number | string }>(counted)[0]?.n ?? 0), at)
}
