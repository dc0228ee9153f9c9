import type { MultipartFile } from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import { Limits } from '@rules/limits'
import type { UploadRes } from '@api/common'
import type { AppContext } from '../../context'
import { uploads } from '../../db/schema'
import type { Caller } from '../../http/auth'
import { badRequest, tooMany } from '../../http/errors'
import { keepUpload, overDailyQuota } from '../../http/keepUpload'
import { receiveUpload, type UploadBody } from '../../http/uploadBody'
import { sniffImage } from './imageType'
import { QUOTA_TEXT, TOO_BIG_TEXT, usedToday } from './uploadQuota'
import { newUploadName, UPLOAD_URL_PREFIX } from './uploadNames'

const INVALID_TEXT = '请上传有效的图片文件'

const errorCode = (err: unknown): unknown => (err as { code?: unknown }).code

/** The `file` field of a multipart request, read whole (at most 5 MB). */
async function readFilePart(body: UploadBody, req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw badRequest(INVALID_TEXT)
  let part: MultipartFile | undefined
  try {
    part = await body.file({ fileSize: Limits.avatarMaxBytes, files: 1 })
  } catch (err) {
    throw badRequest(errorCode(err) === 'FST_REQ_FILE_TOO_LARGE' ? TOO_BIG_TEXT : INVALID_TEXT)
  }
  if (!part || part.fieldname !== 'file') throw badRequest(INVALID_TEXT)
  let data: Buffer
  try {
    data = await body.toBuffer(part)
  } catch (err) {
    if (errorCode(err) === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(TOO_BIG_TEXT)
    throw badRequest(INVALID_TEXT)
  }
  // Whether the limit throws depends on when the stream hits it; a cut-off file is refused anyway.
  if (part.file.truncated || data.length > Limits.avatarMaxBytes) throw badRequest(TOO_BIG_TEXT)
  return data
}

export async function uploadImage(
  app: AppContext,
  caller: Caller,
  req: FastifyRequest,
): Promise<UploadRes> {
  const { imageMs, stallMs } = app.config.uploadTime
  const data = await receiveUpload(req, { bodyMs: imageMs, stallMs }, (body) =>
    readFilePart(body, req),
  )
  const type = sniffImage(data)
  if (!type || data.length === 0) throw badRequest(INVALID_TEXT)
  const name = newUploadName(type.ext)
  await app.storage.put(name, data)
  await keepUpload(app, caller.userId, name, async (tx, now) => {
    const used = await usedToday(tx, caller.userId, now)
    if (overDailyQuota(used, app.config.uploads, data.length)) throw tooMany(QUOTA_TEXT)
    await tx.insert(uploads).values({
      userId: caller.userId,
      name,
      mime: type.mime,
      size: data.length,
      createdAt: new Date(now),
    })
  })
  return { url: `${UPLOAD_URL_PREFIX}${name}`, size: data.length, mime: type.mime }
}
