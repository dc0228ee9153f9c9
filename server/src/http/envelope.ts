import type { FastifyReply } from 'fastify'

/** `ret` for /user.php and /index.php, `code` for /api and /util. */
export type Style = 'ret' | 'code'

const CODE_STYLE_PREFIXES = ['/api/', '/app/', '/util/', '/dev/']

export function styleOf(url: string): Style {
  return CODE_STYLE_PREFIXES.some((prefix) => url.startsWith(prefix)) ? 'code' : 'ret'
}

/** A handler's answer when it has a message to show besides the data. */
export class Answer<T = unknown> {
  constructor(
    readonly data: T,
    readonly msg: string,
  ) {}
}

/** HTTP status mirrors the envelope for 4xx/5xx; 200, 301 and 302 travel as 200. */
export function httpStatus(code: number): number {
  return code >= 400 && code < 600 ? code : 200
}

export function sendEnvelope(
  reply: FastifyReply,
  style: Style,
  code: number,
  data: unknown,
  msg: string,
): FastifyReply {
  // REST clients know 401, not the query style's 302.
  const finalCode = style === 'code' && code === 302 ? 401 : code
  const body =
    style === 'ret'
      ? { ret: finalCode, data: data ?? null, msg }
      : { code: finalCode, data: data ?? null, msg }
  return reply.code(httpStatus(finalCode)).type('application/json; charset=utf-8').send(body)
}
