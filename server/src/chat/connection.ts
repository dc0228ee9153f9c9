/** One WebSocket of the gateway: auth first, then frames answered in the order they came. */
import { randomBytes } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { WebSocket } from 'ws'
import { FrameErrors, type ClientFrame, type ServerFrame } from '@api/chatFrames'
import { CHAT_TEXTS } from '@rules/chat'
import { Limits } from '@rules/limits'
import type { AppContext } from '../context'
import { authenticateToken } from '../http/auth'
import { AppError, tokenExpired } from '../http/errors'
import { requireChatInput } from './chatInput'
import { parseFrame, ridInText } from './frames'
import type { Connection } from './hub'
import { toChatMessage } from './messageView'
import { pushMessage } from './pushes'
import { sendMessage } from './send'
import { sync } from './sync'
import { TokenBucket } from './tokenBucket'

const AUTH_TIMEOUT_MS = 15_000
/** How often an open socket's session is checked again (logout, password change, deletion). */
const RECHECK_MS = 60_000

/**
 * Each frame starts in a turn of the event loop of its own: with an in-process database (PGlite)
 * a queue of frames would otherwise run as one chain of microtasks, holding off every other
 * request and timer until the whole queue is done.
 */
const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

export const CLOSE_UNAUTHORIZED = 4401
export const CLOSE_KICKED = 4409
export const CLOSE_TOO_MANY = 4429

type Frame<Op extends ClientFrame['op']> = Extract<ClientFrame, { op: Op }>

export class GatewayConnection {
  private user: Connection | null = null
  /** users.im_status as read with the session at auth and at each recheck (no query per frame). */
  private imStatus = 0
  private queued = 0
  /** Frames past the socket's rate are refused (429) without any work. */
  private readonly frames = new TokenBucket(Limits.chatFrameBurst, Limits.chatFramesPerSecond)
  private chain: Promise<void> = Promise.resolve()
  private readonly authTimer: NodeJS.Timeout
  private recheckTimer: NodeJS.Timeout | undefined
  readonly id = randomBytes(12).toString('hex')

  constructor(
    private readonly app: AppContext,
    private readonly socket: WebSocket,
    private readonly log: FastifyBaseLogger,
    /** Told once when the socket has logged in (the gateway's count of sockets not yet in). */
    private readonly loggedIn: () => void = () => undefined,
  ) {
    this.authTimer = setTimeout(() => {
      if (!this.user) socket.close(CLOSE_UNAUTHORIZED, 'auth timeout')
    }, AUTH_TIMEOUT_MS)
    socket.on('message', (data: Buffer, isBinary: boolean) => this.received(data, isBinary))
    socket.on('close', () => this.closed())
    socket.on('error', (err) => this.log.debug({ err }, 'chat socket error'))
  }

  private write(frame: ServerFrame): void {
    this.sendText(JSON.stringify(frame))
  }

  /**
   * Every frame to the client goes here. A client that stops reading would have its answers and
   * pushes pile up in this process's memory: past Limits.chatSocketBufferDropBytes the socket is
   * dropped (the client reconnects and syncs what it missed).
   */
  private sendText(text: string): void {
    const socket = this.socket
    if (socket.readyState !== socket.OPEN) return
    if (socket.bufferedAmount > Limits.chatSocketBufferDropBytes) {
      this.log.debug({ conn: this.id }, 'chat socket dropped: the client does not read')
      if (this.user) this.app.chat.hub.remove(this.user)
      socket.terminate()
      return
    }
    socket.send(text)
  }

  private error(rid: number, code: number, message: string): void {
    this.write({ op: 'error', rid, code, message })
  }

  private tooMany(rid: number): void {
    this.error(rid, FrameErrors.tooMany.code, FrameErrors.tooMany.text)
  }

  private received(data: Buffer, isBinary: boolean): void {
    // Past the rates, or with too many frames waiting for their turn, a frame is refused before it
    // is even parsed (its rid read from the text as best it can be).
    const inFlight = this.app.config.chatSendRates
      ? Limits.chatFramesInFlight
      : Limits.chatFramesInFlightUnrated
    // A client that does not read what it is sent gets no more work done for it.
    const unread = this.socket.bufferedAmount > Limits.chatSocketBufferRefuseBytes
    if (this.queued >= inFlight || unread || this.overRate()) {
      return this.tooMany(isBinary ? 0 : ridInText(data))
    }
    const parsed = parseFrame(data, isBinary)
    if (!parsed.ok) return this.error(parsed.rid, parsed.code, parsed.message)
    const frame = parsed.frame
    this.queued++
    this.chain = this.chain
      .then(turn)
      .then(() => this.handle(frame))
      .catch((err: unknown) => this.failed(frame.rid, err))
      .finally(() => {
        this.queued--
      })
  }

