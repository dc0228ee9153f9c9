/**
 * Applying to be an agent (User.Mer_User.Apply) and the state of my application
 * (User.Mer_User.GetApplyStatus). One may apply once id-verified, under the verified real name; one
 * application is pending at a time, and after a rejection one may apply again.
 */
import { and, desc, eq } from 'drizzle-orm'
import type { ApplyReq, ApplyStatus } from '@api/agent'
import { AgentLimits, AgentText } from '@rules/agent'
import { checkRealName, isPhone, textLength } from '@rules/validate'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { agentApplications, agents, users } from '../../db/schema'
import { inTx } from '../../db/tx'
import { lockCaller } from '../../db/users'
import type { Caller } from '../../http/auth'
import { badRequest, loginRequired } from '../../http/errors'
import { maskName } from '../account/profile'
import { toApplication } from './rows'

/** My verified real name, masked ('' before verification). */
const verifiedName = (user: { realName: string; idVerifiedAt: Date | null }): string =>
  user.idVerifiedAt ? maskName(user.realName) : ''

/** The application fields as stored, or 400 with what is wrong (the real name is checked later). */
function checkApplication(input: ApplyReq) {
  const nameProblem = checkRealName(input.realName)
  if (nameProblem) throw badRequest(nameProblem)
  if (!isPhone(input.phone)) throw badRequest(AgentText.phoneInvalid)
  const region = input.region.trim()
  if (!region) throw badRequest(AgentText.regionMissing)
  if (textLength(region) > AgentLimits.regionMaxChars) throw badRequest(AgentText.regionTooLong)
  const reason = input.reason.trim()
  if (textLength(reason) < AgentLimits.reasonMinChars) throw badRequest(AgentText.reasonTooShort)
  if (textLength(reason) > AgentLimits.reasonMaxChars) throw badRequest(AgentText.reasonTooLong)
  if (input.agree !== 1) throw badRequest(AgentText.agreementNeeded)
  return { realName: input.realName.trim(), phone: input.phone.trim(), region, reason }
}

async function statusOf(db: Db, userId: number): Promise<ApplyStatus> {
  const [[user], [latest], [agent]] = await Promise.all([
    db
      .select({ realName: users.realName, idVerifiedAt: users.idVerifiedAt })
      .from(users)
      .where(eq(users.id, userId)),
    db
      .select()
      .from(agentApplications)
      .where(eq(agentApplications.userId, userId))
      .orderBy(desc(agentApplications.createdAt), desc(agentApplications.id))
      .limit(1),
    db.select({ userId: agents.userId }).from(agents).where(eq(agents.userId, userId)),
  ])
  if (!user) throw loginRequired()
  const state = agent ? 'approved' : (latest?.state ?? 'none')
  return {
    state,
    application: latest ? toApplication(latest) : null,
    verifiedName: verifiedName(user),
  }
}

export function applyStatus(app: AppContext, caller: Caller): Promise<ApplyStatus> {
  return statusOf(app.db, caller.userId)
}

export async function apply(
  app: AppContext,
  caller: Caller,
  input: ApplyReq,
): Promise<ApplyStatus> {
  const fields = checkApplication(input)
  return inTx(app.db, async (tx) => {
    const me = await lockCaller(tx, caller.userId)
    if (!me.idVerifiedAt) throw badRequest(AgentText.realNameNeeded)
    if (fields.realName !== me.realName) throw badRequest(AgentText.realNameMismatch)
    const [agent] = await tx
      .select({ userId: agents.userId })
      .from(agents)
      .where(eq(agents.userId, me.id))
    if (agent) throw badRequest(AgentText.alreadyAgent)
    const [pending] = await tx
      .select({ id: agentApplications.id })
      .from(agentApplications)
      .where(and(eq(agentApplications.userId, me.id), eq(agentApplications.state, 'pending')))
    if (pending) throw badRequest(AgentText.applyPending)
    await tx.insert(agentApplications).values({
      userId: me.id,
      ...fields,
      createdAt: new Date(app.clock.now()),
    })
    return statusOf(tx, me.id)
  })
}
