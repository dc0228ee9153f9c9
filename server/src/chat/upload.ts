/** Chat uploads: any file up to 100 MB, streamed to storage, refused with 7005 beyond. */
import type { MultipartFile } from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import type { ChatUploadRes } from '@api/chat'
import { ChatErrors, ChatLimits } from '@rules/chat'
import type { AppContext } from '../context'
import { chatFiles } from '../db/schema'
import type { Caller } from '../http/auth'
import { badRequest } from '../http/errors'
import { FileTooLargeError } from '../services/storage'
import { chatError } from './errors'
import { CHAT_FILE_URL_PREFIX, newChatFileName, storedName } from './fileNames'

const INVALID_TEXT = '请上传有效的文件'
const EMPTY_TEXT = '文件不能为空'
/** Room for the multipart framing around the file. */
const FRAMING_BYTES = 64 * 1024

const tooBig = () => chatError(ChatErrors.fileTooBig)
const errorCode = (err: unknown): unknown => (err as { code?: unknown }).code

export async function uploadChatFile(
  app: AppContext,
  caller: Caller,
  req: FastifyRequest,
): Promise<ChatUploadRes> {
  if (!req.isMultipart()) throw badRequest(INVALID_TEXT)
  // A declared length already over the limit is refused before reading any of it.
  const declared = Number(req.headers['content-length'])
  if (declared > ChatLimits.fileMaxBytes + FRAMING_BYTES) throw tooBig()
  let part: MultipartFile | undefined
  try {
    // One byte more than allowed, so that the storage's own count sees the file is too big.
    part = await req.file({ limits: { fileSize: ChatLimits.fileMaxBytes + 1, files: 1 } })
  } catch (err) {
    throw errorCode(err) === 'FST_REQ_FILE_TOO_LARGE' ? tooBig() : badRequest(INVALID_TEXT)
  }
  if (!part || part.fieldname !== 'file') throw badRequest(INVALID_TEXT)
  const name = newChatFileName(part.filename)
  let size: number
  try {
    size = await app.storage.putStream(storedName(name), part.file, ChatLimits.fileMaxBytes)
  } catch (err) {
    if (err instanceof FileTooLargeError || errorCode(err) === 'FST_REQ_FILE_TOO_LARGE') {
      throw tooBig()
    }
    throw badRequest(INVALID_TEXT)
  }
  if (part.file.truncated) {
    await app.storage.remove(storedName(name))
    throw tooBig()
  }
  if (size === 0) {
    await app.storage.remove(storedName(name))
    throw badRequest(EMPTY_TEXT)
  }
  const originalName = part.filename.slice(0, 255)
  await app.db.insert(chatFiles).values({
    userId: caller.userId,
    name,
    originalName,
    size,
    createdAt: new Date(app.clock.now()),
  })
  return { url: `${CHAT_FILE_URL_PREFIX}${name}`, size, name: originalName }
}
