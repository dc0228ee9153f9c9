import { createHash } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { Caller } from './auth'
import { addressKey } from './addressKey'

/**
 * Who is viewing, for counts made once per viewer per hour (a document's readings, a video's plays
 * and shares): the reader, or for a guest a hash of the client's address (an IPv6 client by its
 * /64, as the per-address limits count) and browser.
 */
export function viewerKey(caller: Caller | null, req: FastifyRequest): string {
  if (caller) return `u:${caller.userId}`
  const agent = String(req.headers['user-agent'] ?? '').slice(0, 512)
  const hash = createHash('sha256')
    .update(`${addressKey(req.ip)}\n${agent}`)
    .digest('hex')
  return `d:${hash.slice(0, 32)}`
}
