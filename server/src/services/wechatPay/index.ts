import type { Clock } from '../../clock'
import { isProduction, type Config } from '../../config'
import { WeChatPayClient } from './client'
import { DisabledPay } from './disabled'
import { LocalPayClient } from './local'
import type { PayClient } from './types'

/**
 * The real WeChat Pay client when a merchant is configured (WECHAT_PAY_MCHID and the rest, see
 * config.ts); otherwise the local double, except in production, where nothing can be paid. `log`
 * takes what the real client could not do and does not throw (an order it could not close).
 */
export function createPayClient(
  config: Config,
  clock: Clock,
  log: (msg: string, err?: unknown) => void,
): PayClient {
  if (config.wechatPay.mchId) return new WeChatPayClient(config.wechatPay, clock, log)
  return isProduction(config) ? new DisabledPay() : new LocalPayClient(clock)
}

export { DisabledPay, LocalPayClient, WeChatPayClient }
export type { PayClient }
