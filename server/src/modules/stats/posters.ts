import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { sendEnvelope } from '../../http/envelope'

/** The committed banner images (server/seed/assets/posters). */
export const POSTER_DIR = path.resolve(__dirname, '../../../seed/assets/posters')

/** URL path of a poster image by file name. */
export const posterImageUrl = (file: string): string => `/api/posters/${file}`

const POSTER_NAME = /^[a-z0-9][a-z0-9-]{0,40}\.png$/

/**
 * GET /api/posters/<file>.png: the banner images. Only names of the folder's PNGs at start are
 * served (no paths, no dot files); anything else is the API's 404 envelope. Needs @fastify/static's
 * reply.sendFile (registered with `serve: false` by the SPA routes).
 */
export function registerPosterImages(fastify: FastifyInstance): void {
  const names = new Set(
    fs.existsSync(POSTER_DIR)
      ? fs.readdirSync(POSTER_DIR).filter((name) => POSTER_NAME.test(name))
      : [],
  )
  fastify.get<{ Params: { name: string } }>('/api/posters/:name', async (req, reply) => {
    const { name } = req.params
    if (!POSTER_NAME.test(name) || !names.has(name)) {
      return sendEnvelope(reply, 'code', 404, null, '文件不存在')
    }
    return reply
      .header('X-Content-Type-Options', 'nosniff')
      .sendFile(name, POSTER_DIR, { maxAge: 24 * 60 * 60 * 1000 })
  })
}
