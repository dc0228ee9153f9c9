import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { sendEnvelope, styleOf } from './envelope'

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

/** A file of the built app, or index.html for any other path (history-mode routes). */
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
    return reply.sendFile(relative, h5Dist)
  }
  return reply.header('Cache-Control', 'no-cache').sendFile('index.html', h5Dist)
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
