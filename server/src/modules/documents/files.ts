/**
 * GET /api/documents/file?id=N: a document's file (not an API call: the bytes, not an envelope).
 * A public document is served to anyone; one that is not, only to its owner (the access token in
 * the Authorization header, as for every call); anyone else gets 404 as for a missing one.
 * Served inline with its type, an ETag and Last-Modified, and HTTP ranges (206, 416): the PDF
 * reader fetches pages by range. Sandboxed (http/fileSandbox.ts): a PDF's scripts never run.
 */
import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { and, eq } from 'drizzle-orm'
import { DOCUMENT_FILE_PATH, DocumentText, type DocumentFileType } from '@rules/documents'
import type { AppContext } from '../../context'
import { documents } from '../../db/schema'
import { authenticate, optionalCaller } from '../../http/auth'
import { sendEnvelope } from '../../http/envelope'
import { sandboxFile } from '../../http/fileSandbox'
import { sendRanged } from '../../http/sendRanged'
import { isPublicRow, readableBy } from './rows'

export const DOCUMENT_MIME: Record<DocumentFileType, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
}

const INT_MAX = 2_147_483_647

/** RFC 5987 encoding of a file name (filename*=UTF-8''...). */
const encodeName = (name: string): string =>
  encodeURIComponent(name).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  )

/** The file name a browser saves it as: the title (without path characters) and the format. */
function disposition(id: number, title: string, type: DocumentFileType): string {
  const base = title.replace(/[\\/:*?"<>|\r\n\t]+/g, ' ').trim() || `document-${id}`
  return `inline; filename="document-${id}.${type}"; filename*=UTF-8''${encodeName(`${base}.${type}`)}`
}

export function registerDocumentFiles(fastify: FastifyInstance, app: AppContext): void {
  fastify.get<{ Querystring: { id?: string } }>(DOCUMENT_FILE_PATH, async (req, reply) => {
    const notFound = () => sendEnvelope(reply, 'code', 404, null, DocumentText.notFound)
    const id = Number(req.query.id)
    if (!Number.isInteger(id) || id < 1 || id > INT_MAX) return notFound()
    const caller = optionalCaller(await authenticate(app, req))
    const [doc] = await app.db
      .select({
        fileName: documents.fileName,
        fileType: documents.fileType,
        title: documents.title,
        ownerId: documents.ownerId,
        contributed: documents.contributed,
        reviewState: documents.reviewState,
        updatedAt: documents.updatedAt,
      })
      .from(documents)
      .where(and(eq(documents.id, id), readableBy(caller?.userId ?? null)))
    if (!doc) return notFound()
    const size = await app.storage.size(doc.fileName)
    if (size === null) return notFound()

    // A stored file never changes (a new file gets a new name): its name and size tag it.
    const etag = `"${createHash('sha256').update(`${doc.fileName}:${size}`).digest('hex').slice(0, 24)}"`
    sandboxFile(reply)
      .header('Content-Type', DOCUMENT_MIME[doc.fileType])
      .header('Content-Disposition', disposition(id, doc.title, doc.fileType))
      .header('X-Content-Type-Options', 'nosniff')
      // Revalidated on each use; a document that is not public is never kept by a shared cache.
      .header('Cache-Control', isPublicRow(doc) ? 'no-cache' : 'private, no-cache')
    return sendRanged(
      req,
      reply,
      {
        size,
        etag,
        lastModified: doc.updatedAt,
        open: (range) => app.storage.open(doc.fileName, range),
      },
      notFound,
    )
  })
}
