import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context'
import { runCall, type CallSpec } from './call'

/** A REST-style call at /api/... or /util/..., answering `{code, data, msg}`. */
export interface RestRoute extends CallSpec {
  /** DELETE calls carry their input in the query string. */
  method: 'GET' | 'POST' | 'DELETE'
  url: string
}

export function registerRest(fastify: FastifyInstance, app: AppContext, routes: RestRoute[]): void {
  for (const route of routes) {
    fastify.route({
      method: route.method,
      url: route.url,
      handler: (req, reply) => runCall(app, route, 'code', req, reply),
    })
  }
}
