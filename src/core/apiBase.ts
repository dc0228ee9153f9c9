/**
 * Where the app's calls go: TARO_APP_API_BASE when the build sets it; otherwise the page's own origin
 * on H5 and the local server on weapp (a mini-program has no origin of its own).
 *
 * On H5 the base is always absolute (location.origin, read once when this module loads): a relative
 * URL resolves against document.baseURI, which an injected `<base href>` could move to another host,
 * taking the reader's token with the next call.
 */
export const DEFAULT_MINI_API_BASE = 'http://127.0.0.1:8080'

export function resolveApiBase(
  configured: string | undefined,
  taroEnv: string | undefined,
  pageOrigin = '',
): string {
  const base = (configured ?? '').trim().replace(/\/+$/, '')
  if (base !== '') return base
  return taroEnv === 'h5' ? pageOrigin : DEFAULT_MINI_API_BASE
}

// The build replaces these expressions with literals; where it does not (the variable is unset),
// `process` may not exist at run time in a mini-program, hence the guards.
function configuredBase(): string | undefined {
  try {
    return process.env.TARO_APP_API_BASE
  } catch {
    return undefined
  }
}

function taroEnv(): string | undefined {
  try {
    return process.env.TARO_ENV
  } catch {
    return undefined
  }
}

function pageOrigin(): string {
  return typeof location !== 'undefined' && /^https?:$/.test(location.protocol)
    ? location.origin
    : ''
}

export const API_BASE = resolveApiBase(configuredBase(), taroEnv(), pageOrigin())

/** Joins the base and a path; absolute URLs pass through. */
export function apiUrl(path: string, base: string = API_BASE): string {
  if (/^https?:\/\//i.test(path)) return path
  return `${base}${path.startsWith('/') ? path : `/${path}`}`
}

/** The API base as a function, for modules that read it lazily. */
export const apiBase = (): string => API_BASE
