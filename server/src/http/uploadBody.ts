/**
 * Receiving an upload's multipart body, for every upload route (images, documents, videos, chat
 * files). Every stream gets an error listener the moment it exists, so no failure of a body can
 * end the process. A body that is cut off, takes longer than its time limit or stalls ends the
 * upload at once: its streams are failed (the storage removes the partial file), the client gets
 * 408 in the envelope and the connection is closed after it, or the connection is dropped when
 * the answer is already out. The time limits are ours rather than Node's `requestTimeout` or
 * Fastify's `connectionTimeout`: those are one setting for every request of the server, and answer
 * without the envelope.
 */
import type { IncomingMessage } from 'node:http'
import { pipeline, type Duplex, type Readable, type Stream } from 'node:stream'
import type { MultipartFile } from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { maxUploadBodyMs, type Config } from '../config'
import type { FileStorage } from '../services/storage'
import { AppError } from './errors'
import { handOverBody } from './requestBody'

export const UPLOAD_TIMEOUT_TEXT = '上传超时，请检查网络后重试'
export const UPLOAD_CUT_OFF_TEXT = '上传中断，请重试'

/** How long a body may take; both come from the config (config.uploadTime). */
export interface BodyLimits {
  /** The whole body has arrived within this long of the upload's start... */
  bodyMs: number
  /** ...with no gap longer than this between two pieces of it. */
  stallMs: number
}

/** After a timeout's 408, the connection is dropped this long later if it is still open. */
const CLOSE_AFTER_ANSWER_MS = 2000

const noop = (): void => undefined

/** The multipart parser's limits for one request (file size, number of files, ...). */
type FileLimits = NonNullable<Parameters<FastifyRequest['file']>[0]>['limits']

/** Requests whose upload timed out: their answer closes the connection (registerUploadBodies). */
const timedOut = new WeakSet<IncomingMessage>()

/** One upload's body, from the route's start until the body is whole or the connection gone. */
export class UploadBody {
  /** Rejects with the 408 or the cut-off's 400 when the upload ends before its body is whole. */
  readonly failed: Promise<never>
  private failure: AppError | null = null
  private rejectFailed: (err: AppError) => void = noop
  private readonly streams = new Set<Stream>()
  /**
   * The file is whole, or the route is done with the body (settle): a timeout after this only
   * drops the connection, the upload goes on or has answered.
   */
  private received = false
  private watching = false
  private bodyTimer: NodeJS.Timeout | undefined
  private stallTimer: NodeJS.Timeout | undefined

  constructor(
    private readonly req: FastifyRequest,
    private readonly limits: BodyLimits,
  ) {
    this.failed = new Promise<never>((_, reject) => {
      this.rejectFailed = reject
    })
    this.failed.catch(noop)
    const raw = req.raw
    handOverBody(raw)
    if (raw.complete) return
    this.bodyTimer = setTimeout(() => this.timeOut(), limits.bodyMs)
    this.armStall()
    raw.once('end', this.stopTimers)
    raw.once('close', this.onClose)
  }

  /** The first file part (fields before it in `part.fields`), or undefined when there is none. */
  async file(limits: FileLimits): Promise<MultipartFile | undefined> {
    this.refuseIfFailed()
    // Starts piping the request into the parser (synchronously): progress is watched from now on.
    const pending = this.req.file({ limits })
    this.watchProgress()
    // A part that arrives after the upload failed is failed too.
    pending.then((part) => part && this.track(part.file), noop)
    return await Promise.race([pending, this.failed])
  }

  /** The file part read whole (small files only: images). */
  async toBuffer(part: MultipartFile): Promise<Buffer> {
    this.refuseIfFailed()
    const data = await Promise.race([part.toBuffer(), this.failed])
    this.received = true
    return data
  }

