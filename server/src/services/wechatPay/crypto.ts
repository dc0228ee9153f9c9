/**
 * The cryptography of WeChat Pay API v3, shared by the real client and the local double so both
 * run the same code: RSA-SHA256 (PKCS#1 v1.5) signatures in base64, the AEAD_AES_256_GCM resource
 * of notifications, nonces, and the verification of a signed message (answers and notifications).
 */
import {
  createCipheriv,
  createDecipheriv,
  createSign,
  createVerify,
  randomBytes,
  type KeyObject,
} from 'node:crypto'
import { CHINA_OFFSET_MS } from '@rules/chinaTime'
import { NotificationRefused, type PayNotification, type RawNotification } from './types'

export type Key = string | KeyObject

/** Signatures older (or newer) than this are refused: a replayed notification is stale. */
export const MAX_AGE_SECONDS = 5 * 60

export function rsaSign(privateKey: Key, message: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64')
}

export function rsaVerify(publicKey: Key, message: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKey, signature, 'base64')
  } catch {
    return false
  }
}

/** 32 characters of [0-9A-Z], as WeChat's own examples. */
export function nonceStr(): string {
  return randomBytes(16).toString('hex').toUpperCase()
}

export interface Encrypted {
  algorithm: 'AEAD_AES_256_GCM'
  ciphertext: string
  associated_data: string
  nonce: string
}

/** The resource of a notification: AES-256-GCM with the API v3 key, base64(ciphertext || tag). */
export function aesGcmEncrypt(
  apiV3Key: string,
  plaintext: string,
  associatedData: string,
): Encrypted {
  const nonce = randomBytes(6).toString('hex')
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce))
  cipher.setAAD(Buffer.from(associatedData, 'utf8'))
  const body = Buffer.concat([
    cipher.update(plaintext, 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ])
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: body.toString('base64'),
    associated_data: associatedData,
    nonce,
  }
}

export function aesGcmDecrypt(apiV3Key: string, resource: Encrypted): string {
  const data = Buffer.from(resource.ciphertext, 'base64')
  if (data.length < 17) throw new Error('ciphertext too short')
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(apiV3Key, 'utf8'),
    Buffer.from(resource.nonce, 'utf8'),
  )
  decipher.setAuthTag(data.subarray(data.length - 16))
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'))
  return Buffer.concat([
    decipher.update(data.subarray(0, data.length - 16)),
    decipher.final(),
  ]).toString('utf8')
}

/** RFC 3339 in China time, as WeChat Pay writes times: 2025-06-08T10:34:56+08:00. */
export function rfc3339China(date: Date): string {
  const china = new Date(date.getTime() + CHINA_OFFSET_MS).toISOString()
  return `${china.slice(0, 19)}+08:00`
}

const header = (headers: RawNotification['headers'], name: string): string => {
  const value = headers[name]
  return (Array.isArray(value) ? value[0] : value) ?? ''
}

export interface VerifyKeys {
  platformPublicKey: Key
  /** The Wechatpay-Serial expected; '' accepts any. */
  platformSerial: string
}

/**
 * Checks a message WeChat Pay signed (an answer or a notification): Wechatpay-Timestamp within
 * MAX_AGE_SECONDS of now, and Wechatpay-Signature over `timestamp\nnonce\nbody\n` by the platform
 * key. Throws NotificationRefused with the reason.
 */
export function verifySigned(raw: RawNotification, keys: VerifyKeys, nowMs: number): void {
  const timestamp = header(raw.headers, 'wechatpay-timestamp')
  const nonce = header(raw.headers, 'wechatpay-nonce')
  const signature = header(raw.headers, 'wechatpay-signature')
  const serial = header(raw.headers, 'wechatpay-serial')
  if (!/^\d{1,12}$/.test(timestamp) || !nonce || !signature) {
    throw new NotificationRefused('缺少签名')
  }
  if (Math.abs(Math.floor(nowMs / 1000) - Number(timestamp)) > MAX_AGE_SECONDS) {
    throw new NotificationRefused('签名已过期')
  }
  if (keys.platformSerial && serial !== keys.platformSerial) {
    throw new NotificationRefused('平台证书序列号不符')
  }
  if (!rsaVerify(keys.platformPublicKey, `${timestamp}\n${nonce}\n${raw.body}\n`, signature)) {
    throw new NotificationRefused('签名错误')
  }
}

interface NotificationBody {
  event_type?: unknown
  resource_type?: unknown
  resource?: Partial<Encrypted> & { original_type?: unknown }
}

interface Transaction {
  mchid?: unknown
  appid?: unknown
  out_trade_no?: unknown
  transaction_id?: unknown
  trade_state?: unknown
  amount?: { total?: unknown }
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '')

