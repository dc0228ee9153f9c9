import type { FastifyRequest } from 'fastify'
import type { Duplex } from 'node:stream'

/**
 * Fails `stream` when the request is cut off before its body is whole. The multipart file stream
 * then stops with neither an end nor an error, so a storage pipeline reading a stream fed from it
 * would wait for ever with its partial file on disk.
 */
export function failOnCutOff(req: FastifyRequest, stream: Duplex): void {
  req.raw.once('close', () => {
    if (!req.raw.complete && !stream.destroyed) stream.destroy(new Error('upload cut off'))
  })
}
