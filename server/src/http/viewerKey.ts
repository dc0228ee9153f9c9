import { createHash } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { Caller } from './auth'
import { addressKey } from './addressKey'

/**
 * Who is viewing, for counts made once per viewer per hour (a document's readings, a video's plays
 * and shares): the reader, or for a guest a hash of the client's address (an IPv6 client by its
 * /64, as the per-address limits count). Not the browser's User-Agent: a client sets that at will,
 * so a loop changing it would count as ever new viewers.
 */
export function viewerKey(caller: Caller | null, req: FastifyRequest): string {
  if (caller) return `u:${caller.userId}`
  const hash = createHash('sha256').update(addressKey(req.ip)).digest('hex')
  return `d:${hash.slice(0, 32)}`
}
