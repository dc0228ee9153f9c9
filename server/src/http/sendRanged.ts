/**
 * Sends a file's bytes with HTTP validators and ranges: an ETag and Last-Modified, 304 for a
 * matching If-None-Match, one `Range: bytes=` range (206, with If-Range), 416 past the end, else the
 * whole file. Used by the files that are not API calls (documents, videos).
 */
import type { Readable } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ByteRange } from '../services/storage'
import { parseRange } from './range'

export interface RangedFile {
  size: number
  /** A strong ETag, quoted. */
  etag: string
  lastModified: Date
  /** The bytes (all, or one range), or null when the file has gone. */
  open(range?: ByteRange): Promise<Readable | null>
}

/**
 * Answers with `file` (the caller set Content-Type and any other headers first). `gone` answers
 * when the file cannot be opened after all.
 */
export async function sendRanged(
  req: FastifyRequest,
  reply: FastifyReply,
  file: RangedFile,
  gone: () => FastifyReply,
): Promise<FastifyReply> {
  const { size, etag } = file
  reply
    .header('Accept-Ranges', 'bytes')
    .header('ETag', etag)
    .header('Last-Modified', file.lastModified.toUTCString())
  const match = req.headers['if-none-match']
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.code(304).send()
  }
  const ifRange = req.headers['if-range']
  const range = ifRange && ifRange !== etag ? null : parseRange(req.headers.range, size)
  if (range === 'unsatisfiable') {
    return reply.code(416).header('Content-Range', `bytes */${size}`).send()
  }
  const stream = await file.open(range ?? undefined)
  if (!stream) return gone()
  if (!range) return reply.header('Content-Length', size).send(stream)
  return reply
    .code(206)
    .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
    .header('Content-Length', range.end - range.start + 1)
    .send(stream)
}
