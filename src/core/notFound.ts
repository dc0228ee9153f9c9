/**
 * The not-found page's address: an unknown path (an old share link, a page not built yet, a
 * mistyped address) opens `pages/public/notFound` with the address that was asked for in `path`.
 * Pure.
 */
import { pageUrl, Route } from './routes'

export const NOT_FOUND_PAGE = Route.notFound

/** The longest address shown; a longer one is cut with an ellipsis. */
export const MAX_SHOWN_ADDRESS = 300

/** The address asked for: the path with a leading slash, then its query without Taro's own keys. */
export function askedAddress(path: string, query?: Record<string, unknown> | null): string {
  const pathname = `/${path.replace(/^\/+/, '')}`
  const pairs = Object.entries(query ?? {})
    // Taro's H5 router adds its page `stamp` (and `$taro...` keys elsewhere).
    .filter(([key]) => key !== 'stamp' && !key.startsWith('$taro'))
    .map(([key, value]) => (value == null || value === '' ? key : `${key}=${String(value)}`))
  return pairs.length > 0 ? `${pathname}?${pairs.join('&')}` : pathname
}

/** Where to send an unknown path. */
export function notFoundUrl(path: string, query?: Record<string, unknown> | null): string {
  return pageUrl(NOT_FOUND_PAGE, { path: askedAddress(path, query) })
}

/**
 * The `path` parameter as the page gets it: decoded already on H5, still encoded on the
 * mini-program (an encoded address starts with %2F, a decoded one with /).
 */
export function shownAddress(param: string | undefined): string {
  let value = param ?? ''
  if (/^%2F/i.test(value)) {
    try {
      value = decodeURIComponent(value)
    } catch {
      // Shown as it came.
    }
  }
  return value.length > MAX_SHOWN_ADDRESS ? `${value.slice(0, MAX_SHOWN_ADDRESS)}…` : value
}
