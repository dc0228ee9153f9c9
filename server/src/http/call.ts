import type { FastifyReply, FastifyRequest } from 'fastify'
import type { CallDecl } from '@api/contract'
import type { AppContext } from '../context'
import { authenticate, optionalCaller, requireCaller, type Caller } from './auth'
import { Answer, type Style } from './envelope'
import { checkInput, mergeInput } from './input'
import { checkAnswer, sendAnswer } from './serialize'
import { inUploadSlot } from './uploadSlots'

/** What a handler gets: the app, the input checked against its schema, the caller, the request. */
export interface CallContext {
  app: AppContext
  input: unknown
  /** Set for login-required calls; for public calls, set when a valid token came along. */
  caller: Caller | null
  req: FastifyRequest
}

export type Handler = (call: CallContext) => Promise<unknown>

/** A declared call as served: its declaration and its handler (see serve.ts). */
export interface CallSpec {
  /** true: login required (302/401 without a valid token, 301 when it expired). */
  auth: boolean
  handler: Handler
  decl: CallDecl
}

/**
 * Runs one call of either style: who is calling, then the input checked against the declaration
 * (400 with its message before any service runs), then the handler, and the answer written from
 * its schema in that style's envelope.
 */
export async function runCall(
  app: AppContext,
  spec: CallSpec,
  style: Style,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const raw = mergeInput(req.query, isMultipart(req) ? undefined : req.body)
  const state = await authenticate(app, req)
  const caller = spec.auth ? requireCaller(state) : optionalCaller(state)
  const input = checkInput(req, spec.decl.input, raw)
  const run = () => spec.handler({ app, caller, req, input })
  // Uploads (the multipart calls) take one of the reader's slots while they run.
  const out =
    spec.decl.body === 'multipart' && caller
      ? await inUploadSlot(app, caller.userId, run)
      : await run()
  const [data, msg] = out instanceof Answer ? [out.data, out.msg] : [out, 'ok']
  if (app.config.checkAnswers) checkAnswer(spec.decl.answer, data, req.url)
  return sendAnswer(reply, spec.decl.answer, style, data, msg)
}

const isMultipart = (req: FastifyRequest): boolean =>
  (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/')
