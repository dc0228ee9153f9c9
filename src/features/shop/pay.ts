/**
 * Paying an order, per platform, then waiting for the server to say it is paid (WeChat Pay's
 * notification decides, never the client):
 * - `payMode 'local'` (the server's development double, any platform): a 模拟支付 confirm, then the
 *   double's confirm is posted; it notifies our server as WeChat Pay would;
 * - `payMode 'wechat'` in the mini-program: Taro.requestPayment with the signed parameters;
 * - `payMode 'wechat'` on H5 inside WeChat's browser: WeixinJSBridge getBrandWCPayRequest;
 * - `payMode 'wechat'` on H5 elsewhere: WeChat Pay cannot run there: the reader is told so.
 * Then the order is polled until 'paid'. The platform's calls are passed in (tests fake them).
 */
import type { Order, PayOrderRes, PayParams } from '@/types/api/shop'
import type { PayPlatform } from '@rules/shop'

/** Where the app runs, as far as paying goes. */
export type PayEnv = 'weapp' | 'wechat-h5' | 'h5'

/** How a payment attempt ended on the device. */
export type PayOutcome = 'paid' | 'cancelled' | 'unconfirmed' | 'closed'

export const PayText = {
  localTitle: '模拟支付',
  localContent: (amount: string) => `开发环境：确认模拟支付 ${amount}？`,
  localConfirm: '确认支付',
  cancelled: '已取消支付',
  paid: '支付成功',
  unconfirmed: '支付结果确认中，请稍后在我的订单中查看',
  openInWeChat: '请在微信中打开后支付',
  closed: '订单已关闭',
} as const

export interface PayDeps {
  env: PayEnv
  /** Taro.requestPayment; rejects when the payer cancels or it fails. */
  requestPayment: (params: Omit<PayParams, 'appId'>) => Promise<unknown>
  /** WeixinJSBridge getBrandWCPayRequest: resolves its err_msg. */
  bridgePay: (params: PayParams) => Promise<string>
  /** The 模拟支付 modal: true when confirmed. */
  confirm: (title: string, content: string, confirmText: string) => Promise<boolean>
  confirmLocal: (prepayId: string) => Promise<unknown>
  fetchOrder: (id: number) => Promise<Order>
  sleep: (ms: number) => Promise<void>
  /** The amount as shown (¥x.xx). */
  formatAmount: (fen: number) => string
}

/** The platform createOrder/payOrder are told: WeChat's browser pays with the official account. */
export const payPlatformOf = (env: PayEnv): PayPlatform | undefined =>
  env === 'wechat-h5' ? 'h5' : env === 'weapp' ? 'weapp' : undefined

/** Polling after the payer paid: every POLL_MS, POLL_TRIES times (about 30 s). */
export const POLL_MS = 1000
export const POLL_TRIES = 30

/** Polls the order until the server has it paid (or closed); 'unconfirmed' when it never came. */
export async function waitUntilPaid(
  id: number,
  deps: Pick<PayDeps, 'fetchOrder' | 'sleep'>,
  tries = POLL_TRIES,
): Promise<PayOutcome> {
  for (let i = 0; i < tries; i++) {
    try {
      const order = await deps.fetchOrder(id)
      if (order.state === 'paid') return 'paid'
      if (order.state !== 'pending') return 'closed'
    } catch {
      // a failed poll is tried again
    }
    if (i < tries - 1) await deps.sleep(POLL_MS)
  }
  return 'unconfirmed'
}

/** Runs the payer's side of `res` on this platform, then waits for the server's word. */
export async function payWith(res: PayOrderRes, deps: PayDeps): Promise<PayOutcome> {
  const { order, payParams } = res
  if (res.payMode === 'local') {
    const ok = await deps.confirm(
      PayText.localTitle,
      PayText.localContent(deps.formatAmount(order.amountFen)),
      PayText.localConfirm,
    )
    if (!ok) return 'cancelled'
    await deps.confirmLocal(res.prepayId)
  } else if (deps.env === 'weapp') {
    const { appId: _appId, ...params } = payParams
    try {
      await deps.requestPayment(params)
    } catch {
      return 'cancelled'
    }
  } else if (deps.env === 'wechat-h5') {
    const msg = await deps.bridgePay(payParams)
    if (!/:ok$/.test(msg)) return 'cancelled'
  } else {
    throw new Error(PayText.openInWeChat)
  }
  return waitUntilPaid(order.id, deps)
}
