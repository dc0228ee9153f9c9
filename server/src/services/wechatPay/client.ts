/**
 * The real WeChat Pay API v3 client (JSAPI payments) for one merchant: requests signed with the
 * merchant key (Authorization WECHATPAY2-SHA256-RSA2048), answers and notifications verified with
 * the platform public key, notification resources decrypted with the API v3 key.
 * https://pay.weixin.qq.com/doc/v3/merchant/4012791856 (JSAPI order), 4012556398 (closing an
 * order), 4012365342 (signatures).
 */
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto'
import type { PayParams } from '@api/shop'
import { ShopText } from '@rules/shop'
import type { Clock } from '../../clock'
import type { Config } from '../../config'
import { upstreamFailed } from '../../http/errors'
import {
  nonceStr,
  openNotification,
  rfc3339China,
  rsaSign,
  signJsapiParams,
  verifySigned,
} from './crypto'
import {
  NotificationRefused,
  type JsapiOrder,
  type PayClient,
  type PayNotification,
  type RawNotification,
} from './types'

const TIMEOUT_MS = 10_000
const JSAPI_PATH = '/v3/pay/transactions/jsapi'
const closePath = (outTradeNo: string) =>
  `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`

/** Error codes of a close that mean WeChat Pay has the order closed already, or never had it. */
const ALREADY_CLOSED = new Set(['ORDER_CLOSED', 'ORDER_NOT_EXIST', 'ORDERNOTEXIST'])

interface Answer {
  status: number
  json: Record<string, unknown>
}

/** description is at most 127 bytes: cut on a character boundary. */
function cutBytes(text: string, max: number): string {
  let out = ''
  for (const ch of text) {
    if (Buffer.byteLength(out + ch) > max) break
    out += ch
  }
  return out
}

export class WeChatPayClient implements PayClient {
  readonly mode = 'wechat' as const
  readonly needsOpenid = true
  private readonly merchantKey: KeyObject
  private readonly platformKey: KeyObject

  constructor(
    private readonly options: Config['wechatPay'],
    private readonly clock: Clock,
    private readonly log: (msg: string, err?: unknown) => void,
  ) {
    this.merchantKey = createPrivateKey(options.privateKey)
    this.platformKey = createPublicKey(options.platformPublicKey)
  }

  checkAvailable(): void {}

  async createJsapiOrder(order: JsapiOrder): Promise<{ prepayId: string }> {
    const body = {
      appid: order.appId,
      mchid: this.options.mchId,
      description: cutBytes(order.description, 127),
      out_trade_no: order.outTradeNo,
      time_expire: rfc3339China(order.timeExpire),
      notify_url: order.notifyUrl,
      amount: { total: order.amountFen, currency: 'CNY' },
      payer: { openid: order.openid ?? '' },
    }
    const reply = await this.request('POST', JSAPI_PATH, JSON.stringify(body))
    const prepayId = typeof reply.prepay_id === 'string' ? reply.prepay_id : ''
    if (!prepayId) throw upstreamFailed(ShopText.payFailed, `${JSAPI_PATH}: no prepay_id`)
    return { prepayId }
  }

  jsapiParams(appId: string, prepayId: string): PayParams {
    return signJsapiParams(this.merchantKey, appId, prepayId, this.clock.now())
  }

  parseNotification(raw: RawNotification): PayNotification {
    const out = openNotification(raw, this.keys(), this.clock.now())
    if (out.mchId !== this.options.mchId) throw new NotificationRefused('商户号不符')
    return out
  }

  /** POST …/out-trade-no/{out_trade_no}/close {mchid}: 204; see PayClient.closeOrder. */
  async closeOrder(outTradeNo: string): Promise<boolean> {
    const path = closePath(outTradeNo)
    let answer: Answer
    try {
      answer = await this.send('POST', path, JSON.stringify({ mchid: this.options.mchId }))
    } catch (err) {
      this.log(`wechat pay: order ${outTradeNo} not closed`, err)
      return false
    }
    const { status, json } = answer
    if (status >= 200 && status < 300) return true
    if (status === 404 || ALREADY_CLOSED.has(String(json.code))) return true
    this.log(
      `wechat pay: order ${outTradeNo} not closed: HTTP ${status} ${String(json.code)} ${String(json.message)}`,
    )
    return false
  }

  private keys() {
    return {
      platformPublicKey: this.platformKey,
      platformSerial: this.options.platformSerial,
      apiV3Key: this.options.apiV3Key,
    }
  }

  /** The merchant's Authorization header for one request. */
  authorization(method: string, pathAndQuery: string, body: string): string {
    const timestamp = String(Math.floor(this.clock.now() / 1000))
    const nonce = nonceStr()
    const signature = rsaSign(
      this.merchantKey,
      `${method}\n${pathAndQuery}\n${timestamp}\n${nonce}\n${body}\n`,
    )
    return (
      `WECHATPAY2-SHA256-RSA2048 mchid="${this.options.mchId}",nonce_str="${nonce}",` +
      `signature="${signature}",timestamp="${timestamp}",serial_no="${this.options.serial}"`
    )
  }

  /** A request whose answer must be 2xx: its JSON; otherwise 502 '支付下单失败…'. */
  private async request(
    method: 'GET' | 'POST',
    pathAndQuery: string,
    body: string,
  ): Promise<Record<string, unknown>> {
    const { status, json } = await this.send(method, pathAndQuery, body)
    if (status < 200 || status >= 300) {
      throw upstreamFailed(
        ShopText.payFailed,
        `${pathAndQuery}: HTTP ${status} ${String(json.code)} ${String(json.message)}`,
      )
    }
    return json
  }

  /**
   * One signed request and its verified answer, whatever its status (an empty body, as of 204, is
   * {}). Throws 502 when there is no answer, or one WeChat Pay did not sign, or one not JSON.
   */
  private async send(method: 'GET' | 'POST', pathAndQuery: string, body: string): Promise<Answer> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'content-type': 'application/json',
      'user-agent': 'reading-community-server',
      authorization: this.authorization(method, pathAndQuery, body),
    }
    if (this.options.platformSerial) headers['wechatpay-serial'] = this.options.platformSerial
    let res: Response
    let text: string
    try {
      res = await fetch(this.options.baseUrl + pathAndQuery, {
        method,
        headers,
        body: method === 'GET' ? undefined : body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
      text = await res.text()
    } catch (err) {
      throw upstreamFailed(ShopText.payFailed, `${pathAndQuery}: ${String(err)}`)
    }
    // Every answer is signed by WeChat Pay: one that is not is not from it.
    try {
      verifySigned(
        { headers: Object.fromEntries(res.headers.entries()), body: text },
        this.keys(),
        this.clock.now(),
      )
    } catch (err) {
      throw upstreamFailed(
        ShopText.payFailed,
        `${pathAndQuery}: HTTP ${res.status}, answer not verified (${(err as Error).message})`,
      )
    }
    if (text === '') return { status: res.status, json: {} }
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      throw upstreamFailed(ShopText.payFailed, `${pathAndQuery}: HTTP ${res.status}, not JSON`)
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json)) {
      throw upstreamFailed(ShopText.payFailed, `${pathAndQuery}: HTTP ${res.status}, not an object`)
    }
    return { status: res.status, json: json as Record<string, unknown> }
  }
}
