import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { sendEnvelope } from '../../http/envelope'

/**
 * The demo periodicals', documents' and videos' files, committed under server/seed/assets/<folder>
 * (scripts/make-periodicals.mjs, scripts/make-videos.mjs): issue covers, article illustrations,
 * newspaper page images, document thumbnails, and the video clips (MP4) with their covers. The
 * PDFs beside the thumbnails are not served here (the documents module serves documents from
 * storage).
 */
export const SEED_ASSET_ROOT = path.resolve(__dirname, '../../../seed/assets')

export const SEED_ASSET_FOLDERS = ['magazines', 'newspapers', 'documents', 'videos'] as const
export type SeedAssetFolder = (typeof SEED_ASSET_FOLDERS)[number]

const ASSET_NAME = /^[a-z0-9][a-z0-9-]{0,60}\.(jpg|png|mp4)$/

/** URL path of a seed image or clip. */
export const seedAssetUrl = (folder: SeedAssetFolder, name: string): string =>
  `/api/seed-assets/${folder}/${name}`

const MAX_AGE_MS = 24 * 60 * 60 * 1000

/**
 * GET /api/seed-assets/<folder>/<name>: only the images and clips present in the folders at start
 * (no paths, no dot files, no other types); anything else is the API's 404 envelope. Uses the
 * reply.sendFile of the @fastify/static registered by the SPA routes (serve: false), which answers
 * HEAD, conditional requests and one byte range (206, 416: a video element seeks by range) with
 * the type by extension (video/mp4).
 */
export function registerSeedAssets(fastify: FastifyInstance, root = SEED_ASSET_ROOT): void {
  const served = new Map<string, Set<string>>()
  for (const folder of SEED_ASSET_FOLDERS) {
    const dir = path.join(root, folder)
    const names = fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => ASSET_NAME.test(n)) : []
    served.set(folder, new Set(names))
  }
  fastify.get<{ Params: { folder: string; name: string } }>(
    '/api/seed-assets/:folder/:name',
    async (req, reply) => {
      const { folder, name } = req.params
      if (!ASSET_NAME.test(name) || !served.get(folder)?.has(name)) {
        return sendEnvelope(reply, 'code', 404, null, '文件不存在')
      }
      return reply
        .header('X-Content-Type-Options', 'nosniff')
        .sendFile(name, path.join(root, folder), { maxAge: MAX_AGE_MS })
    },
  )
}
