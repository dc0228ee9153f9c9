import type { FastifyInstance, FastifyRequest } from 'fastify'
import { isPhone } from '@rules/validate'
import type { DevSmsItem } from '@api/common'
import { sendEnvelope } from '../../http/envelope'
import type { LocalSmsSender } from '../../services/sms/local'

const LOOPBACK = /^(?:(?:::ffff:)?127(?:\.\d{1,3}){3}|::1)$/i

/** Headers a reverse proxy adds: a proxied request is not local, whatever the socket says. */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip']

/**
 * A request from this machine itself: its socket address is loopback (127.0.0.0/8, ::1 or
 * ::ffff:127.x; never the TRUST_PROXY client address) and it did not come through a proxy.
 */
export function isLocalRequest(req: FastifyRequest): boolean {
  const address = req.raw.socket?.remoteAddress ?? ''
  return LOOPBACK.test(address) && PROXY_HEADERS.every((name) => req.headers[name] === undefined)
}

/**
 * GET /dev/sms?mobile=: the codes the local SMS stand-in "sent". Registered only outside
 * production, and served only to local requests (others get the unknown-path 404), so a
 * development server on a network does not hand out everyone's codes.
 */
export function registerDevRoutes(fastify: FastifyInstance, outbox: LocalSmsSender): void {
  fastify.get<{ Querystring: { mobile?: unknown } }>('/dev/sms', async (req, reply) => {
    if (!isLocalRequest(req)) return sendEnvelope(reply, 'code', 404, null, '接口不存在')
    const mobile = typeof req.query.mobile === 'string' ? req.query.mobile : ''
    if (!isPhone(mobile)) return sendEnvelope(reply, 'code', 400, null, '请输入正确的手机号')
    const items: DevSmsItem[] = outbox
      .sentTo(mobile)
      .map(({ code, scene, at }) => ({ code, scene, at }))
    return sendEnvelope(reply, 'code', 200, items, 'ok')
  })
}
