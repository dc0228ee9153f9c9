import type { IncomingMessage } from 'node:http'

/**
 * How much of a refused body is read and dropped before the answer: enough for what a reader's
 * client sends by mistake, not a free sink for anyone's upload.
 */
export const DRAIN_MAX_BYTES = 16 * 1024 * 1024
export const DRAIN_MAX_MS = 15_000

/**
 * Reads and drops what is left of a request's body, up to DRAIN_MAX_BYTES or DRAIN_MAX_MS.
 *
 * Fastify answers a refused body (too large, a type it does not read) before reading it, with
 * `Connection: close`, and Node then closes the socket at once. Data the client is still sending
 * then meets a reset, and a client that writes its whole body before reading (many do) loses the
 * answer to ECONNRESET. Once the body is read, the close is clean and the answer arrives.
 * Resolves true when the body ended, false when a bound was reached (the socket is then closed
 * after the answer as before).
 */
export function drainBody(req: IncomingMessage): Promise<boolean> {
  if (req.complete || req.readableEnded || req.destroyed) return Promise.resolve(true)
  const declared = Number(req.headers['content-length'])
  if (declared > DRAIN_MAX_BYTES) return Promise.resolve(false)
  return new Promise((resolve) => {
    let seen = 0
    const finish = (ended: boolean) => {
      clearTimeout(timer)
      req.off('data', onData)
      req.off('end', onEnd)
      req.off('close', onClose)
      req.off('error', onClose)
      resolve(ended)
    }
    const onData = (chunk: Buffer) => {
      seen += chunk.length
      if (seen > DRAIN_MAX_BYTES) finish(false)
    }
    const onEnd = () => finish(true)
    const onClose = () => finish(req.complete)
    const timer = setTimeout(() => finish(false), DRAIN_MAX_MS)
    req.on('data', onData)
    req.once('end', onEnd)
    req.once('close', onClose)
    req.once('error', onClose)
    req.resume()
  })
}
