/**
 * /docs: the API page (Swagger UI) over /docs/openapi.json, generated from the declarations. The
 * examples are the answers of the public reads on this server's own data, fetched on the first
 * visit (so they show the demo content in development).
 */
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import type { TSchema } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import type { Api, CallDecl } from '@api/contract'
import { openApiDocument } from './openapi'

const EXAMPLE_LIST_ITEMS = 2

export function registerDocs(
  fastify: FastifyInstance,
  domains: Record<string, Api>,
  version: string,
): void {
  const document = openApiDocument(domains, version)
  let enriched: Promise<void> | undefined
  const withExamples = () =>
    (enriched ??= collectExamples(fastify, domains).then((examples) => {
      Object.assign(document, openApiDocument(domains, version, examples))
    }))
  fastify.addHook('onRequest', async (req) => {
    if (req.url === '/docs/openapi.json' || req.url.startsWith('/docs/json')) await withExamples()
  })
  // The document is ours (OpenAPI 3.1, checked by the server tests), not the plugin's 3.0 typing.
  const specification = { document: document as never }
  void fastify.register(fastifySwagger, { mode: 'static', specification })
  void fastify.register(fastifySwaggerUi, { routePrefix: '/docs' })
  fastify.get('/docs/openapi.json', { schema: { hide: true } }, async () => document)
}

/** The answer of every public read, called with no input or with id 1 where an id is required. */
async function collectExamples(
  fastify: FastifyInstance,
  domains: Record<string, Api>,
): Promise<Map<string, unknown>> {
  const out = new Map<string, unknown>()
  for (const [domain, api] of Object.entries(domains)) {
    for (const [key, decl] of Object.entries(api)) {
      const url = exampleUrl(decl)
      if (!url) continue
      const res = await fastify.inject({ method: 'GET', url })
      const body = res.json() as { code?: number; ret?: number; data?: unknown }
      if ((body.code ?? body.ret) === 200) out.set(`${domain}.${key}`, shorten(body.data))
    }
  }
  return out
}

function exampleUrl(decl: CallDecl): string | undefined {
  if (decl.auth || decl.counts) return undefined
  const input = decl.input as TSchema & { required?: string[]; properties: Record<string, TSchema> }
  const query = new URLSearchParams()
  for (const name of input.required ?? []) {
    const prop = input.properties[name]
    if (prop.type !== 'integer') return undefined
    query.set(name, '1')
  }
  const qs = query.toString()
  if (decl.rest?.method === 'GET') return decl.rest.path + (qs ? `?${qs}` : '')
  if (decl.query?.method === 'GET') {
    const script = decl.query.name.startsWith('User.') ? '/user.php' : '/index.php'
    return `${script}?s=${decl.query.name}${qs ? `&${qs}` : ''}`
  }
  return undefined
}

function shorten(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, EXAMPLE_LIST_ITEMS).map(shorten)
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shorten(v)]))
  }
  return value
}
