import fastifyWebsocket from '@fastify/websocket'
import type { FastifyInstance } from 'fastify'
import type { WebSocket } from 'ws'
import type { AppContext } from '../context'
import { GatewayConnection } from './connection'
import { FRAME_MAX_BYTES } from './frames'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The app's context as the chat gateway has it: for code in the same process that writes to
     * the chat outside a request (tests setting up reading groups with groupConversation.ts).
     */
    chatContext: AppContext
  }
}

export const GATEWAY_PATH = '/api/chat/ws'
const HEARTBEAT_MS = 30_000

/**
 * GET /api/chat/ws on the app's own server and port. Frames a little over the limit get an error
 * frame (frames.ts); far bigger ones close the socket (1009) before they are buffered.
 */
export function registerChatGateway(fastify: FastifyInstance, app: AppContext): void {
  fastify.decorate('chatContext', app)
  fastify.register(fastifyWebsocket, { options: { maxPayload: 16 * FRAME_MAX_BYTES } })
  fastify.register(async (scoped) => {
    scoped.get(GATEWAY_PATH, { websocket: true }, (socket, req) => {
      watchLiveness(socket)
      new GatewayConnection(app, socket, req.log)
    })
  })
  // A socket that did not answer the last ping is dead (a vanished phone): drop it.
  const timer = setInterval(() => {
    for (const socket of fastify.websocketServer?.clients ?? []) {
      const alive = socket as WebSocket & { alive?: boolean }
      if (alive.alive === false) {
        socket.terminate()
        continue
      }
      alive.alive = false
      socket.ping()
    }
  }, HEARTBEAT_MS)
  timer.unref()
  fastify.addHook('onClose', async () => clearInterval(timer))
}

function watchLiveness(socket: WebSocket): void {
  const alive = socket as WebSocket & { alive?: boolean }
  alive.alive = true
  socket.on('pong', () => {
    alive.alive = true
  })
}
