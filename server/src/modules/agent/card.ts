/**
 * My withdrawal card (User.Mer_User.WithdrawCardInfo / ModifyWithdrawCard): the holder is my
 * verified real name, the number passes its Luhn check; answers show it masked.
 */
import { eq } from 'drizzle-orm'
import type { ModifyCardReq, WithdrawCardInfo } from '@api/agent'
import { AgentLimits, AgentText, isBankCard, maskCard } from '@rules/agent'
import { textLength } from '@rules/validate'
import type { AppContext } from '../../context'
import { agents, users } from '../../db/schema'
import { inTx } from '../../db/tx'
import { lockCaller } from '../../db/users'
import type { Caller } from '../../http/auth'
import { badRequest } from '../../http/errors'
import { maskName } from '../account/profile'
import { requireAgent, type AgentRow } from './access'
import { seconds } from './rows'

const toCardInfo = (
  agent: AgentRow,
  user: { realName: string; idVerifiedAt: Date | null },
): WithdrawCardInfo => ({
  card:
    agent.cardNo !== null && agent.cardUpdatedAt !== null
      ? {
          holder: agent.cardHolder ?? '',
          bank: agent.cardBank ?? '',
          cardNo: maskCard(agent.cardNo),
          updatedAt: seconds(agent.cardUpdatedAt),
        }
      : null,
  verifiedName: user.idVerifiedAt ? maskName(user.realName) : '',
})

export async function cardInfo(app: AppContext, caller: Caller): Promise<WithdrawCardInfo> {
  const agent = await requireAgent(app.db, caller.userId)
  const [user] = await app.db
    .select({ realName: users.realName, idVerifiedAt: users.idVerifiedAt })
    .from(users)
    .where(eq(users.id, caller.userId))
  return toCardInfo(agent, user ?? { realName: '', idVerifiedAt: null })
}

export async function modifyCard(
  app: AppContext,
  caller: Caller,
  input: ModifyCardReq,
): Promise<WithdrawCardInfo> {
  return inTx(app.db, async (tx) => {
    const me = await lockCaller(tx, caller.userId)
    await requireAgent(tx, me.id, { lock: true })
    if (!me.idVerifiedAt) throw badRequest(AgentText.realNameNeeded)
    if (input.holder.trim() !== me.realName) throw badRequest(AgentText.holderMismatch)
    const bank = input.bank.trim()
    if (!bank) throw badRequest(AgentText.bankMissing)
    if (textLength(bank) > AgentLimits.bankMaxChars) throw badRequest(AgentText.bankTooLong)
    const cardNo = input.cardNo.replace(/\s+/g, '')
    if (!isBankCard(cardNo)) throw badRequest(AgentText.cardInvalid)
    const [saved] = await tx
      .update(agents)
      .set({
        cardHolder: me.realName,
        cardBank: bank,
        cardNo,
        cardUpdatedAt: new Date(app.clock.now()),
      })
      .where(eq(agents.userId, me.id))
      .returning()
    return toCardInfo(saved, me)
  })
}
