import { apiBase } from './apiBase'
import { parseHosts } from '@rules/safeUrl'

/**
 * The hosts web views may open: TARO_APP_WEBVIEW_HOSTS (build time, comma-separated), plus the
 * app's own H5 and API hosts.
 */
export function webviewHosts(): string[] {
  const own = [process.env.TARO_APP_H5_ORIGIN ?? '', apiBase()]
  if (typeof location !== 'undefined' && location.host) own.push(location.host)
  return parseHosts([process.env.TARO_APP_WEBVIEW_HOSTS ?? '', ...own].join(','))
}
