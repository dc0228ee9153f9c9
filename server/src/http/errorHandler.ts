import type { Socket } from 'node:net'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { CONTROL_CHARS_TEXT } from '@rules/validate'
import { drainBody } from './drainBody'
import { sendEnvelope, styleOf } from './envelope'
import { AppError } from './errors'
import { refusedForControlChars } from './inputGuard'
import { bodyTimedOut, stopParsing } from './requestBody'
import { hasBadEscapes } from './utf8Input'

interface Mapped {
  code: number
  msg: string
  data?: unknown
}

/** Messages for Fastify's own 4xx errors (body parsing, limits). */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: '请求内容过大',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求格式',
  FST_ERR_CTP_INVALID_JSON_BODY: '请求数据不是有效的JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求数据为空',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求长度不正确',
  FST_ERR_VALIDATION: '请求参数不正确',
}

/** Unique-key races (two sign-ups with one number at once) end as a conflict, not a 500. */
function databaseConflict(err: unknown): boolean {
  let current: unknown = err
  for (let depth = 0; current && depth < 4; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

export function mapError(err: unknown, req: FastifyRequest): Mapped {
  // A handler may turn the guard's refusal (thrown while it reads a multipart body) into its own.
  if (refusedForControlChars(req)) return { code: 400, msg: CONTROL_CHARS_TEXT }
  if (err instanceof AppError) {
    if (err.detail) req.log.warn({ detail: err.detail, code: err.code }, err.message)
    return { code: err.code, msg: err.message, data: err.data }
  }
  if (databaseConflict(err)) {
    req.log.warn({ err }, 'unique conflict')
    return { code: 409, msg: '操作冲突，请重试' }
  }
  const fastifyError = err as Partial<FastifyError>
  const status = fastifyError.statusCode
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const known = fastifyError.code ? FRAMEWORK_MESSAGES[fastifyError.code] : undefined
    if (!known && err instanceof SyntaxError) return { code: 400, msg: '请求数据不是有效的JSON' }
    return { code: status, msg: known ?? '请求格式错误' }
  }
  req.log.error({ err }, 'unhandled error')
  return { code: 500, msg: '系统错误' }
}

/** One place turns every failure into an envelope; stack traces stay in the log. */
export function registerErrorHandler(fastify: FastifyInstance): void {
  fastify.setErrorHandler(async (err, req, reply) => {
    const { code, msg, data } = mapError(err, req)
    // Fastify closes the connection after a body it refused unread: read the rest first (not a
    // body that ran out of time: that one is not coming).
    if (reply.getHeader('connection') === 'close' && !bodyTimedOut(req.raw)) {
      stopParsing(req.raw)
      await drainBody(req.raw)
    }
    return sendEnvelope(reply, styleOf(req.url), code, data ?? null, msg)
  })
}

/**
 * Fastify's router refusals, answered before any hook: a path whose escapes do not decode (a lone
 * surrogate's bytes, %ED%A0%80, or a stray %) and a path parameter over its length.
 */
export function answerFrameworkError(
  err: FastifyError,
  req: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH'
  const msg = tooLong
    ? '请求地址过长'
    : hasBadEscapes(req.url)
      ? CONTROL_CHARS_TEXT
      : '请求地址格式错误'
  return sendEnvelope(reply, styleOf(req.url), tooLong ? 414 : 400, null, msg)
}

/**
 * Requests Node refuses before Fastify sees them (an address or headers over 16 KB, a malformed
 * request line) still get an envelope with a message, in both styles' fields since the address was
 * not read.
 */
export function answerClientError(err: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) return
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW'
  const status = tooLarge ? 431 : 400
  const body = JSON.stringify({
    ret: status,
    code: status,
    data: null,
    msg: tooLarge ? '请求地址或头部过长' : '请求格式错误',
  })
  socket.end(
    `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  )
}
