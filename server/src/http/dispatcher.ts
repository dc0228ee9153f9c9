import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppContext } from '../context'
import { runCall, type CallSpec } from './call'
import { sendEnvelope } from './envelope'

/** A query-style call, e.g. `User.User.GetMyProfile` at /user.php?s=... */
export interface QueryRoute extends CallSpec {
  name: string
  method: 'GET' | 'POST'
}

export class QueryRegistry {
  private readonly routes = new Map<string, QueryRoute>()

  add(...routes: QueryRoute[]): void {
    for (const route of routes) {
      if (!/^(User|App)\.[A-Za-z_]+\.[A-Za-z_]+$/.test(route.name)) {
        throw new Error(`bad query route name ${route.name}`)
      }
      if (this.routes.has(route.name)) throw new Error(`duplicate query route ${route.name}`)
      this.routes.set(route.name, route)
    }
  }

  get(name: string): QueryRoute | undefined {
    return this.routes.get(name)
  }

  /** Every registered call (tests walk them all). */
  list(): QueryRoute[] {
    return [...this.routes.values()]
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The query-style calls served at /user.php, /index.php and /?s=. */
    queryRegistry: QueryRegistry
  }
}

/** The service name of `?s=` (also accepted in a form body), or ''. */
export function serviceName(req: FastifyRequest): string {
  const query = req.query as Record<string, unknown> | undefined
  const value = query?.s
  return typeof value === 'string' ? value.trim() : ''
}

/** `prefix` is 'User.' for /user.php and 'App.' for /index.php and /. */
export async function dispatch(
  app: AppContext,
  registry: QueryRegistry,
  prefix: 'User.' | 'App.',
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const name = serviceName(req)
  const route = name.startsWith(prefix) ? registry.get(name) : undefined
  if (!route) return sendEnvelope(reply, 'ret', 404, null, '接口不存在')
  if (route.method !== req.method && !(route.method === 'GET' && req.method === 'HEAD')) {
    return sendEnvelope(reply, 'ret', 405, null, '请求方法不支持')
  }
  return runCall(app, route, 'ret', req, reply)
}

export function registerQueryEndpoints(
  fastify: FastifyInstance,
  app: AppContext,
  registry: QueryRegistry,
): void {
  for (const method of ['GET', 'POST'] as const) {
    fastify.route({
      method,
      url: '/user.php',
      handler: (req, reply) => dispatch(app, registry, 'User.', req, reply),
    })
    fastify.route({
      method,
      url: '/index.php',
      handler: (req, reply) => dispatch(app, registry, 'App.', req, reply),
    })
  }
}