  /** Over the socket's or the reader's frame rate (lifted with the send rates for load tests). */
  private overRate(): boolean {
    if (!this.app.config.chatSendRates) return false
    if (!this.frames.take()) return true
    return this.user !== null && !this.app.chat.readerFrames.take(this.user.userId)
  }

  private failed(rid: number, err: unknown): void {
    if (err instanceof AppError) return this.error(rid, err.code, err.message)
    this.log.error({ err }, 'chat frame failed')
    this.error(rid, 500, CHAT_TEXTS.netError)
  }

  private async handle(frame: ClientFrame): Promise<void> {
    if (this.socket.readyState !== this.socket.OPEN) return
    if (frame.op === 'auth') return this.auth(frame)
    if (!this.user) {
      return this.error(frame.rid, FrameErrors.notAuthed.code, FrameErrors.notAuthed.text)
    }
    const me = this.user.userId
    switch (frame.op) {
      case 'ping':
        return this.write({ op: 'ack', rid: frame.rid, data: {} })
      case 'sync':
        if (!this.app.chat.syncCursors.take(me, Object.keys(frame.cursors).length)) {
          return this.tooMany(frame.rid)
        }
        return this.write({
          op: 'ack',
          rid: frame.rid,
          data: await sync(this.app.db, me, frame.cursors),
        })
      case 'send':
        return this.send(frame)
    }
  }

  private async send(frame: Frame<'send'>): Promise<void> {
    requireChatInput({ imStatus: this.imStatus })
    const me = (this.user as Connection).userId
    const sent = await sendMessage(this.app, me, frame.message)
    // Acknowledged means stored: the transaction has committed by now.
    this.write({ op: 'ack', rid: frame.rid, data: toChatMessage(sent.row, me, sent.who) })
    if (sent.created) pushMessage(this.app, sent.row, sent.who, sent.recipients, this.id)
  }

  private async auth(frame: Frame<'auth'>): Promise<void> {
    if (this.user) return this.error(frame.rid, FrameErrors.badFrame.code, '已登录')
    const state = await authenticateToken(this.app, frame.token)
    if (state.kind !== 'user') {
      const message = state.kind === 'expired' ? tokenExpired().message : FrameErrors.notAuthed.text
      this.error(frame.rid, FrameErrors.notAuthed.code, message)
      this.socket.close(CLOSE_UNAUTHORIZED, 'unauthorized')
      return
    }
    clearTimeout(this.authTimer)
    this.loggedIn()
    this.recheckTimer = setInterval(() => void this.recheck(frame.token), RECHECK_MS)
    this.recheckTimer.unref()
    const userId = state.caller.userId
    this.imStatus = state.caller.imStatus
    const platform = frame.platform ?? ''
    const socket = this.socket
    const since = Date.now()
    this.user = {
      id: this.id,
      userId,
      platform,
      since,
      familyId: state.familyId,
      send: (text) => this.sendText(text),
      kick: (reason) => {
        this.write({ op: 'kicked', reason })
        this.app.chat.hub.remove(this.user as Connection)
        socket.close(CLOSE_KICKED, 'kicked')
      },
      endSession: () => this.sessionEnded(),
    }
    if (platform) {
      this.app.chat.fanout.publish([
        {
          userId,
          kick: { platform, reason: CHAT_TEXTS.kickedContent, at: since },
          exceptConn: this.id,
        },
      ])
    }
    this.app.chat.hub.add(this.user)
    this.write({ op: 'ack', rid: frame.rid, data: { userID: String(userId) } })
  }

  /**
   * A session that ended (logout, password change, deleted account) closes the socket: at once
   * through the fan-out (an endSessions delivery, modules/account/chatSessions.ts), and by this
   * check should that delivery be lost. An access token that merely expired keeps it: the socket
   * was authenticated when it opened.
   */
  private async recheck(token: string): Promise<void> {
    try {
      const state = await authenticateToken(this.app, token)
      // A socket outlives its access token's time: the status still comes with the session.
      if (state.kind === 'user') this.imStatus = state.caller.imStatus
      else if (state.kind === 'expired' && state.imStatus !== undefined) {
        this.imStatus = state.imStatus
      }
      if (state.kind !== 'invalid') return
    } catch (err) {
      this.log.warn({ err }, 'chat session check failed')
      return
    }
    this.sessionEnded()
  }

  private sessionEnded(): void {
    if (this.user) this.app.chat.hub.remove(this.user)
    this.error(0, FrameErrors.notAuthed.code, FrameErrors.notAuthed.text)
    this.socket.close(CLOSE_UNAUTHORIZED, 'session ended')
  }

  private closed(): void {
    clearTimeout(this.authTimer)
    clearInterval(this.recheckTimer)
    if (this.user) this.app.chat.hub.remove(this.user)
  }
}
