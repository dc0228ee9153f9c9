import { randomBytes } from 'node:crypto'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context'
import { sendEnvelope } from '../../http/envelope'
import { MIME_BY_EXT } from './imageType'
import { tipSoundWav } from './tipSound'
import { isUploadName } from './uploadNames'

/** The body of GET /speedtest.bin: the client times this download at start. */
const SPEEDTEST_BYTES = randomBytes(32 * 1024)
const TIP_SOUND = tipSoundWav()

export function registerFileRoutes(fastify: FastifyInstance, app: AppContext): void {
  fastify.get('/speedtest.bin', async (_req, reply) =>
    reply
      .header('Cache-Control', 'no-store')
      .type('application/octet-stream')
      .send(SPEEDTEST_BYTES),
  )

  fastify.get('/chat-tip.wav', async (_req, reply) =>
    reply.header('Cache-Control', 'public, max-age=86400').type('audio/wav').send(TIP_SOUND),
  )

  fastify.get<{ Params: { name: string } }>('/uploads/:name', async (req, reply) => {
    const { name } = req.params
    const stream = isUploadName(name) ? await app.storage.open(name) : null
    if (!stream) return sendEnvelope(reply, 'ret', 404, null, '文件不存在')
    const ext = path.extname(name).slice(1) as keyof typeof MIME_BY_EXT
    return reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .type(MIME_BY_EXT[ext])
      .send(stream)
  })
}
