/**
 * The agent programme's work outside calls: every minute, the pending commission lines whose
 * refund window has ended are settled (reads and withdrawals settle an agent's own lines first too).
 */
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context'
import { settleDue } from './commission'

/** How often the sweep settles commission lines past their refund window. */
export const COMMISSION_SWEEP_EVERY_MS = 60_000

export function registerAgentRoutes(fastify: FastifyInstance, app: AppContext): void {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> | undefined
  fastify.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (running) return
      running = settleDue(app.db, app.clock.now())
        .then((n) => {
          if (n > 0) fastify.log.info(`settled ${n} commission lines past their refund window`)
        })
        .catch((err: unknown) => fastify.log.error({ err }, 'commission sweep failed'))
        .finally(() => {
          running = undefined
        })
    }, COMMISSION_SWEEP_EVERY_MS)
    timer.unref()
  })
  fastify.addHook('onClose', async () => {
    if (timer) clearInterval(timer)
    await running
  })
}
