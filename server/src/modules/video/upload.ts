/**
 * User.Videos.AddVideo (saveAppVideosAdmin): a video streamed to storage (never buffered whole),
 * then told by its content and measured (duration read from the file); refused files are removed
 * before answering, so nothing is left on disk. A file that does not start as an ISO BMFF file is
 * refused at its first bytes.
 */
import { randomBytes } from 'node:crypto'
import { Transform } from 'node:stream'
import type { MultipartFile } from '@fastify/multipart'
import { eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import {
  videoDescriptionError,
  VideoLimits,
  VideoRates,
  VideoText,
  videoTitleError,
  videoTooLong,
} from '@rules/video'
import { UploadVideoFields, type VideoDetail } from '@api/video'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { actionMarks, videos } from '../../db/schema'
import { inTx } from '../../db/tx'
import { lockCaller } from '../../db/users'
import type { Caller } from '../../http/auth'
import { badRequest } from '../../http/errors'
import { checkInput, mergeInput } from '../../http/input'
import { refuseOverRate } from '../../http/rates'
import { receiveUpload, type UploadBody } from '../../http/uploadBody'
import { FileTooLargeError } from '../../services/storage'
import { formFields, storedSource } from '../documents/upload'
import { markAction } from '../social/actionMarks'
import { detailOf } from './detail'
import { probeVideo, type VideoInfo } from './probe'
import {
  coverOf,
  lockOwnAlbum,
  nextAlbumSort,
  requireBook,
  requireChannel,
  requireOwnCover,
  type Cover,
} from './refs'
import { findVideo } from './rows'

/** Room for the multipart framing and the form fields around the file. */
const FRAMING_BYTES = 64 * 1024

const errorCode = (err: unknown): unknown => (err as { code?: unknown }).code
const tooBig = () => badRequest(VideoText.fileTooBig)

/** Stored videos are named `video-<32 hex>` (the format is in the row, not the name). */
export const newVideoFileName = (): string => `video-${randomBytes(16).toString('hex')}`

/** The upload rate counts a reader's uploads in the window (marks: a deleted video still counts). */
const rateSource = {
  table: actionMarks,
  user: actionMarks.userId,
  at: actionMarks.at,
  only: eq(actionMarks.action, 'video_upload'),
}

/**
 * Passes the bytes on, failing at once when the first eight are not an ISO BMFF file's start (a
 * box size, then 'ftyp'); `refused` tells that this was why it failed.
 */
function isoHeadCheck(): Transform & { refused: boolean } {
  let head = Buffer.alloc(0)
  let checked = false
  const check = new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (!checked) {
        head = Buffer.concat([head, chunk]).subarray(0, 8)
        if (head.length >= 8) {
          checked = true
          if (head.toString('latin1', 4, 8) !== 'ftyp') {
            out.refused = true
            return done(new Error('not an ISO BMFF file'))
          }
        }
      }
      done(null, chunk)
    },
  })
  const out = Object.assign(check, { refused: false })
  // It may fail before the storage's pipeline listens (that pipeline still sees the error).
  check.on('error', () => undefined)
  return out
}

interface Fields {
  title: string
  description: string
  channelId: number
  albumId: number | null
  bookId: number | null
  cover: Cover
}

/** The fields checked by the same rules as any call's input, then the video rules. */
async function checkFields(db: Db, req: FastifyRequest, part: MultipartFile): Promise<Fields> {
  const input = checkInput<UploadVideoFields>(
    req,
    UploadVideoFields,
    mergeInput(req.query, formFields(part)),
  )
  const problem = videoTitleError(input.title) ?? videoDescriptionError(input.description ?? '')
  if (problem) throw badRequest(problem)
  const cover = coverOf(input.cover)
  await requireChannel(db, input.channelId)
  if (input.bookId !== undefined) await requireBook(db, input.bookId)
  return {
    title: input.title.trim(),
    description: (input.description ?? '').trim(),
    channelId: input.channelId,
    albumId: input.albumId ?? null,
    bookId: input.bookId ?? null,
    cover,
  }
}

