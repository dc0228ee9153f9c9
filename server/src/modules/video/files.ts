/**
 * GET /api/video/file?id=N: a video's file (not an API call: the bytes, not an envelope). A
 * published video is served to anyone; one that is not, only to its owner or an operator (the
 * access token in the Authorization header, or the signed address the detail answers them, see
 * fileAccess.ts); anyone else gets 404 as for a missing one. Served
 * with its type, an ETag and Last-Modified, and HTTP ranges (206, 416): players seek by range.
 * A seeded clip is served from the seed assets (its `fileUrl` names them directly).
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { and, eq, type SQL } from 'drizzle-orm'
import { VIDEO_FILE_PATH, VideoText } from '@rules/video'
import type { AppContext } from '../../context'
import { isOperator } from '../../db/operators'
import { videos } from '../../db/schema'
import { authenticate, optionalCaller } from '../../http/auth'
import { sendEnvelope } from '../../http/envelope'
import { sendRanged, type RangedFile } from '../../http/sendRanged'
import { SEED_ASSET_ROOT } from '../common/seedAssets'
import { signedViewer, type SignedQuery } from './fileAccess'
import { visibleTo } from './rows'

const INT_MAX = 2_147_483_647

const etagOf = (key: string): string =>
  `"${createHash('sha256').update(key).digest('hex').slice(0, 24)}"`

interface FileRow {
  fileName: string
  seedAsset: string | null
  updatedAt: Date
}

/** The stored file (a new file gets a new name: its name and size tag it), or null. */
async function fileOf(app: AppContext, row: FileRow): Promise<RangedFile | null> {
  if (row.seedAsset) {
    const file = path.join(SEED_ASSET_ROOT, 'videos', path.basename(row.seedAsset))
    const stat = await fs.promises.stat(file).catch(() => null)
    if (!stat?.isFile()) return null
    return {
      size: stat.size,
      etag: etagOf(`seed:${row.seedAsset}:${stat.size}:${stat.mtimeMs}`),
      lastModified: stat.mtime,
      open: async (range) => fs.createReadStream(file, range ?? {}),
    }
  }
  const size = await app.storage.size(row.fileName)
  if (size === null) return null
  return {
    size,
    etag: etagOf(`${row.fileName}:${size}`),
    lastModified: row.updatedAt,
    open: (range) => app.storage.open(row.fileName, range),
  }
}

export function registerVideoFiles(fastify: FastifyInstance, app: AppContext): void {
  fastify.get<{ Querystring: { id?: string } & SignedQuery }>(
    VIDEO_FILE_PATH,
    async (req, reply) => {
      const notFound = () => sendEnvelope(reply, 'code', 404, null, VideoText.notFound)
      const id = Number(req.query.id)
      if (!Number.isInteger(id) || id < 1 || id > INT_MAX) return notFound()
      // A valid signed address speaks for its user; else the Authorization header, if any.
      const viewerId =
        (await signedViewer(app, id, req.query)) ??
        optionalCaller(await authenticate(app, req))?.userId ??
        null
      const select = (where: SQL) =>
        app.db
          .select({
            fileName: videos.fileName,
            seedAsset: videos.seedAsset,
            mime: videos.mime,
            reviewState: videos.reviewState,
            updatedAt: videos.updatedAt,
          })
          .from(videos)
          .where(where)
      let [row] = await select(and(eq(videos.id, id), visibleTo(viewerId)) as SQL)
      // An operator reviewing it plays any video.
      if (!row && viewerId !== null && (await isOperator(app.db, viewerId))) {
        ;[row] = await select(eq(videos.id, id))
      }
      if (!row) return notFound()
      const file = await fileOf(app, row)
      if (!file) return notFound()
      reply
        .header('Content-Type', row.mime)
        .header(
          'Content-Disposition',
          `inline; filename="video-${id}.${row.mime === 'video/quicktime' ? 'mov' : 'mp4'}"`,
        )
        .header('X-Content-Type-Options', 'nosniff')
        // Revalidated on each use; a video that is not published is never kept by a shared cache.
        .header('Cache-Control', row.reviewState === 'approved' ? 'no-cache' : 'private, no-cache')
      return sendRanged(req, reply, file, notFound)
    },
  )
}
