/**
 * Input must be UTF-8. Node and fast-querystring never fail on bytes that are not: a JSON body's
 * become U+FFFD, and a percent escape that does not decode (`%ED%A0%80`, a lone surrogate written
 * as UTF-8 bytes) is kept as its escape text. Either way the text stored would not be what was
 * sent, so such input is refused like a control character (a lone surrogate is one).
 */
import { parse as parseQueryString } from 'node:querystring'
import type { FastifyInstance } from 'fastify'
import { CONTROL_CHARS_TEXT } from '@rules/validate'
import { badRequest } from './errors'

const strictUtf8 = new TextDecoder('utf-8', { fatal: true })

/** A run of percent escapes, decoded together (one character may take several). */
const ESCAPES = /(?:%[0-9A-Fa-f]{2})+/g

/** True when some percent escapes in a URL or form text do not decode as UTF-8. */
export function hasBadEscapes(text: string): boolean {
  if (!text.includes('%')) return false
  for (const [run] of text.matchAll(ESCAPES)) {
    try {
      strictUtf8.decode(Buffer.from(run.replace(/%/g, ''), 'hex'))
    } catch {
      return true
    }
  }
  return false
}

/** @fastify/formbody's parser: Node's, once the escapes are found to be UTF-8. */
export function parseForm(text: string): Record<string, unknown> {
  if (hasBadEscapes(text)) throw badRequest(CONTROL_CHARS_TEXT)
  return parseQueryString(text)
}

/**
 * JSON bodies read as bytes and decoded strictly before Fastify's own parser (same prototype
 * poisoning rules as its default) sees them.
 */
export function registerStrictJson(fastify: FastifyInstance): void {
  const parseJson = fastify.getDefaultJsonParser('error', 'error')
  fastify.removeContentTypeParser('application/json')
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    let text: string
    try {
      text = strictUtf8.decode(body as Buffer)
    } catch {
      done(badRequest(CONTROL_CHARS_TEXT), undefined)
      return
    }
    parseJson(req, text, done)
  })
}