/** Streams the file part to storage under `name`; answers its size. */
async function storeFile(
  app: AppContext,
  body: UploadBody,
  part: MultipartFile,
  name: string,
): Promise<number> {
  const check = isoHeadCheck()
  let size: number
  try {
    size = await body.store(app.storage, name, part, VideoLimits.fileMaxBytes, check)
  } catch (err) {
    if (err instanceof FileTooLargeError || errorCode(err) === 'FST_REQ_FILE_TOO_LARGE') {
      throw tooBig()
    }
    if (check.refused) throw badRequest(VideoText.fileTypeInvalid)
    throw badRequest(VideoText.fileMissing)
  }
  if (part.file.truncated) {
    await app.storage.remove(name)
    throw tooBig()
  }
  return size
}

/** The stored file's facts, or 400 with the rule it breaks. */
async function measure(app: AppContext, name: string, size: number): Promise<VideoInfo> {
  if (size === 0) throw badRequest(VideoText.fileMissing)
  const info = await probeVideo(storedSource(app.storage, name, size))
  if (!info) throw badRequest(VideoText.fileTypeInvalid)
  if (videoTooLong(info.longestMs)) throw badRequest(VideoText.durationTooLong)
  if (info.durationsDisagree) throw badRequest(VideoText.durationInconsistent)
  return info
}

/** The body's part of an upload: the checks before the file, the fields, the file stored. */
async function receiveVideo(
  app: AppContext,
  caller: Caller,
  req: FastifyRequest,
  body: UploadBody,
  name: string,
): Promise<{ fields: Fields; size: number }> {
  if (!req.isMultipart()) throw badRequest(VideoText.fileMissing)
  // A declared length already over the limit is refused before reading any of it.
  const declared = Number(req.headers['content-length'])
  if (declared > VideoLimits.fileMaxBytes + FRAMING_BYTES) throw tooBig()
  // Over the daily number: refused before the file is read (checked again when it is recorded).
  await refuseOverRate(app.db, VideoRates.upload, rateSource, caller.userId, app.clock.now())
  let part: MultipartFile | undefined
  try {
    // One byte more than allowed, so that the storage's own count sees the file is too big.
    part = await body.file({ fileSize: VideoLimits.fileMaxBytes + 1, files: 1 })
  } catch (err) {
    throw errorCode(err) === 'FST_REQ_FILE_TOO_LARGE' ? tooBig() : badRequest(VideoText.fileMissing)
  }
  if (!part || part.fieldname !== 'file') throw badRequest(VideoText.fileMissing)
  const fields = await checkFields(app.db, req, part)
  return { fields, size: await storeFile(app, body, part, name) }
}

export async function uploadVideo(
  app: AppContext,
  caller: Caller,
  req: FastifyRequest,
): Promise<VideoDetail> {
  const { videoMs, stallMs } = app.config.uploadTime
  const name = newVideoFileName()
  const { fields, size } = await receiveUpload(req, { bodyMs: videoMs, stallMs }, (body) =>
    receiveVideo(app, caller, req, body, name),
  )
  let id: number
  try {
    const info = await measure(app, name, size)
    id = await inTx(app.db, async (tx) => {
      await lockCaller(tx, caller.userId)
      const now = app.clock.now()
      // Under the caller's row lock: two uploads at once cannot both take the last place.
      await markAction(tx, caller.userId, 'video_upload', now, VideoRates.upload)
      await requireOwnCover(tx, caller.userId, fields.cover)
      let albumSort = 0
      if (fields.albumId !== null) {
        await lockOwnAlbum(tx, caller.userId, fields.albumId)
        albumSort = await nextAlbumSort(tx, fields.albumId)
      }
      const [row] = await tx
        .insert(videos)
        .values({
          ownerId: caller.userId,
          title: fields.title,
          description: fields.description,
          cover: fields.cover.url,
          durationMs: info.durationMs,
          fileName: name,
          fileSize: size,
          mime: info.mime,
          width: info.width,
          height: info.height,
          channelId: fields.channelId,
          albumId: fields.albumId,
          albumSort,
          bookId: fields.bookId,
          reviewState: 'pending',
          createdAt: new Date(now),
          updatedAt: new Date(now),
        })
        .returning({ id: videos.id })
      return row.id
    })
  } catch (err) {
    await app.storage.remove(name)
    throw err
  }
  return detailOf(app, await findVideo(app.db, id, caller.userId), caller.userId)
}
