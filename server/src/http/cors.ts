import type { FastifyInstance } from 'fastify'

/** Permissive CORS so the H5 dev server on another port can call the API. */
export function registerCors(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', async (req, reply) => {
    reply.header('Access-Control-Allow-Origin', '*')
    reply.header('Access-Control-Allow-Headers', 'Content-Type, Authorization')
    reply.header('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS')
    reply.header('Access-Control-Max-Age', '86400')
    if (req.method === 'OPTIONS') return reply.code(204).send()
  })
}
