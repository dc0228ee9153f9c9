/**
 * User.UserDocument.AddDoc: a document streamed to storage (never buffered whole), then told by
 * its content; refused files are removed before answering, so nothing is left on disk.
 */
import { randomBytes } from 'node:crypto'
import type { Multipart, MultipartFile } from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import {
  documentIntroError,
  DocumentLimits,
  DocumentRates,
  DocumentText,
  documentTitleError,
  type DocumentFileType,
} from '@rules/documents'
import { UploadDocumentFields, type DocumentDetail } from '@api/documents'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { documents } from '../../db/schema'
import { inTx } from '../../db/tx'
import { lockCaller } from '../../db/users'
import type { Caller } from '../../http/auth'
import { badRequest } from '../../http/errors'
import { checkInput, mergeInput } from '../../http/input'
import { refuseOverRate } from '../../http/rates'
import { receiveUpload, type UploadBody } from '../../http/uploadBody'
import { FileTooLargeError, type FileStorage } from '../../services/storage'
import { docDetail, requireCategory } from './rows'
import { PdfPageCounter, sniffDocument, type ByteSource } from './sniff'

/** Room for the multipart framing and the form fields around the file. */
const FRAMING_BYTES = 64 * 1024

const errorCode = (err: unknown): unknown => (err as { code?: unknown }).code
const tooBig = () => badRequest(DocumentText.fileTooBig)

/** Stored documents are named `doc-<32 hex>` (the format is in the row, not the name). */
export const newDocumentFileName = (): string => `doc-${randomBytes(16).toString('hex')}`

/** A stored file read in pieces (the sniffer's random access). */
export function storedSource(storage: FileStorage, name: string, size: number): ByteSource {
  return {
    size,
    async read(start, length) {
      const end = Math.min(size, start + length) - 1
      if (start < 0 || end < start) return Buffer.alloc(0)
      const stream = await storage.open(name, { start, end })
      if (!stream) throw new Error(`stored file ${name} is missing`)
      const chunks: Buffer[] = []
      for await (const chunk of stream) chunks.push(chunk as Buffer)
      return Buffer.concat(chunks)
    },
  }
}

/** The text values of the form fields that came before the file. */
export function formFields(part: MultipartFile): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(part.fields)) {
    const field = (Array.isArray(value) ? value[0] : value) as Multipart | undefined
    if (field && field.type === 'field' && typeof field.value === 'string') out[name] = field.value
  }
  return out
}

interface Fields {
  title: string
  categoryId: number
  intro: string
}

/** The fields checked by the same rules as any call's input, then the documents' own rules. */
async function checkFields(db: Db, req: FastifyRequest, part: MultipartFile): Promise<Fields> {
  const input = checkInput<UploadDocumentFields>(
    req,
    UploadDocumentFields,
    mergeInput(req.query, formFields(part)),
  )
  const problem = documentTitleError(input.title) ?? documentIntroError(input.intro ?? '')
  if (problem) throw badRequest(problem)
  await requireCategory(db, input.categoryId)
  return {
    title: input.title.trim(),
    categoryId: input.categoryId,
    intro: (input.intro ?? '').trim(),
  }
}

const rateSource = {
  table: documents,
  user: documents.ownerId,
  at: documents.createdAt,
}

/** Streams the file part to storage under `name`, counting PDF pages on the way. */
async function storeFile(
  app: AppContext,
  body: UploadBody,
  part: MultipartFile,
  name: string,
): Promise<{ size: number; pages: number }> {
  const counter = new PdfPageCounter()
  let size: number
  try {
    size = await body.store(app.storage, name, part, DocumentLimits.fileMaxBytes, counter)
  } catch (err) {
    if (err instanceof FileTooLargeError || errorCode(err) === 'FST_REQ_FILE_TOO_LARGE') {
      throw tooBig()
    }
    throw badRequest(DocumentText.fileInvalid)
  }
  if (part.file.truncated) {
    await app.storage.remove(name)
    throw tooBig()
  }
  return { size, pages: counter.pages }
}

/** The body's part of an upload: the checks before the file, the fields, the file stored. */
async function receiveDocument(
  app: AppContext,
  caller: Caller,
  req: FastifyRequest,
  body: UploadBody,
  name: string,
): Promise<{ fields: Fields; size: number; pages: number }> {
  if (!req.isMultipart()) throw badRequest(DocumentText.fileInvalid)
  // A declared length already over the limit is refused before reading any of it.
  const declared = Number(req.headers['content-length'])
  if (declared > DocumentLimits.fileMaxBytes + FRAMING_BYTES) throw tooBig()
  // Over the daily number: refused before the file is read (checked again when it is recorded).
  await refuseOverRate(app.db, DocumentRates.upload, rateSource, caller.userId, app.clock.now())
  let part: MultipartFile | undefined
  try {
    // One byte more than allowed, so that the storage's own count sees the file is too big.
    part = await body.file({ fileSize: DocumentLimits.fileMaxBytes + 1, files: 1 })
  } catch (err) {
    throw errorCode(err) === 'FST_REQ_FILE_TOO_LARGE'
      ? tooBig()
      : badRequest(DocumentText.fileInvalid)
  }
  if (!part || part.fieldname !== 'file') throw badRequest(DocumentText.fileInvalid)
  const fields = await checkFields(app.db, req, part)
  return { fields, ...(await storeFile(app, body, part, name)) }
}

export async function uploadDocument(
  app: AppContext,
  caller: Caller,
  req: FastifyRequest,
): Promise<DocumentDetail> {
  const { documentMs, stallMs } = app.config.uploadTime
  const name = newDocumentFileName()
  const { fields, size, pages } = await receiveUpload(
    req,
    { bodyMs: documentMs, stallMs },
    (body) => receiveDocument(app, caller, req, body, name),
  )
  let id: number
  try {
    if (size === 0) throw badRequest(DocumentText.fileInvalid)
    const type: DocumentFileType | null = await sniffDocument(storedSource(app.storage, name, size))
    if (!type) throw badRequest(DocumentText.fileTypeInvalid)
    id = await inTx(app.db, async (tx) => {
      await lockCaller(tx, caller.userId)
      const now = app.clock.now()
      // Under the caller's row lock: two uploads at once cannot both take the last place.
      await refuseOverRate(tx, DocumentRates.upload, rateSource, caller.userId, now)
      const [row] = await tx
        .insert(documents)
        .values({
          ownerId: caller.userId,
          categoryId: fields.categoryId,
          title: fields.title,
          intro: fields.intro,
          fileName: name,
          fileType: type,
          fileSize: size,
          pageCount: type === 'pdf' ? pages : 0,
          contributed: false,
          createdAt: new Date(now),
          updatedAt: new Date(now),
        })
        .returning({ id: documents.id })
      return row.id
    })
  } catch (err) {
    await app.storage.remove(name)
    throw err
  }
  return docDetail(app.db, id, caller.userId)
}
