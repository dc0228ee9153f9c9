import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AppContext } from '../context'
import { authenticate, optionalCaller, requireCaller, type Caller } from './auth'
import { Answer, sendEnvelope, type Style } from './envelope'
import { Params } from './params'

/** What a handler gets: the app, the checked input, who is calling, and the raw request. */
export interface CallContext {
  app: AppContext
  params: Params
  /** Set for login-required calls; for public calls, set when a valid token came along. */
  caller: Caller | null
  req: FastifyRequest
}

export type Handler = (call: CallContext) => Promise<unknown>

export interface CallSpec {
  /** true: login required (302/401 without a valid token, 301 when it expired). */
  auth: boolean
  handler: Handler
}

/** Runs one call of either style and answers in that style's envelope. */
export async function runCall(
  app: AppContext,
  spec: CallSpec,
  style: Style,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const params = Params.from(req.query, isMultipart(req) ? undefined : req.body)
  const state = await authenticate(app, req)
  const caller = spec.auth ? requireCaller(state) : optionalCaller(state)
  const out = await spec.handler({ app, params, caller, req })
  if (out instanceof Answer) return sendEnvelope(reply, style, 200, out.data, out.msg)
  return sendEnvelope(reply, style, 200, out, 'ok')
}

/** The caller of a login-required call (the dispatcher guarantees it is set). */
export function callerOf(call: CallContext): Caller {
  if (!call.caller) throw new Error('login-required handler called without a caller')
  return call.caller
}

const isMultipart = (req: FastifyRequest): boolean =>
  (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/')
