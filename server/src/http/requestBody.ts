/**
 * A time limit for every request body that is not an upload's (JSON, forms, a body no route reads):
 * config.requestBodyMs from the request's start. Without it a client announcing 1,000 bytes and
 * sending 5 keeps its connection, and a file descriptor, for good (Fastify's own timeouts are off).
 * A body still being parsed when the limit passes is failed: the client gets 408 in the envelope
 * and the connection is closed after it. Any other body still arriving then (one left unread after
 * the answer, or while a handler runs) ends with its connection. Upload routes hand the body over
 * to uploadBody.ts, whose limits are per kind.
 */
import type { IncomingMessage } from 'node:http'
import { PassThrough, type Readable } from 'node:stream'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { AppError } from './errors'

export const REQUEST_TIMEOUT_TEXT = '请求超时，请检查网络后重试'

/** After the 408, the connection is dropped this long later if it is still open. */
const CLOSE_AFTER_ANSWER_MS = 2000

interface Watch {
  timer: NodeJS.Timeout
  /** The stream Fastify's body parser reads (see the preParsing hook), while it does. */
  parsing: PassThrough | null
  timedOut: boolean
}

const watches = new WeakMap<IncomingMessage, Watch>()

const announcesBody = (raw: IncomingMessage): boolean =>
  Number(raw.headers['content-length']) > 0 || raw.headers['transfer-encoding'] !== undefined

/** A request over a connection (app.inject's have none: their body is there at once). */
const overSocket = (raw: IncomingMessage): boolean =>
  typeof (raw.socket as Partial<IncomingMessage['socket']> | null)?.destroy === 'function'

const isMultipart = (raw: IncomingMessage): boolean =>
  (raw.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/')

/** An upload route takes the body over (uploadBody.ts): this limit no longer applies to it. */
export function handOverBody(raw: IncomingMessage): void {
  const watch = watches.get(raw)
  if (!watch) return
  clearTimeout(watch.timer)
  watches.delete(raw)
}

/**
 * The parser gave up on the body (too large): what is left of it is read from the request alone
 * (drainBody.ts), the parser's stream no longer holding it back.
 */
export function stopParsing(raw: IncomingMessage): void {
  const watch = watches.get(raw)
  if (!watch?.parsing) return
  raw.unpipe(watch.parsing)
  watch.parsing = null
}

/** True when this request's body ran out of time (its answer closes the connection). */
export const bodyTimedOut = (raw: IncomingMessage): boolean => watches.get(raw)?.timedOut === true

function timeOut(raw: IncomingMessage, reply: FastifyReply, watch: Watch): void {
  // The body is all here: what takes time is our own work on it, which answers.
  if (raw.complete) return
  watch.timedOut = true
  const socket = raw.socket as IncomingMessage['socket'] | null
  if (!socket) return
  if (!watch.parsing || reply.raw.headersSent || !socket.writable) {
    socket.destroy()
    return
  }
  // Fastify's parser sees the error and answers it through the error handler (408, envelope).
  raw.unpipe(watch.parsing)
  watch.parsing.destroy(new AppError(408, REQUEST_TIMEOUT_TEXT))
  const drop = setTimeout(() => socket.destroy(), CLOSE_AFTER_ANSWER_MS)
  socket.once('close', () => clearTimeout(drop))
}

/** The parser reads this instead of the request, so that a timeout can fail it alone. */
function parsingStream(raw: Readable & IncomingMessage): PassThrough {
  const pass = new PassThrough()
  const fail = (err?: Error) => {
    if (!raw.complete) pass.destroy(err ?? new Error('aborted'))
  }
  raw.once('error', fail)
  raw.once('close', () => fail())
  raw.pipe(pass)
  return pass
}

export function registerRequestBodies(fastify: FastifyInstance, bodyMs: number): void {
  fastify.addHook('onRequest', (req, reply, done) => {
    const raw = req.raw
    if (!raw.complete && announcesBody(raw) && overSocket(raw)) {
      const watch: Watch = {
        timer: setTimeout(() => timeOut(raw, reply, watch), bodyMs),
        parsing: null,
        timedOut: false,
      }
      watches.set(raw, watch)
      const stop = () => clearTimeout(watch.timer)
      raw.once('end', stop)
      raw.once('close', stop)
    }
    done()
  })
  fastify.addHook('preParsing', (req, _reply, payload, done) => {
    const watch = watches.get(req.raw)
    // Multipart is read by its route from the request itself (uploads), or not at all.
    if (!watch || req.raw.complete || payload !== req.raw || isMultipart(req.raw)) {
      return done(null, payload)
    }
    watch.parsing = parsingStream(req.raw)
    done(null, watch.parsing)
  })
  fastify.addHook('onSend', async (req, reply, payload) => {
    if (bodyTimedOut(req.raw)) reply.header('connection', 'close')
    return payload
  })
}
