/**
 * The mine tab's way into the agent programme (main package: it pulls in only the status call,
 * not the agent pages' code): GetApplyStatus, silently, decides whether 吧主中心 opens the agent
 * home (approved) or the application page (anything else, or when the status could not be read:
 * that page asks again and says why).
 */
import Taro from '@tarojs/taro'
import type { agentApi } from '@/types/api/agent'
import type { CallRef } from '@/types/api/contract'
import type { ApplyState } from '@rules/agent'
import { call } from '@/core/request'
import { Route } from '@/core/routes'

/**
 * Its own copy of the generated ref (test/unit/agent-pages checks they are equal): importing
 * calls/agent.gen.ts here would put every agent ref into the main package's shared chunk.
 */
export const applyStatusRef: CallRef<typeof agentApi.applyStatus> = {
  style: 'ret',
  method: 'POST',
  path: 'User.Mer_User.GetApplyStatus',
}

/** Pure: the page an application's state opens. */
export const agentEntryUrl = (state: ApplyState | null): string =>
  state === 'approved' ? Route.proxyIndex : Route.proxyApply

let opening = false

/** Opens the agent home or the application page (one at a time: a double tap opens one page). */
export async function openAgentCenter(): Promise<void> {
  if (opening) return
  opening = true
  try {
    const state = await call(applyStatusRef, {}, { silent: true })
      .then((status) => status.state)
      .catch(() => null)
    await Taro.navigateTo({ url: agentEntryUrl(state) }).catch(() => undefined)
  } finally {
    opening = false
  }
}