/**
 * A payment notification verified (verifySigned) and its resource decrypted with the API v3 key:
 * the transaction it reports. Throws NotificationRefused.
 */
export function openNotification(
  raw: RawNotification,
  keys: VerifyKeys & { apiV3Key: string },
  nowMs: number,
): PayNotification {
  verifySigned(raw, keys, nowMs)
  let body: NotificationBody
  try {
    body = JSON.parse(raw.body) as NotificationBody
  } catch {
    throw new NotificationRefused('通知格式错误')
  }
  const resource = body?.resource
  if (
    !resource ||
    resource.algorithm !== 'AEAD_AES_256_GCM' ||
    typeof resource.ciphertext !== 'string' ||
    typeof resource.nonce !== 'string'
  ) {
    throw new NotificationRefused('通知格式错误')
  }
  let tx: Transaction
  try {
    tx = JSON.parse(
      aesGcmDecrypt(keys.apiV3Key, {
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: resource.ciphertext,
        nonce: resource.nonce,
        associated_data: str(resource.associated_data),
      }),
    ) as Transaction
  } catch {
    throw new NotificationRefused('通知解密失败')
  }
  const total = tx?.amount?.total
  const out: PayNotification = {
    outTradeNo: str(tx.out_trade_no),
    transactionId: str(tx.transaction_id),
    tradeState: str(tx.trade_state),
    amountFen: typeof total === 'number' && Number.isSafeInteger(total) ? total : -1,
    mchId: str(tx.mchid),
    appId: str(tx.appid),
  }
  if (!out.outTradeNo || !out.tradeState || out.amountFen < 0) {
    throw new NotificationRefused('通知内容不完整')
  }
  if (out.tradeState === 'SUCCESS' && !out.transactionId) {
    throw new NotificationRefused('通知内容不完整')
  }
  return out
}

export interface NotificationTx {
  mchId: string
  appId: string
  outTradeNo: string
  transactionId: string
  tradeState: string
  amountFen: number
  openid?: string
}

/**
 * The notification WeChat Pay sends for a transaction: the body with its resource encrypted with
 * the API v3 key, and the Wechatpay-* headers signed with the platform private key. The local
 * double's confirm sends it to our notification route.
 */
export function buildNotification(
  tx: NotificationTx,
  keys: { platformPrivateKey: Key; platformSerial: string; apiV3Key: string },
  nowMs: number,
): RawNotification {
  const time = rfc3339China(new Date(nowMs))
  const transaction = {
    mchid: tx.mchId,
    appid: tx.appId,
    out_trade_no: tx.outTradeNo,
    transaction_id: tx.transactionId,
    trade_type: 'JSAPI',
    trade_state: tx.tradeState,
    trade_state_desc: tx.tradeState === 'SUCCESS' ? '支付成功' : tx.tradeState,
    bank_type: 'OTHERS',
    attach: '',
    success_time: time,
    payer: { openid: tx.openid ?? '' },
    amount: {
      total: tx.amountFen,
      payer_total: tx.amountFen,
      currency: 'CNY',
      payer_currency: 'CNY',
    },
  }
  const body = JSON.stringify({
    id: `EV-${randomBytes(8).toString('hex')}`,
    create_time: time,
    resource_type: 'encrypt-resource',
    event_type: tx.tradeState === 'SUCCESS' ? 'TRANSACTION.SUCCESS' : 'TRANSACTION.CLOSED',
    summary: tx.tradeState === 'SUCCESS' ? '支付成功' : '交易关闭',
    resource: {
      original_type: 'transaction',
      ...aesGcmEncrypt(keys.apiV3Key, JSON.stringify(transaction), 'transaction'),
    },
  })
  const timestamp = String(Math.floor(nowMs / 1000))
  const nonce = nonceStr()
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': keys.platformSerial,
      'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
      'wechatpay-signature': rsaSign(keys.platformPrivateKey, `${timestamp}\n${nonce}\n${body}\n`),
    },
  }
}

/** requestPayment's parameters for a prepay id, paySign by the merchant key. */
export function signJsapiParams(
  merchantPrivateKey: Key,
  appId: string,
  prepayId: string,
  nowMs: number,
) {
  const timeStamp = String(Math.floor(nowMs / 1000))
  const nonce = nonceStr()
  const pkg = `prepay_id=${prepayId}`
  return {
    appId,
    timeStamp,
    nonceStr: nonce,
    package: pkg,
    signType: 'RSA' as const,
    paySign: rsaSign(merchantPrivateKey, `${appId}\n${timeStamp}\n${nonce}\n${pkg}\n`),
  }
}
