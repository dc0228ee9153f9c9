import { apiBase } from '@/core/apiBase'
import { pageUrl, Route } from '@/core/routes'

/** Where the H5 app is served: TARO_APP_H5_ORIGIN, else the API's host (the server serves both). */
function h5Origin(): string {
  const configured = process.env.TARO_APP_H5_ORIGIN
  if (configured) return configured.replace(/\/+$/, '')
  return apiBase() || (typeof location !== 'undefined' ? location.origin : '')
}

/**
 * The H5 link for adding me: it opens the add-friend page with my friend code filled in and my id
 * as the referrer (spid), which the launch tasks bind for a newcomer. Without a code yet, home.
 */
export function shareLinkForUser(userId: number, friendCode = ''): string {
  if (!friendCode) return `${h5Origin()}${pageUrl(Route.home, { spid: userId })}`
  return `${h5Origin()}${pageUrl(Route.addFriendByCode, { code: friendCode, spid: userId })}`
}
