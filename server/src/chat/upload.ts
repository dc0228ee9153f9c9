/**
 * Chat uploads: any file up to 100 MB, streamed to storage, refused with 7005 beyond; counted in
 * the reader's daily chat-file quota (config.chatUploads), 429 with the quota's text beyond it.
 */
import type { MultipartFile } from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import type { ChatUploadRes } from '@api/chat'
import { ChatErrors, ChatLimits } from '@rules/chat'
import type { AppContext } from '../context'
import { chatFiles } from '../db/schema'
import type { Caller } from '../http/auth'
import { badRequest, tooMany } from '../http/errors'
import { keepUpload, overDailyQuota } from '../http/keepUpload'
import { receiveUpload, type UploadBody } from '../http/uploadBody'
import { chatFilesToday, QUOTA_TEXT } from '../modules/common/uploadQuota'
import { FileTooLargeError } from '../services/storage'
import { chatError } from './errors'
import { CHAT_FILE_URL_PREFIX, newChatFileName, storedName } from './fileNames'

const INVALID_TEXT = '请上传有效的文件'
const EMPTY_TEXT = '文件不能为空'
/** Room for the multipart framing around the file. */
const FRAMING_BYTES = 64 * 1024

const tooBig = () => chatError(ChatErrors.fileTooBig)
const overQuota = () => tooMany(QUOTA_TEXT)
const errorCode = (err: unknown): unknown => (err as { code?: unknown }).code

/** What the reader may still upload today: files, and bytes (at most one file's limit). */
async function quotaLeft(
  app: AppContext,
  userId: number,
): Promise<{ files: number; bytes: number }> {
  const used = await chatFilesToday(app.db, userId, app.clock.now())
  const { dailyMaxFiles, dailyMaxBytes } = app.config.chatUploads
  return { files: dailyMaxFiles - used.files, bytes: dailyMaxBytes - used.bytes }
}

/** Streams the file part to storage; answers its stored name, original name and size. */
async function receiveFile(
  app: AppContext,
  body: UploadBody,
  bytesLeft: number,
): Promise<{ name: string; originalName: string; size: number }> {
  let part: MultipartFile | undefined
  const maxBytes = Math.min(ChatLimits.fileMaxBytes, bytesLeft)
  try {
    // One byte more than allowed, so that the storage's own count sees the file is too big.
    part = await body.file({ fileSize: maxBytes + 1, files: 1 })
  } catch (err) {
    throw errorCode(err) === 'FST_REQ_FILE_TOO_LARGE' ? tooBig() : badRequest(INVALID_TEXT)
  }
  if (!part || part.fieldname !== 'file') throw badRequest(INVALID_TEXT)
  const name = newChatFileName(part.filename)
  let size: number
  try {
    size = await body.store(app.storage, storedName(name), part, maxBytes)
  } catch (err) {
    if (err instanceof FileTooLargeError || errorCode(err) === 'FST_REQ_FILE_TOO_LARGE') {
      // Over what is left of the day's bytes but within a file's limit: the quota says no.
      throw maxBytes < ChatLimits.fileMaxBytes ? overQuota() : tooBig()
    }
    throw badRequest(INVALID_TEXT)
  }
  if (part.file.truncated || size === 0) {
    await app.storage.remove(storedName(name))
    throw part.file.truncated ? tooBig() : badRequest(EMPTY_TEXT)
  }
  return { name, originalName: [...part.filename].slice(0, 255).join(''), size }
}

export async function uploadChatFile(
  app: AppContext,
  caller: Caller,
  req: FastifyRequest,
): Promise<ChatUploadRes> {
  const { chatMs, stallMs } = app.config.uploadTime
  const file = await receiveUpload(req, { bodyMs: chatMs, stallMs }, async (body) => {
    if (!req.isMultipart()) throw badRequest(INVALID_TEXT)
    // A declared length already over the limit is refused before reading any of it.
    const declared = Number(req.headers['content-length'])
    if (declared > ChatLimits.fileMaxBytes + FRAMING_BYTES) throw tooBig()
    const left = await quotaLeft(app, caller.userId)
    if (left.files < 1 || left.bytes < 1 || declared > left.bytes + FRAMING_BYTES) {
      throw overQuota()
    }
    return receiveFile(app, body, left.bytes)
  })
  await keepUpload(app, caller.userId, storedName(file.name), async (tx, now) => {
    // Counted again under the caller's row lock: two uploads at once cannot both take the rest.
    const used = await chatFilesToday(tx, caller.userId, now)
    if (overDailyQuota(used, app.config.chatUploads, file.size)) throw overQuota()
    await tx.insert(chatFiles).values({
      userId: caller.userId,
      name: file.name,
      originalName: file.originalName,
      size: file.size,
      createdAt: new Date(now),
    })
  })
  return { url: `${CHAT_FILE_URL_PREFIX}${file.name}`, size: file.size, name: file.originalName }
}
