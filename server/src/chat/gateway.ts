import fastifyWebsocket from '@fastify/websocket'
import type { FastifyInstance } from 'fastify'
import type { WebSocket } from 'ws'
import { Limits } from '@rules/limits'
import type { AppContext } from '../context'
import { CLOSE_TOO_MANY, GatewayConnection } from './connection'
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
    const notLoggedIn = new SocketsByAddress(Limits.chatUnauthedSocketsPerAddress)
    scoped.get(GATEWAY_PATH, { websocket: true }, (socket, req) => {
      const release = notLoggedIn.take(req.ip)
      if (!release) {
        socket.close(CLOSE_TOO_MANY, 'too many sockets')
        return
      }
      socket.once('close', release)
      watchLiveness(socket)
      new GatewayConnection(app, socket, req.log, release)
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

/**
 * Sockets of one address that have not logged in yet: each costs frames parsed for up to 15 s
 * (the auth timeout) without a reader to count them against, so an address may hold only so many.
 */
class SocketsByAddress {
  private readonly counts = new Map<string, number>()

  constructor(private readonly max: number) {}

  /** A place for one more socket of `address` and how to give it back (once), or null when full. */
  take(address: string): (() => void) | null {
    const count = this.counts.get(address) ?? 0
    if (count >= this.max) return null
    this.counts.set(address, count + 1)
    let held = true
    return () => {
      if (!held) return
      held = false
      const left = (this.counts.get(address) ?? 1) - 1
      if (left > 0) this.counts.set(address, left)
      else this.counts.delete(address)
    }
  }
}
