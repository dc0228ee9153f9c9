/**
 * Operators (User.Mer_Admin.ApplyList / Review / SetRate): applications to review, approving one
 * (the agents row at the given or default rate, and a notice) or rejecting it with a reason, and an
 * agent's rate for orders paid from then on.
 */
import { asc, count, desc, eq } from 'drizzle-orm'
import type { AdminApplication, AdminApplicationsReq, ReviewApplicationReq } from '@api/agent'
import type { Page } from '@api/envelope'
import { AgentLimits, AgentText, formatRate } from '@rules/agent'
import { textLength } from '@rules/validate'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { agentApplications, agents, users } from '../../db/schema'
import { inTx } from '../../db/tx'
import type { Caller } from '../../http/auth'
import { badRequest, notFound } from '../../http/errors'
import { pageOf, type Paging } from '../../http/paging'
import { refuseOwnCase, requireOperator } from './access'
import { addNotice } from './notices'
import { personColumns, toApplication, toPerson, type ApplicationRow } from './rows'

export const APPROVED_NOTICE_TITLE = '吧主申请已通过'

async function adminApplication(db: Db, row: ApplicationRow): Promise<AdminApplication> {
  const [user] = await db.select(personColumns).from(users).where(eq(users.id, row.userId))
  return { ...toApplication(row), user: toPerson(user) }
}

export async function adminApplications(
  app: AppContext,
  caller: Caller,
  state: NonNullable<AdminApplicationsReq['state']>,
  at: Paging,
): Promise<Page<AdminApplication>> {
  await requireOperator(app.db, caller.userId)
  const where = eq(agentApplications.state, state)
  const order =
    state === 'pending'
      ? [asc(agentApplications.createdAt), asc(agentApplications.id)]
      : [desc(agentApplications.reviewedAt), desc(agentApplications.id)]
  const [rows, [total]] = await Promise.all([
    app.db
      .select({ application: agentApplications, user: personColumns })
      .from(agentApplications)
      .innerJoin(users, eq(users.id, agentApplications.userId))
      .where(where)
      .orderBy(...order)
      .limit(at.pageSize)
      .offset(at.offset),
    app.db.select({ n: count() }).from(agentApplications).where(where),
  ])
  return pageOf(
    rows.map((row) => ({ ...toApplication(row.application), user: toPerson(row.user) })),
    total.n,
    at,
  )
}

function rejectReasonOf(reason: string | undefined): string {
  const text = (reason ?? '').trim()
  if (!text) throw badRequest(AgentText.rejectReasonMissing)
  if (textLength(text) > AgentLimits.rejectReasonMaxChars)
    throw badRequest(AgentText.rejectReasonTooLong)
  return text
}

export async function reviewApplication(
  app: AppContext,
  caller: Caller,
  input: ReviewApplicationReq,
): Promise<AdminApplication> {
  return inTx(app.db, async (tx) => {
    await requireOperator(tx, caller.userId)
    const [row] = await tx
      .select()
      .from(agentApplications)
      .where(eq(agentApplications.id, input.id))
      .for('update')
    if (!row) throw notFound(AgentText.applicationNotFound)
    refuseOwnCase(caller, row.userId)
    if (row.state !== 'pending') throw badRequest(AgentText.applicationDone)
    const at = new Date(app.clock.now())
    const review = { reviewerId: caller.userId, reviewedAt: at }
    if (input.approve !== 1) {
      const rejectReason = rejectReasonOf(input.reason)
      const [done] = await tx
        .update(agentApplications)
        .set({ state: 'rejected', rejectReason, ...review })
        .where(eq(agentApplications.id, row.id))
        .returning()
      return adminApplication(tx, done)
    }
    const rateBp = input.rateBp ?? AgentLimits.defaultRateBp
    const [done] = await tx
      .update(agentApplications)
      .set({ state: 'approved', ...review })
      .where(eq(agentApplications.id, row.id))
      .returning()
    await tx.insert(agents).values({
      userId: row.userId,
      applicationId: row.id,
      realName: row.realName,
      phone: row.phone,
      region: row.region,
      rateBp,
      createdAt: at,
    })
    await addNotice(tx, {
      agentUserId: row.userId,
      title: APPROVED_NOTICE_TITLE,
      content: `恭喜您成为吧主！分享您的海报或链接邀请会员，会员下单后您可获得${formatRate(rateBp)}的佣金。`,
      operatorId: caller.userId,
      at,
    })
    return adminApplication(tx, done)
  })
}

export async function setRate(
  app: AppContext,
  caller: Caller,
  userId: number,
  rateBp: number,
): Promise<{ userId: number; rateBp: number }> {
  return inTx(app.db, async (tx) => {
    await requireOperator(tx, caller.userId)
    refuseOwnCase(caller, userId)
    const [row] = await tx
      .update(agents)
      .set({ rateBp })
      .where(eq(agents.userId, userId))
      .returning({ userId: agents.userId, rateBp: agents.rateBp })
    if (!row) throw notFound(AgentText.agentNotFound)
    return row
  })
}
