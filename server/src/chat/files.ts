import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context'
import { sendEnvelope } from '../http/envelope'
import { sandboxFile } from '../http/fileSandbox'
import { parseRange } from '../http/range'
import { isChatFileName, storedName } from './fileNames'

/** Types shown inline (images, audio, video, PDF); anything else downloads as an attachment. */
const INLINE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  pdf: 'application/pdf',
}

/** GET /uploads/chat/<name>: the chat files (immutable: names are random). */
export function registerChatFiles(fastify: FastifyInstance, app: AppContext): void {
  fastify.get<{ Params: { name: string } }>('/uploads/chat/:name', async (req, reply) => {
    const { name } = req.params
    const stored = storedName(name)
    const size = isChatFileName(name) ? await app.storage.size(stored) : null
    if (size === null) return sendEnvelope(reply, 'ret', 404, null, '文件不存在')
    const type = INLINE_TYPES[path.extname(name).slice(1)]
    if (!type) reply.header('Content-Disposition', 'attachment')
    // Chat files are not checked by content (a .png may hold anything): each is sandboxed when
    // opened as a page, which leaves an image, a sound or a video in the chat as it was.
    sandboxFile(reply)
    reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Accept-Ranges', 'bytes')
      .type(type ?? 'application/octet-stream')
    // Video and audio players seek with ranges (Safari will not play a video without them).
    const range = parseRange(req.headers.range, size)
    if (range === 'unsatisfiable') {
      return reply.code(416).header('Content-Range', `bytes */${size}`).send()
    }
    const stream = await app.storage.open(stored, range ?? undefined)
    if (!stream) return sendEnvelope(reply, 'ret', 404, null, '文件不存在')
    if (!range) return reply.header('Content-Length', size).send(stream)
    return reply
      .code(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
      .header('Content-Length', range.end - range.start + 1)
      .send(stream)
  })
}
