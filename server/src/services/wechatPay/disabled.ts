import type { PayParams } from '@api/shop'
import { ShopText } from '@rules/shop'
import { AppError } from '../../http/errors'
import { NotificationRefused, type PayClient, type PayNotification } from './types'

/** Production without a WeChat Pay merchant: nothing can be paid (503 '支付暂不可用'). */
export class DisabledPay implements PayClient {
  readonly mode = 'off' as const
  readonly needsOpenid = true

  checkAvailable(): void {
    throw new AppError(503, ShopText.payUnavailable)
  }

  async createJsapiOrder(): Promise<{ prepayId: string }> {
    throw new AppError(503, ShopText.payUnavailable)
  }

  jsapiParams(): PayParams {
    throw new AppError(503, ShopText.payUnavailable)
  }

  parseNotification(): PayNotification {
    throw new NotificationRefused('未配置微信支付')
  }

  /** No merchant: nothing at WeChat Pay to close. */
  async closeOrder(): Promise<boolean> {
    return true
  }
}
