/** Withdrawals as answers show them: masked for the agent, whole for the operators who pay. */
import type { AdminWithdrawal, AgentPerson, Withdrawal } from '@api/agent'
import { maskCard } from '@rules/agent'
import { agentWithdrawals } from '../../db/schema'
import { seconds, secondsOrNull } from './rows'

export type WithdrawalRow = typeof agentWithdrawals.$inferSelect

export const toWithdrawal = (row: WithdrawalRow): Withdrawal => ({
  id: row.id,
  amountFen: row.amountFen,
  state: row.state,
  bank: row.cardBank,
  holder: row.cardHolder,
  cardNo: maskCard(row.cardNo),
  createdAt: seconds(row.createdAt),
  settledAt: secondsOrNull(row.settledAt),
  note: row.note,
})

export const toAdminWithdrawal = (row: WithdrawalRow, agent: AgentPerson): AdminWithdrawal => ({
  ...toWithdrawal(row),
  fullCardNo: row.cardNo,
  agent,
})
