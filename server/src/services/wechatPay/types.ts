import type { PayParams } from '@api/shop'

/** What we ask WeChat Pay for: a JSAPI (mini-program or official account) prepayment. */
export interface JsapiOrder {
  /** The WeChat app the payer pays in (the mini-program's or the official account's appid). */
  appId: string
  /** Our order number. */
  outTradeNo: string
  /** What the payer sees on the payment sheet and the bill (at most 127 bytes). */
  description: string
  amountFen: number
  /** The payer's openid in that app (the local double does without). */
  openid?: string
  /** When the prepayment stops being payable. */
  timeExpire: Date
  notifyUrl: string
}

/** A verified, decrypted payment notification (the transaction it reports). */
export interface PayNotification {
  outTradeNo: string
  transactionId: string
  /** 'SUCCESS' when paid; others (CLOSED, PAYERROR, ...) change nothing. */
  tradeState: string
  /** amount.total, in fen. */
  amountFen: number
  mchId: string
  appId: string
}

/** A notification as it arrives: its headers (lower-case names) and its body exactly as sent. */
export interface RawNotification {
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** A notification refused: the reason goes back to WeChat Pay (and the log), nothing changes. */
export class NotificationRefused extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'NotificationRefused'
  }
}

/**
 * WeChat Pay as the shop uses it: the real API v3 client (client.ts), the local double outside
 * production (local.ts), or none (production without a merchant configured: disabled.ts).
 */
export interface PayClient {
  /** 'wechat': the real API; 'local': the double (POST /dev/pay/confirm pays); 'off': none. */
  readonly mode: 'wechat' | 'local' | 'off'
  /** Throws 503 '支付暂不可用' when payments cannot be made. */
  checkAvailable(): void
  /** The real client needs the payer's openid; the double does not. */
  readonly needsOpenid: boolean
  createJsapiOrder(order: JsapiOrder): Promise<{ prepayId: string }>
  /** The signed parameters for requestPayment / getBrandWCPayRequest. */
  jsapiParams(appId: string, prepayId: string): PayParams
  /** Verifies (signature, age) and decrypts a notification; throws NotificationRefused. */
  parseNotification(raw: RawNotification): PayNotification
  /**
   * Closes our order `outTradeNo` at WeChat Pay, so its prepayment cannot be paid any more (called
   * after an order is cancelled or expired, outside any transaction). True once WeChat Pay has it
   * closed: closed now, closed before, or never known there. False when it could not be closed (a
   * network failure, an error answer): logged, never thrown; a payment that still comes is settled
   * as a late one (settleNotification).
   */
  closeOrder(outTradeNo: string): Promise<boolean>
}
