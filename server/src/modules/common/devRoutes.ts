import type { FastifyInstance } from 'fastify'
import { isPhone } from '../../../../src/core/validate'
import type { DevSmsItem } from '../../../../types/api/account'
import { sendEnvelope } from '../../http/envelope'
import type { LocalSmsSender } from '../../services/sms/local'

/** GET /dev/sms?mobile=: the codes the local SMS stand-in "sent" (never in production). */
export function registerDevRoutes(fastify: FastifyInstance, outbox: LocalSmsSender): void {
  fastify.get<{ Querystring: { mobile?: unknown } }>('/dev/sms', async (req, reply) => {
    const mobile = typeof req.query.mobile === 'string' ? req.query.mobile : ''
    if (!isPhone(mobile)) return sendEnvelope(reply, 'code', 400, null, '请输入正确的手机号')
    const items: DevSmsItem[] = outbox
      .sentTo(mobile)
      .map(({ code, scene, at }) => ({ code, scene, at }))
    return sendEnvelope(reply, 'code', 200, items, 'ok')
  })
}
