/**
 * Multipart uploads over a bare socket, for the tests of broken uploads: a body cut anywhere, the
 * connection dropped or left stalling, and what the server did about it.
 */
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { MULTIPART_TYPE } from './multipart'

export interface RawOutcome {
  /** The HTTP status, or 0 when the connection closed without one. */
  status: number
  body: string
  ms: number
}

export interface RawOptions {
  token: string
  /** The body bytes sent. */
  body: Buffer
  /** The declared length (default: the body's); more than sent means the client stalls after. */
  contentLength?: number
  /** Destroy the socket this long after the last byte, instead of waiting for an answer. */
  dropAfterMs?: number
  /** Give up waiting after this long (the outcome is then status -1). */
  waitMs?: number
  /** After the body, keep sending this many more bytes (of the file) this often, until answered. */
  trickle?: { bytes: number; everyMs: number }
}

/** POSTs `body` as multipart to `url` over a socket of its own; answers what came back. */
export function rawUpload(base: string, url: string, opts: RawOptions): Promise<RawOutcome> {
  const { hostname, port } = new URL(base)
  const started = Date.now()
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname)
    const chunks: Buffer[] = []
    let settled = false
    const finish = (status?: number) => {
      if (settled) return
      settled = true
      clearTimeout(giveUp)
      socket.destroy()
      const text = Buffer.concat(chunks).toString('latin1')
      const code = status ?? Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)
      const body = Buffer.from(text.split('\r\n\r\n').slice(1).join('\r\n\r\n'), 'latin1')
      resolve({ status: code, body: body.toString('utf8'), ms: Date.now() - started })
    }
    const giveUp = setTimeout(() => finish(-1), opts.waitMs ?? 10_000)
    socket.on('error', () => finish())
    socket.on('close', () => finish())
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      const text = Buffer.concat(chunks).toString('latin1')
      const headEnd = text.indexOf('\r\n\r\n')
      if (headEnd < 0) return
      const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, headEnd))
      if (length && Buffer.byteLength(text, 'latin1') - headEnd - 4 >= Number(length[1])) finish()
    })
    socket.write(
      `POST ${url} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
        `Authorization: Bearer ${opts.token}\r\n` +
        `Content-Type: ${MULTIPART_TYPE}\r\n` +
        `Content-Length: ${opts.contentLength ?? opts.body.length}\r\n\r\n`,
    )
    socket.write(opts.body, () => {
      if (opts.dropAfterMs !== undefined) setTimeout(() => finish(0), opts.dropAfterMs)
      if (opts.trickle) {
        const { bytes, everyMs } = opts.trickle
        const drip = setInterval(() => {
          if (settled || socket.destroyed) return clearInterval(drip)
          socket.write(Buffer.alloc(bytes, 0x61))
        }, everyMs)
      }
    })
  })
}

/** The partial files (`*.part`) in the server's upload folder. */
export function partials(dir: string): string[] {
  const uploads = path.join(dir, 'uploads')
  return fs.existsSync(uploads) ? fs.readdirSync(uploads).filter((n) => n.endsWith('.part')) : []
}

/** Waits until `check` holds (polling), at most `ms`; answers whether it did. */
export async function eventually(check: () => boolean, ms = 3000): Promise<boolean> {
  const until = Date.now() + ms
  while (!check()) {
    if (Date.now() > until) return false
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return true
}

/** This process's open file descriptors (the test server runs in it). */
export const openFds = (): number => fs.readdirSync('/proc/self/fd').length
