/** My agent home (User.Mer_User.Detail): profile, rate, members, money, notices, coupons, card. */
import { and, count, eq, isNull } from 'drizzle-orm'
import type { AgentDetail } from '@api/agent'
import type { AppContext } from '../../context'
import { agentCoupons, users } from '../../db/schema'
import type { Caller } from '../../http/auth'
import { maskMobile, maskName } from '../account/profile'
import { requireAgent } from './access'
import { settleDue } from './commission'
import { moneyOf } from './money'
import { unreadNotices } from './notices'
import { seconds } from './rows'

export async function agentDetail(app: AppContext, caller: Caller): Promise<AgentDetail> {
  const agent = await requireAgent(app.db, caller.userId)
  const nowMs = app.clock.now()
  await settleDue(app.db, nowMs, agent.userId)
  const [[me], [members], [coupons], money, unread] = await Promise.all([
    app.db
      .select({ nickname: users.nickname, avatar: users.avatar })
      .from(users)
      .where(eq(users.id, agent.userId)),
    app.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.spidUserId, agent.userId), isNull(users.deletedAt))),
    app.db
      .select({ n: count() })
      .from(agentCoupons)
      .where(and(eq(agentCoupons.agentUserId, agent.userId), eq(agentCoupons.state, 'unissued'))),
    moneyOf(app.db, agent.userId, nowMs),
    unreadNotices(app.db, agent.userId),
  ])
  return {
    userId: agent.userId,
    nickname: me?.nickname ?? '',
    avatar: me?.avatar ?? '',
    realName: maskName(agent.realName),
    phone: maskMobile(agent.phone),
    region: agent.region,
    rateBp: agent.rateBp,
    since: seconds(agent.createdAt),
    memberCount: members.n,
    ...money,
    unreadNotices: unread,
    unissuedCoupons: coupons.n,
    hasCard: agent.cardNo !== null,
  }
}
