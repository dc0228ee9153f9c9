/** The agent programme's shared pieces: paging, times, people as lists show them, China days. */
import type { AgentPerson, Application } from '@api/agent'
import { AgentLimits } from '@rules/agent'
import { CHINA_OFFSET_MS } from '@rules/chinaTime'
import { unixSeconds } from '../../clock'
import { agentApplications, users } from '../../db/schema'
import { paging, type Paging } from '../../http/paging'

/** Lists: 10 a page by default, at most 50. */
export const agentPaging = (input: { page?: number; pageSize?: number }): Paging =>
  paging(input, AgentLimits.pageSize, AgentLimits.pageSizeMax)

export const seconds = (date: Date): number => unixSeconds(date.getTime())
export const secondsOrNull = (date: Date | null): number | null => (date ? seconds(date) : null)

export const personColumns = {
  userId: users.id,
  nickname: users.nickname,
  avatar: users.avatar,
}

export const toPerson = (row: {
  userId: number
  nickname: string
  avatar: string
}): AgentPerson => ({
  userId: row.userId,
  nickname: row.nickname,
  avatar: row.avatar,
})

export type ApplicationRow = typeof agentApplications.$inferSelect

export const toApplication = (row: ApplicationRow): Application => ({
  id: row.id,
  realName: row.realName,
  phone: row.phone,
  region: row.region,
  reason: row.reason,
  state: row.state,
  rejectReason: row.rejectReason,
  createdAt: seconds(row.createdAt),
  reviewedAt: secondsOrNull(row.reviewedAt),
})

/** The start of the China calendar day and month that `nowMs` falls in (as instants). */
export function chinaDayAndMonth(nowMs: number): { dayStart: Date; monthStart: Date } {
  const local = new Date(nowMs + CHINA_OFFSET_MS)
  const day = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate())
  const month = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1)
  return {
    dayStart: new Date(day - CHINA_OFFSET_MS),
    monthStart: new Date(month - CHINA_OFFSET_MS),
  }
}
