/**
 * Serving a domain's declared calls: one handler per declaration, typed by its schemas, turned
 * into the query-style and REST routes the declaration names. A declaration without a handler does
 * not compile.
 */
import type { Api, CallDecl, CallInput, CallOutput } from '@api/contract'
import type { AppContext } from '../context'
import type { FastifyRequest } from 'fastify'
import type { Caller } from './auth'
import type { Handler } from './call'
import type { QueryRoute } from './dispatcher'
import type { Answer } from './envelope'
import type { RestRoute } from './rest'

export interface ServedContext<D extends CallDecl> {
  app: AppContext
  input: CallInput<D>
  /** Always set for login-required calls; for public calls, set when a valid token came along. */
  caller: D['auth'] extends true ? Caller : Caller | null
  req: FastifyRequest
}

export type ServedHandler<D extends CallDecl> = (
  call: ServedContext<D>,
) => Promise<CallOutput<D> | Answer<CallOutput<D>>>

export type Handlers<A extends Api> = { [K in keyof A]: ServedHandler<A[K]> }

export interface ServedCalls {
  query: QueryRoute[]
  rest: RestRoute[]
}

export function serve<A extends Api>(api: A, handlers: Handlers<A>): ServedCalls {
  const out: ServedCalls = { query: [], rest: [] }
  for (const key of Object.keys(api) as (keyof A & string)[]) {
    const decl = api[key]
    const handler = handlers[key] as unknown as Handler
    if (!handler) throw new Error(`no handler for the declared call ${key}`)
    if (decl.query) out.query.push({ ...decl.query, auth: decl.auth, handler, decl })
    if (decl.rest) {
      const { method, path } = decl.rest
      out.rest.push({ method, url: path, auth: decl.auth, handler, decl })
    }
  }
  return out
}
