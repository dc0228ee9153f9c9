/**
 * A chat gateway client over `ws`, as the app's local engine adapter would be: it authenticates,
 * sends with the caller's message IDs and keeps every send until it is acknowledged, reconnects
 * after a drop, resends what was not acknowledged (same IDs: the server answers the stored message)
 * and syncs each conversation from the last sequence it saw. Messages reach `onMessage` exactly once
 * per conversation and in sequence order: duplicates are dropped, and a gap is held back and filled
 * by a sync.
 */
import { randomBytes } from 'node:crypto'
import WebSocket from 'ws'
import type { ChatMessage } from '@api/chat'
import { FrameErrors, type ClientFrame, type ServerFrame, type SyncResult } from '@api/chatFrames'
import type { OutgoingMessage } from '../src/chat/send'

type Request = ClientFrame extends infer F
  ? F extends ClientFrame
    ? Omit<F, 'rid'>
    : never
  : never

export class FrameError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

export interface ChatClientOptions {
  /** ws://host:port/api/chat/ws; a function when the address may change between attempts. */
  url: string | (() => string)
  token: string
  platform?: string
  /** Reconnect after a drop (default true). */
  reconnect?: boolean
  /** Every message of a conversation, once, in sequence order (own messages too). */
  onMessage?: (message: ChatMessage) => void
  /** Every push as it arrives (message, revoked, conversation, kicked). */
  onPush?: (frame: ServerFrame) => void
  /** At most this many sends unacknowledged at once (default 20). */
  window?: number
}

interface Outgoing {
  message: OutgoingMessage
  resolve: (message: ChatMessage) => void
  reject: (err: Error) => void
  /** Sent on the current socket and not yet answered. */
  inFlight: boolean
}

interface Waiting {
  resolve: (data: unknown) => void
  reject: (err: Error) => void
  /** The send this request carries, if it is one. */
  messageID?: string
}

const GAP_WAIT_MS = 150

export class ChatClient {
  private socket: WebSocket | null = null
  private rid = 0
  private readonly waiting = new Map<number, Waiting>()
  /** Sends not yet acknowledged, in the order they were made. */
  private readonly outbox = new Map<string, Outgoing>()
  /** Per conversation: the highest sequence up to which everything was seen. */
  readonly cursors = new Map<string, number>()
  private readonly held = new Map<string, Map<number, ChatMessage>>()
  private readonly gapTimers = new Map<string, NodeJS.Timeout>()
  private closed = false
  private authed = false
  private connecting: Promise<void> | null = null
  kicked = false
  /** How many times the socket was (re)opened and authenticated. */
  sessions = 0

  constructor(private readonly opts: ChatClientOptions) {}

  /** Opens and authenticates; with reconnect on, keeps trying until it works. */
  connect(): Promise<void> {
    if (!this.connecting) {
      this.connecting = this.open().finally(() => {
        this.connecting = null
      })
    }
    return this.connecting
  }

  /** Follows a conversation from a sequence (its messages after it reach onMessage). */
  track(conversationID: string, fromSequence: number): void {
    if (!this.cursors.has(conversationID)) this.cursors.set(conversationID, fromSequence)
  }

  /** Resolves with the stored message once acknowledged, across reconnects. */
  send(message: OutgoingMessage): Promise<ChatMessage> {
    return new Promise((resolve, reject) => {
      this.outbox.set(message.ID, { message, resolve, reject, inFlight: false })
      this.pump()
    })
  }

  /** A message ID of this user: `<userID>-<random>`. */
  static messageId(userID: string): string {
    return `${userID}-${randomBytes(9).toString('base64url')}`
  }

