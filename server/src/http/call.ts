import type { FastifyReply, FastifyRequest } from 'fastify'
import type { CallDecl } from '../../../types/api/contract'
import type { AppContext } from '../context'
import { authenticate, optionalCaller, requireCaller, type Caller } from './auth'
import { Answer, sendEnvelope, type Style } from './envelope'
import { checkInput, mergeInput } from './input'
import { Params } from './params'
import { checkAnswer, sendAnswer } from './serialize'

/** What a handler gets: the app, the checked input, who is calling, and the raw request. */
export interface CallContext {
  app: AppContext
  params: Params
  /** Set for login-required calls; for public calls, set when a valid token came along. */
  caller: Caller | null
  req: FastifyRequest
  /** The input checked against the declaration's schema (declared calls). */
  input: unknown
}

export type Handler = (call: CallContext) => Promise<unknown>

export interface CallSpec {
  /** true: login required (302/401 without a valid token, 301 when it expired). */
  auth: boolean
  handler: Handler
  /** The call's declaration: its input is validated and its answer serialised from it. */
  decl?: CallDecl
}

/** Runs one call of either style and answers in that style's envelope. */
export async function runCall(
  app: AppContext,
  spec: CallSpec,
  style: Style,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const body = isMultipart(req) ? undefined : req.body
  const raw = mergeInput(req.query, body)
  const params = new Params(raw)
  const state = await authenticate(app, req)
  const caller = spec.auth ? requireCaller(state) : optionalCaller(state)
  const input = spec.decl ? checkInput(req, spec.decl.input, raw) : undefined
  const out = await spec.handler({ app, params, caller, req, input })
  const [data, msg] = out instanceof Answer ? [out.data, out.msg] : [out, 'ok']
  if (spec.decl) {
    if (app.config.checkAnswers) checkAnswer(spec.decl.answer, data, req.url)
    return sendAnswer(reply, spec.decl.answer, style, data, msg)
  }
  return sendEnvelope(reply, style, 200, data, msg)
}

/** The caller of a login-required call (the dispatcher guarantees it is set). */
export function callerOf(call: CallContext): Caller {
  if (!call.caller) throw new Error('login-required handler called without a caller')
  return call.caller
}

const isMultipart = (req: FastifyRequest): boolean =>
  (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/')
