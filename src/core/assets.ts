import { apiBase } from './apiBase'

/** Server-relative upload paths (/uploads/x.png) become absolute on the mini-program. */
export function resolveAssetUrl(url: string): string {
  if (!url || /^(https?:|data:|blob:|wxfile:)/.test(url)) return url
  return `${apiBase()}${url.startsWith('/') ? '' : '/'}${url}`
}
