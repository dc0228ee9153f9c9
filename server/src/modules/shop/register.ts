/**
 * The shop's routes that are not calls: WeChat Pay's notification (POST /api/pay/wechat/notify,
 * its raw body kept for the signature), the local double's POST /dev/pay/confirm (outside
 * production, local requests only; 400 '订单已关闭' for an order closed by its cancel or expiry), and
 * the sweep of unpaid orders past their time.
 */
import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { DEV_PAY_CONFIRM_PATH, PAY_NOTIFY_PATH } from '@rules/shop'
import type { DevPayConfirmRes } from '@api/shop'
import { isProduction } from '../../config'
import type { AppContext } from '../../context'
import { orders } from '../../db/schema'
import { sendEnvelope } from '../../http/envelope'
import { LOCAL_CLOSED_TEXT, LocalPayClient } from '../../services/wechatPay/local'
import { NotificationRefused } from '../../services/wechatPay/types'
import { isLocalRequest } from '../common/devRoutes'
import { sweepExpiredOrders } from './expiry'
import { LOCAL_APP_ID, settleNotification } from './payment'

/** How often the sweep looks for unpaid orders past their time. */
export const ORDER_SWEEP_EVERY_MS = 60_000

/** The bodies as received, for the notification's signature. */
const rawBodies = new WeakMap<FastifyRequest, string>()

const fail = (reply: FastifyReply, status: number, message: string) =>
  reply.code(status).type('application/json; charset=utf-8').send({ code: 'FAIL', message })

export function registerShopRoutes(fastify: FastifyInstance, app: AppContext): void {
  fastify.register(async (scope) => {
    // JSON read as text first: the signature covers the body exactly as sent. It is parsed too,
    // so the input guard looks at it as at every body. (It replaces the app's strict JSON parser.)
    scope.removeContentTypeParser('application/json')
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (req, body, done) => {
        const text = String(body)
        rawBodies.set(req, text)
        try {
          done(null, text === '' ? {} : JSON.parse(text))
        } catch {
          done(null, {})
        }
      },
    )
    scope.post(PAY_NOTIFY_PATH, async (req, reply) => {
      const raw = rawBodies.get(req)
      if (raw === undefined) return fail(reply, 400, '通知格式错误')
      try {
        const notification = app.pay.parseNotification({ headers: req.headers, body: raw })
        const settled = await settleNotification(app, notification)
        req.log.info(
          { outTradeNo: notification.outTradeNo, settled },
          'wechat pay notification handled',
        )
        return reply.code(200).send({ code: 'SUCCESS', message: '成功' })
      } catch (err) {
        if (err instanceof NotificationRefused) {
          req.log.warn({ reason: err.message }, 'wechat pay notification refused')
          return fail(reply, 400, err.message)
        }
        req.log.error({ err }, 'wechat pay notification failed')
        // WeChat Pay sends it again later.
        return fail(reply, 500, '处理失败')
      }
    })
  })

  const local = app.pay instanceof LocalPayClient ? app.pay : null
  if (local && !isProduction(app.config)) {
    fastify.post<{ Body: { prepayId?: unknown } | undefined }>(
      DEV_PAY_CONFIRM_PATH,
      async (req, reply) => {
        if (!isLocalRequest(req)) return sendEnvelope(reply, 'code', 404, null, '接口不存在')
        const prepayId = req.body?.prepayId
        if (typeof prepayId !== 'string' || !/^wx[0-9a-f]{8,60}$/i.test(prepayId)) {
          return sendEnvelope(reply, 'code', 400, null, '预支付单号无效')
        }
        const [order] = await app.db.select().from(orders).where(eq(orders.prepayId, prepayId))
        if (!order) return sendEnvelope(reply, 'code', 404, null, '预支付单不存在')
        // Closed when the order was cancelled or expired: WeChat Pay would not take the payment.
        if (local.isClosed(order.orderNo)) {
          return sendEnvelope(reply, 'code', 400, null, LOCAL_CLOSED_TEXT)
        }
        // What WeChat Pay would send once the payer paid: through our own notification route.
        const notification = local.paidNotification({
          prepayId,
          appId: order.payAppId ?? LOCAL_APP_ID,
          outTradeNo: order.orderNo,
          amountFen: order.amountFen,
        })
        const res = await fastify.inject({
          method: 'POST',
          url: PAY_NOTIFY_PATH,
          headers: notification.headers as Record<string, string>,
          payload: notification.body,
        })
        const answer = res.json() as { code?: string; message?: string }
        if (res.statusCode !== 200 || answer.code !== 'SUCCESS') {
          return sendEnvelope(reply, 'code', 400, null, answer.message ?? '支付通知被拒绝')
        }
        const [after] = await app.db
          .select({ id: orders.id, state: orders.state })
          .from(orders)
          .where(eq(orders.id, order.id))
        const data: DevPayConfirmRes = { orderId: after.id, state: after.state }
        return sendEnvelope(reply, 'code', 200, data, '已模拟支付')
      },
    )
  }

  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> | undefined
  fastify.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (running) return
      running = sweepExpiredOrders(app)
        .then((n) => {
          if (n > 0) fastify.log.info(`cancelled ${n} unpaid orders past their time`)
        })
        .catch((err: unknown) => fastify.log.error({ err }, 'order sweep failed'))
        .finally(() => {
          running = undefined
        })
    }, ORDER_SWEEP_EVERY_MS)
    timer.unref()
  })
  fastify.addHook('onClose', async () => {
    if (timer) clearInterval(timer)
    await running
  })
}
