import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { sendEnvelope, styleOf } from './envelope'
import { pickVariant } from './precompressed'
import { preloadLinks } from './preload'
import { setBaseSecurityHeaders, setDocumentSecurityHeaders } from './securityHeaders'

const API_PREFIXES = ['/user.php', '/index.php', '/api/', '/util/', '/app/', '/uploads/', '/dev/']

export const isApiPath = (pathname: string): boolean =>
  API_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(prefix))

const NOT_BUILT = 'The H5 app is not built. Run `npm run build:h5`, then reload.\n'

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile()
  } catch {
    return false
  }
}

/** Built files whose names carry a content hash (`app.1a2b3c4d.js`): they never change. */
const HASHED = /\.[0-9a-f]{8,}\./i
const IMMUTABLE = { maxAge: 365 * 24 * 60 * 60 * 1000, immutable: true }
/** Send sets no Cache-Control of its own: ours (no-cache) stays. */
const REVALIDATE = { cacheControl: false }
/** Folders of the build's scripts, styles and other files. */
const BUILT_DIRS = /^\/(js|css|static)\//

/**
 * Sends a file of the build: its compressed copy (file.br, file.gz) when the request accepts
 * that encoding, for a year when its name has a content hash, revalidated on every use otherwise.
 */
function sendBuilt(
  h5Dist: string,
  relative: string,
  req: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const hashed = HASHED.test(path.basename(relative))
  if (!hashed) reply.header('Cache-Control', 'no-cache')
  const caching = hashed ? IMMUTABLE : REVALIDATE
  reply.header('Vary', 'Accept-Encoding')
  const variant = pickVariant(path.join(h5Dist, relative), req.headers['accept-encoding'])
  if (!variant) return reply.sendFile(relative, h5Dist, caching)
  reply.header('Content-Encoding', variant.encoding).type(variant.contentType)
  return reply.sendFile(relative + variant.suffix, h5Dist, { ...caching, contentType: false })
}

/**
 * A file of the built app, or index.html for any other path (history-mode routes), sent by
 * sendBuilt. The document carries the security headers and, for a page of the build, a preload
 * Link header naming that page's chunks; every other file the base security headers.
 */
export async function serveApp(
  h5Dist: string,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  if (!isFile(path.join(h5Dist, 'index.html'))) {
    return reply.code(404).type('text/plain; charset=utf-8').send(NOT_BUILT)
  }
  const pathname = decodeURIComponent(req.url.split('?')[0])
  const relative = path.normalize(pathname).replace(/^(\.\.([/\\]|$))+/, '')
  const file = path.join(h5Dist, relative)
  const hidden = relative.split(/[/\\]/).some((part) => part.startsWith('.'))
  if (!hidden && file.startsWith(h5Dist + path.sep) && isFile(file)) {
    if (path.basename(file) === 'index.html') setDocumentSecurityHeaders(reply, h5Dist)
    else setBaseSecurityHeaders(reply)
    return sendBuilt(h5Dist, relative, req, reply)
  }
  // A missing script or style (a chunk of an older build) is not a route: the page would get HTML.
  if (BUILT_DIRS.test(pathname)) {
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n')
  }
  setDocumentSecurityHeaders(reply, h5Dist)
  const preload = preloadLinks(h5Dist, pathname)
  if (preload) reply.header('Link', preload)
  return sendBuilt(h5Dist, 'index.html', req, reply)
}

/** Unknown API paths answer an envelope; any other GET gets the app. */
export function registerSpa(fastify: FastifyInstance, h5Dist: string): void {
  fastify.register(fastifyStatic, { serve: false })
  fastify.setNotFoundHandler(async (req, reply) => {
    const pathname = req.url.split('?')[0]
    if (isApiPath(pathname) || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return sendEnvelope(reply, styleOf(pathname), 404, null, '接口不存在')
    }
    try {
      return await serveApp(h5Dist, req, reply)
    } catch {
      return reply.code(400).type('text/plain; charset=utf-8').send('Bad path\n')
    }
  })
}