  /**
   * Streams the file part to storage under `name` (at most `maxBytes`), through `through` when
   * given (a check or a counter on the way); answers the size. The storage's error comes back as
   * is (FileTooLargeError, a multipart limit, a broken part), for the route to word.
   */
  async store(
    storage: FileStorage,
    name: string,
    part: MultipartFile,
    maxBytes: number,
    through?: Duplex,
  ): Promise<number> {
    // The parser gave the file up (a body that ended inside it) while the route awaited its own
    // work (the database); piping a destroyed stream would wait for good.
    if (part.file.destroyed) throw part.file.errored ?? new AppError(400, UPLOAD_CUT_OFF_TEXT)
    let source: Readable = part.file
    if (through) {
      this.track(through)
      // A failure on either side fails the other: the storage's pipeline sees it at once.
      pipeline(part.file, through, noop)
      source = through
    }
    this.refuseIfFailed()
    // Not raced with `failed`: a failure fails the streams, so this ends too, without a partial file.
    const size = await storage.putStream(name, source, maxBytes)
    if (this.failure) {
      // The file was whole just as the upload failed: the client has its 408, nothing is kept.
      await storage.remove(name)
      throw this.failure
    }
    this.received = true
    return size
  }

  /**
   * A stream of this upload: its errors are listened to from now on (whoever reads it still sees
   * them), and it is failed when the upload is.
   */
  track<S extends Stream>(stream: S): S {
    stream.on('error', noop)
    this.streams.add(stream)
    if (this.failure) (stream as unknown as Readable).destroy(this.failure)
    return stream
  }

  /**
   * The route is done with the body: what is left of it is read and dropped, so that its answer
   * reaches the client, still within the time limits.
   */
  settle(): void {
    this.received = true
    const raw = this.req.raw
    if (raw.complete || raw.destroyed || this.failure) return
    raw.unpipe()
    this.watchProgress()
    raw.resume()
  }

  private refuseIfFailed(): void {
    if (this.failure) throw this.failure
  }

  private watchProgress(): void {
    if (this.watching) return
    this.watching = true
    // Added once the request is being read: a 'data' listener makes a paused stream flow.
    this.req.raw.on('data', this.armStall)
  }

  private readonly armStall = (): void => {
    clearTimeout(this.stallTimer)
    this.stallTimer = setTimeout(() => this.timeOut(), this.limits.stallMs)
  }

  private readonly stopTimers = (): void => {
    clearTimeout(this.bodyTimer)
    clearTimeout(this.stallTimer)
    this.req.raw.off('data', this.armStall)
  }

  private readonly onClose = (): void => {
    this.stopTimers()
    if (!this.req.raw.complete && !this.received) this.fail(new AppError(400, UPLOAD_CUT_OFF_TEXT))
  }

  private timeOut(): void {
    this.stopTimers()
    // The file and the whole body are here: what takes time now is our own work on them (a probe,
    // the database), which answers.
    if (this.received && this.req.raw.complete) return
    const socket = this.req.raw.socket as IncomingMessage['socket'] | null
    if (this.received || !socket || !socket.writable) {
      socket?.destroy()
      return
    }
    timedOut.add(this.req.raw)
    this.fail(new AppError(408, UPLOAD_TIMEOUT_TEXT))
    // The answer closes the connection; should it not get out, the connection goes anyway.
    const drop = setTimeout(() => socket.destroy(), CLOSE_AFTER_ANSWER_MS)
    socket.once('close', () => clearTimeout(drop))
  }

  private fail(err: AppError): void {
    if (this.failure) return
    this.failure = err
    // The parser reads no more of the request; every stream of the upload ends with the error.
    this.req.raw.unpipe()
    for (const stream of this.streams) (stream as unknown as Readable).destroy(err)
    this.rejectFailed(err)
  }
}

/**
 * Runs an upload route's `work` over its body within `limits`: answers what `work` answers, or
 * rejects with the 408 (or the cut-off's 400) as soon as the body fails, whatever `work` waits on.
 */
export async function receiveUpload<T>(
  req: FastifyRequest,
  limits: BodyLimits,
  work: (body: UploadBody) => Promise<T>,
): Promise<T> {
  const body = new UploadBody(req, limits)
  try {
    return await Promise.race([work(body), body.failed])
  } finally {
    body.settle()
  }
}

/**
 * Answers to timed-out uploads close their connection; at start, partial files (`*.part`) older
 * than the longest body limit are removed (left by a process that ended mid-upload).
 */
export function registerUploadBodies(
  fastify: FastifyInstance,
  app: { config: Config; storage: FileStorage; clock: { now(): number } },
): void {
  fastify.addHook('onSend', async (req, reply, payload) => {
    if (timedOut.has(req.raw)) reply.header('connection', 'close')
    return payload
  })
  fastify.addHook('onReady', async () => {
    await app.storage.removePartials(new Date(app.clock.now() - maxUploadBodyMs(app.config)))
  })
}
