/** Chat test helpers: readers, gateway clients and raw sockets against a TestServer. */
import WebSocket from 'ws'
import { chatApi } from '@api/chat'
import type { ServerFrame } from '@api/chatFrames'
import { ChatClient, type ChatClientOptions } from './chatClient'
import { newMobile, restPath, type Reply, type TestServer } from './helpers'

export interface Reader {
  id: number
  userID: string
  token: string
  /** This reader's C2C conversation ID with `other`. */
  with(other: Reader): string
}

export async function reader(s: TestServer): Promise<Reader> {
  const login = await s.register(newMobile())
  const id = login.user.user_id
  return { id, userID: String(id), token: login.access_token, with: (o) => `C2C${o.id}` }
}

export const wsUrl = (s: TestServer): string => `${s.base.replace(/^http/, 'ws')}/api/chat/ws`

export async function client(
  s: TestServer,
  who: Reader,
  opts: Partial<ChatClientOptions> = {},
): Promise<ChatClient> {
  const c = new ChatClient({ url: wsUrl(s), token: who.token, ...opts })
  await c.connect()
  return c
}

/** A text message from `from` to `to`. */
export const text = (
  from: Reader,
  to: Reader,
  body: string,
  ID = ChatClient.messageId(from.userID),
) => ({
  ID,
  conversationID: from.with(to),
  type: 'TIMTextElem' as const,
  payload: { text: body },
})

/** A raw socket that queues what the server sends. */
export class RawSocket {
  readonly frames: ServerFrame[] = []
  private waiters: Array<() => void> = []
  closedWith: number | null = null

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      this.frames.push(JSON.parse(data.toString()) as ServerFrame)
      this.wake()
    })
    ws.on('close', (code: number) => {
      this.closedWith = code
      this.wake()
    })
  }

  private wake(): void {
    const waiters = this.waiters
    this.waiters = []
    for (const w of waiters) w()
  }

  static async open(s: TestServer): Promise<RawSocket> {
    const ws = new WebSocket(wsUrl(s))
    await new Promise((resolve, reject) => {
      ws.once('open', resolve)
      ws.once('error', reject)
    })
    return new RawSocket(ws)
  }

  send(frame: unknown): void {
    this.ws.send(
      typeof frame === 'string' || Buffer.isBuffer(frame) ? frame : JSON.stringify(frame),
    )
  }

  /** The next frame matching `match` (taken off the queue), within `ms`. */
  async next(match: (f: ServerFrame) => boolean = () => true, ms = 5000): Promise<ServerFrame> {
    const deadline = Date.now() + ms
    for (;;) {
      const i = this.frames.findIndex(match)
      if (i >= 0) return this.frames.splice(i, 1)[0]
      if (this.closedWith !== null) throw new Error(`socket closed (${this.closedWith})`)
      const left = deadline - Date.now()
      if (left <= 0) throw new Error('no such frame in time')
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
  }

  async closed(ms = 5000): Promise<number> {
    const deadline = Date.now() + ms
    while (this.closedWith === null) {
      if (Date.now() > deadline) throw new Error('socket still open')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    return this.closedWith
  }

  close(): void {
    this.ws.close()
  }
}

/** A chat HTTP call by key, as `who`. */
export function call(
  s: TestServer,
  key: keyof typeof chatApi,
  input: Record<string, unknown> = {},
  token?: string,
): Promise<Reply> {
  const decl = chatApi[key]
  const path = restPath(decl)
  if (decl.rest?.method === 'GET') {
    const qs = new URLSearchParams(
      Object.entries(input).map(([k, v]) => [k, String(v)] as [string, string]),
    ).toString()
    return s.get(qs ? `${path}?${qs}` : path, { token })
  }
  return s.post(path, input, { token })
}
