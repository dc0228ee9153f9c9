/**
 * Members (User.Mer_User.MerUserList): live readers bound to me by BindSpid, newest first, with
 * their paid orders and my commission from them; and who referred me (User.User.GetSpreadUserInfo).
 */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Member, SpreadUserInfo } from '@api/agent'
import type { Page } from '@api/envelope'
import type { AppContext } from '../../context'
import { agentCommissions, agents, orders, users } from '../../db/schema'
import type { Caller } from '../../http/auth'
import { pageOf, type Paging } from '../../http/paging'
import { requireAgent } from './access'
import { personColumns, secondsOrNull, toPerson } from './rows'

export async function memberList(
  app: AppContext,
  caller: Caller,
  at: Paging,
): Promise<Page<Member>> {
  const agent = await requireAgent(app.db, caller.userId)
  const where = and(eq(users.spidUserId, agent.userId), isNull(users.deletedAt))
  // Qualified by hand: in a one-table select drizzle writes its columns unqualified.
  const member = sql`${users}.${sql.identifier(users.id.name)}`
  const paid = sql`from ${orders} o where o.user_id = ${member} and o.state = 'paid' and o.source = 'buy'`
  const [rows, [total]] = await Promise.all([
    app.db
      .select({
        ...personColumns,
        spidAt: users.spidAt,
        orderCount: sql<number>`(select count(*) ${paid})`.mapWith(Number),
        orderTotalFen: sql<number>`(select coalesce(sum(o.amount_fen), 0) ${paid})`.mapWith(Number),
        commissionFen: sql<number>`(select coalesce(sum(c.amount_fen), 0) from ${agentCommissions} c
          where c.agent_user_id = ${agent.userId} and c.member_user_id = ${member}
            and c.state <> 'cancelled')`.mapWith(Number),
      })
      .from(users)
      .where(where)
      .orderBy(sql`${users.spidAt} desc nulls last`, desc(users.id))
      .limit(at.pageSize)
      .offset(at.offset),
    app.db.select({ n: count() }).from(users).where(where),
  ])
  return pageOf(
    rows.map((row) => ({
      ...toPerson(row),
      joinedAt: secondsOrNull(row.spidAt),
      orderCount: row.orderCount,
      orderTotalFen: row.orderTotalFen,
      commissionFen: row.commissionFen,
    })),
    total.n,
    at,
  )
}

/** Who referred me (null: nobody, or their account is gone) and when. */
export async function spreadUserInfo(app: AppContext, caller: Caller): Promise<SpreadUserInfo> {
  const [me] = await app.db
    .select({ spidUserId: users.spidUserId, spidAt: users.spidAt })
    .from(users)
    .where(eq(users.id, caller.userId))
  if (!me || me.spidUserId === null) return { referrer: null, boundAt: null }
  const [referrer] = await app.db
    .select({ ...personColumns, agent: agents.userId })
    .from(users)
    .leftJoin(agents, eq(agents.userId, users.id))
    .where(and(eq(users.id, me.spidUserId), isNull(users.deletedAt)))
  if (!referrer) return { referrer: null, boundAt: null }
  return {
    referrer: { ...toPerson(referrer), isAgent: referrer.agent !== null },
    boundAt: secondsOrNull(me.spidAt),
  }
}