  request(frame: Request): Promise<unknown> {
    const socket = this.socket
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      return Promise.reject(new Error('not connected'))
    }
    const rid = ++this.rid
    return new Promise((resolve, reject) => {
      this.waiting.set(rid, { resolve, reject })
      socket.send(JSON.stringify({ ...frame, rid }))
    })
  }

  /** Catch-up of every tracked conversation, looping while the server says more remain. */
  async sync(): Promise<void> {
    for (;;) {
      const cursors = Object.fromEntries(this.cursors)
      const res = (await this.request({ op: 'sync', cursors })) as SyncResult
      let again = false
      for (const conv of res.conversations) {
        for (const message of conv.messageList) this.accept(message)
        again ||= conv.reload
      }
      if (!again) return
    }
  }

  close(): void {
    this.closed = true
    for (const timer of this.gapTimers.values()) clearTimeout(timer)
    this.socket?.close()
  }

  /** Unacknowledged sends. */
  get unacknowledged(): number {
    return this.outbox.size
  }

  private url(): string {
    return typeof this.opts.url === 'function' ? this.opts.url() : this.opts.url
  }

  private async open(): Promise<void> {
    let delay = 50
    for (;;) {
      if (this.closed) throw new Error('closed')
      try {
        await this.openOnce()
        return
      } catch (err) {
        if (this.opts.reconnect === false || err instanceof FrameError) throw err
        await new Promise((resolve) => setTimeout(resolve, delay))
        delay = Math.min(delay * 2, 500)
      }
    }
  }

  private openOnce(): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(this.url())
      this.socket = socket
      this.authed = false
      socket.once('error', reject)
      socket.on('message', (data: Buffer) => this.received(data))
      socket.on('close', () => this.dropped(socket))
      socket.once('open', () => {
        socket.off('error', reject)
        socket.on('error', () => undefined)
        this.request({ op: 'auth', token: this.opts.token, platform: this.opts.platform })
          .then(async () => {
            this.authed = true
            this.sessions++
            this.pump()
            await this.sync()
            resolve()
          })
          .catch((err: unknown) => {
            socket.close()
            reject(err instanceof Error ? err : new Error(String(err)))
          })
      })
    })
  }

  private dropped(socket: WebSocket): void {
    if (socket !== this.socket) return
    this.socket = null
    this.authed = false
    for (const [rid, waiting] of this.waiting) {
      this.waiting.delete(rid)
      waiting.reject(new Error('connection lost'))
    }
    for (const out of this.outbox.values()) out.inFlight = false
    if (!this.closed && !this.kicked && this.opts.reconnect !== false) {
      this.connect().catch(() => undefined)
    }
  }

  /** Puts unacknowledged sends on the socket, oldest first, at most `window` at a time. */
  private pump(): void {
    if (!this.authed || !this.socket) return
    const window = this.opts.window ?? 20
    let inFlight = 0
    for (const out of this.outbox.values()) if (out.inFlight) inFlight++
    for (const [id, out] of this.outbox) {
      if (inFlight >= window) return
      if (out.inFlight) continue
      out.inFlight = true
      inFlight++
      const rid = ++this.rid
      this.waiting.set(rid, {
        messageID: id,
        resolve: (data) => {
          this.outbox.delete(id)
          const stored = data as ChatMessage
          this.accept(stored)
          out.resolve(stored)
          this.pump()
        },
        reject: (err) => {
          out.inFlight = false
          // A refusal is final; a lost connection resends after the reconnect.
          if (err instanceof FrameError && err.code === FrameErrors.tooMany.code) {
            setTimeout(() => this.pump(), 200)
          } else if (err instanceof FrameError) {
            this.outbox.delete(id)
            out.reject(err)
            this.pump()
          }
        },
      })
      this.socket.send(JSON.stringify({ op: 'send', rid, message: out.message }))
    }
  }

  private received(data: Buffer): void {
    const frame = JSON.parse(data.toString()) as ServerFrame
    if (frame.op === 'ack' || frame.op === 'error') {
      const waiting = this.waiting.get(frame.rid)
      if (!waiting) return
      this.waiting.delete(frame.rid)
      if (frame.op === 'ack') waiting.resolve(frame.data)
      else waiting.reject(new FrameError(frame.code, frame.message))
      return
    }
    this.opts.onPush?.(frame)
    if (frame.op === 'message') this.accept(frame.message)
    if (frame.op === 'kicked') this.kicked = true
  }

  /** Delivers in sequence order, once; holds back what comes after a gap until it is filled. */
  private accept(message: ChatMessage): void {
    const id = message.conversationID
    if (!this.cursors.has(id)) this.cursors.set(id, message.sequence - 1)
    const cursor = this.cursors.get(id) as number
    if (message.sequence <= cursor) return
    let held = this.held.get(id)
    if (!held) {
      held = new Map()
      this.held.set(id, held)
    }
    held.set(message.sequence, message)
    let next = cursor
    while (held.has(next + 1)) {
      next++
      const ready = held.get(next) as ChatMessage
      held.delete(next)
      this.cursors.set(id, next)
      this.opts.onMessage?.(ready)
    }
    if (held.size > 0) this.fillGapSoon(id)
  }

  private fillGapSoon(conversationID: string): void {
    if (this.gapTimers.has(conversationID)) return
    const timer = setTimeout(() => {
      this.gapTimers.delete(conversationID)
      if ((this.held.get(conversationID)?.size ?? 0) === 0) return
      this.sync().catch(() => undefined)
    }, GAP_WAIT_MS)
    this.gapTimers.set(conversationID, timer)
  }
}
