/**
 * The local stand-in for WeChat Pay (outside production, when no merchant is configured). It keeps
 * a generated "merchant" key (paySign) and "platform" key with an API v3 key (notifications), gives
 * prepay ids, and builds the notification WeChat Pay would send for a confirmed prepayment, signed
 * and encrypted exactly as the real one, which POST /dev/pay/confirm feeds to our notification
 * route: the same verification code runs as with the real client. An order closed here (cancelled
 * or expired on our side) cannot be confirmed any more, as WeChat Pay refuses to pay a closed one.
 */
import { createHash, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto'
import type { PayParams } from '@api/shop'
import { ShopText } from '@rules/shop'
import type { Clock } from '../../clock'
import { upstreamFailed } from '../../http/errors'
import { buildNotification, openNotification, signJsapiParams } from './crypto'
import {
  NotificationRefused,
  type JsapiOrder,
  type PayClient,
  type PayNotification,
  type RawNotification,
} from './types'

export const LOCAL_MCHID = '1900000000'
const LOCAL_PLATFORM_SERIAL = 'LOCAL_PLATFORM_KEY'
/** What POST /dev/pay/confirm answers (400) for the prepayment of an order closed. */
export const LOCAL_CLOSED_TEXT = '订单已关闭'

interface LocalKeys {
  merchant: { privateKey: KeyObject; publicKey: KeyObject }
  platform: { privateKey: KeyObject; publicKey: KeyObject }
  apiV3Key: string
}

let keys: LocalKeys | undefined

/** Made on first use, once per process (RSA key generation takes a moment). */
function localKeys(): LocalKeys {
  keys ??= {
    merchant: generateKeyPairSync('rsa', { modulusLength: 2048 }),
    platform: generateKeyPairSync('rsa', { modulusLength: 2048 }),
    apiV3Key: randomBytes(16).toString('hex'),
  }
  return keys
}

export interface ConfirmedPrepay {
  appId: string
  outTradeNo: string
  amountFen: number
}

export class LocalPayClient implements PayClient {
  readonly mode = 'local' as const
  readonly needsOpenid = false
  /** Our order numbers closed at the "WeChat Pay" this double stands for. */
  private readonly closed = new Set<string>()

  constructor(private readonly clock: Clock) {}

  checkAvailable(): void {}

  async createJsapiOrder(order: JsapiOrder): Promise<{ prepayId: string }> {
    if (this.closed.has(order.outTradeNo)) {
      throw upstreamFailed(ShopText.payFailed, `local pay: order ${order.outTradeNo} is closed`)
    }
    const stamp = new Date(this.clock.now()).toISOString().replace(/\D/g, '').slice(0, 14)
    return { prepayId: `wx${stamp}${randomBytes(10).toString('hex')}` }
  }

  jsapiParams(appId: string, prepayId: string): PayParams {
    return signJsapiParams(localKeys().merchant.privateKey, appId, prepayId, this.clock.now())
  }

  parseNotification(raw: RawNotification): PayNotification {
    const k = localKeys()
    const out = openNotification(
      raw,
      {
        platformPublicKey: k.platform.publicKey,
        platformSerial: LOCAL_PLATFORM_SERIAL,
        apiV3Key: k.apiV3Key,
      },
      this.clock.now(),
    )
    if (out.mchId !== LOCAL_MCHID) throw new NotificationRefused('商户号不符')
    return out
  }

  /** Marks the order closed: its prepayments are not confirmed any more (isClosed). */
  async closeOrder(outTradeNo: string): Promise<boolean> {
    this.closed.add(outTradeNo)
    return true
  }

  isClosed(outTradeNo: string): boolean {
    return this.closed.has(outTradeNo)
  }

  /**
   * The notification of a successful payment of a prepayment, as WeChat Pay would send it (again
   * for the same prepayment: the same transaction, as WeChat Pay repeats a notification).
   */
  paidNotification(prepay: ConfirmedPrepay & { prepayId: string }): RawNotification {
    const k = localKeys()
    const digits = BigInt(`0x${createHash('sha256').update(prepay.prepayId).digest('hex')}`)
    const transactionId = `4200${digits.toString().slice(0, 24)}`
    return buildNotification(
      {
        mchId: LOCAL_MCHID,
        appId: prepay.appId,
        outTradeNo: prepay.outTradeNo,
        transactionId,
        tradeState: 'SUCCESS',
        amountFen: prepay.amountFen,
      },
      {
        platformPrivateKey: k.platform.privateKey,
        platformSerial: LOCAL_PLATFORM_SERIAL,
        apiV3Key: k.apiV3Key,
      },
      this.clock.now(),
    )
  }

  /** The merchant public key paySign verifies with (tests). */
  merchantPublicKey(): KeyObject {
    return localKeys().merchant.publicKey
  }
}
