import { apiBase } from '@/core/apiBase'

/**
 * The H5 link for adding me: it opens the app with my id as the referrer (spid), which the launch
 * tasks bind for a newcomer; the friends area reads `add` to offer adding me.
 */
export function shareLinkForUser(userId: number): string {
  const origin =
    apiBase() || (typeof location !== 'undefined' ? location.origin : 'http://127.0.0.1:8080')
  return `${origin}/pages/index/index?spid=${userId}&add=${userId}`
}
