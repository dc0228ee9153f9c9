import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyReply } from 'fastify'
import { parseHosts } from '@rules/safeUrl'

type Env = Record<string, string | undefined>

/** Headers on every response of the H5 app (document and assets). */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'SAMEORIGIN',
}

/** The origin (scheme, host, port) of an absolute http(s) URL, or null. */
function originOf(url: string): string | null {
  try {
    const parsed = new URL(url.trim())
    return /^https?:$/.test(parsed.protocol) ? parsed.origin : null
  } catch {
    return null
  }
}

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')

/**
 * The sources the policy allows beyond the app's own origin, from the environment:
 * - TARO_APP_API_BASE: the API's origin when the H5 app calls a server elsewhere (calls, images,
 *   audio);
 * - CSP_CONNECT_SRC: more origins the app may call (comma-separated);
 * - TARO_APP_WEBVIEW_HOSTS, TARO_APP_H5_ORIGIN: the hosts web views may frame (and their
 *   subdomains), as the app allows them (src/core/webviewHosts.ts).
 */
export function policySources(env: Env): { api: string[]; connect: string[]; frame: string[] } {
  const api = [originOf(env.TARO_APP_API_BASE ?? '')].filter((o): o is string => o !== null)
  const extra = list(env.CSP_CONNECT_SRC)
    .map(originOf)
    .filter((o): o is string => o !== null)
  const hosts = parseHosts(
    [env.TARO_APP_WEBVIEW_HOSTS ?? '', env.TARO_APP_H5_ORIGIN ?? '', ...api].join(','),
  )
  const frame = hosts.flatMap((host) => [host, `*.${host}`])
  return { api, connect: [...api, ...extra], frame }
}

/** The sha256 sources of the inline scripts (those without src) of an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = []
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? ''
    if (/\ssrc\s*=/i.test(attributes) || match[2] === '') continue
    hashes.push(`'sha256-${createHash('sha256').update(match[2], 'utf8').digest('base64')}'`)
  }
  return hashes
}

const unique = (items: string[]): string[] => [...new Set(items)]

/** The Content-Security-Policy of the H5 document. */
export function contentSecurityPolicy(scriptHashes: string[], env: Env): string {
  const { api, connect, frame } = policySources(env)
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['base-uri', ["'self'"]],
    ['object-src', ["'none'"]],
    ['script-src', ["'self'", ...scriptHashes]],
    ['script-src-attr', ["'none'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', 'https:', ...api]],
    ['media-src', ["'self'", 'blob:', ...api]],
    ['font-src', ["'self'", 'data:']],
    // blob: the app reads a chosen image's blob URL to upload it.
    ['connect-src', ["'self'", 'blob:', ...connect]],
    ['frame-src', ["'self'", ...frame]],
    ['frame-ancestors', ["'self'"]],
    ['form-action', ["'self'"]],
  ]
  return directives.map(([name, sources]) => `${name} ${unique(sources).join(' ')}`).join('; ')
}

interface CachedHashes {
  key: string
  hashes: string[]
}
const hashCache = new Map<string, CachedHashes>()

/**
 * The inline script hashes of the built index.html, read once per build (again only when the file
 * changes, as a watching build rewrites it).
 */
export function indexScriptHashes(h5Dist: string): string[] {
  const file = path.join(h5Dist, 'index.html')
  const stat = fs.statSync(file)
  const key = `${stat.mtimeMs}:${stat.size}`
  const cached = hashCache.get(file)
  if (cached && cached.key === key) return cached.hashes
  const hashes = inlineScriptHashes(fs.readFileSync(file, 'utf8'))
  hashCache.set(file, { key, hashes })
  return hashes
}

/** Sets the headers every H5 response carries. */
export function setBaseSecurityHeaders(reply: FastifyReply): void {
  reply.headers(BASE_SECURITY_HEADERS)
}

/** Sets the document's headers: the base ones and its Content-Security-Policy. */
export function setDocumentSecurityHeaders(
  reply: FastifyReply,
  h5Dist: string,
  env: Env = process.env,
): void {
  setBaseSecurityHeaders(reply)
  reply.header('Content-Security-Policy', contentSecurityPolicy(indexScriptHashes(h5Dist), env))
}
