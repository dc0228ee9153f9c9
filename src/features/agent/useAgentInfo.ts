/**
 * 吧主资料: my agent profile (masked name and phone, region, rate, since, members) and who
 * referred me (GetSpreadUserInfo), again on pull-down.
 */
import { usePageData } from '@/core/usePageData'
import type { AgentDetail, SpreadUserInfo } from '@/types/api/agent'
import { fetchAgentDetail, fetchSpreadUserInfo } from './api'

export function useAgentInfo(loggedIn: boolean) {
  return usePageData<{ detail: AgentDetail; spread: SpreadUserInfo } | null>(
    async () => {
      if (!loggedIn) return null
      const [detail, spread] = await Promise.all([fetchAgentDetail(), fetchSpreadUserInfo()])
      return { detail, spread }
    },
    [loggedIn],
    { pullDown: true },
  )
}
