/**
 * Tencent Cloud API 3.0 request signing (TC3-HMAC-SHA256): a POST of a JSON body, signed over the
 * content-type and host headers, as Tencent's "Signature v3" document describes.
 */
import { createHash, createHmac } from 'node:crypto'

export interface Tc3Request {
  secretId: string
  secretKey: string
  /** The product's short name, e.g. tms, ims (the first label of `host`). */
  service: string
  host: string
  action: string
  version: string
  /** Omitted for APIs without regions. */
  region?: string
  /** Unix seconds. */
  timestamp: number
  /** The JSON body, exactly as sent. */
  payload: string
}

const CONTENT_TYPE = 'application/json; charset=utf-8'
const SIGNED_HEADERS = 'content-type;host'

const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex')
const hmac = (key: Buffer | string, text: string): Buffer =>
  createHmac('sha256', key).update(text, 'utf8').digest()

/** The UTC date of a timestamp as YYYY-MM-DD. */
export const tc3Date = (timestamp: number): string =>
  new Date(timestamp * 1000).toISOString().slice(0, 10)

export function canonicalRequest(req: Pick<Tc3Request, 'host' | 'payload'>): string {
  return [
    'POST',
    '/',
    '',
    `content-type:${CONTENT_TYPE}\nhost:${req.host}\n`,
    SIGNED_HEADERS,
    sha256Hex(req.payload),
  ].join('\n')
}

export function stringToSign(req: Tc3Request): string {
  const scope = `${tc3Date(req.timestamp)}/${req.service}/tc3_request`
  return ['TC3-HMAC-SHA256', String(req.timestamp), scope, sha256Hex(canonicalRequest(req))].join(
    '\n',
  )
}

export function tc3Signature(req: Tc3Request): string {
  const secretDate = hmac(`TC3${req.secretKey}`, tc3Date(req.timestamp))
  const secretService = hmac(secretDate, req.service)
  const secretSigning = hmac(secretService, 'tc3_request')
  return createHmac('sha256', secretSigning).update(stringToSign(req), 'utf8').digest('hex')
}

/** The request's headers: Authorization and the X-TC-* common parameters. */
export function tc3Headers(req: Tc3Request): Record<string, string> {
  const scope = `${tc3Date(req.timestamp)}/${req.service}/tc3_request`
  return {
    Authorization:
      `TC3-HMAC-SHA256 Credential=${req.secretId}/${scope}, ` +
      `SignedHeaders=${SIGNED_HEADERS}, Signature=${tc3Signature(req)}`,
    'Content-Type': CONTENT_TYPE,
    Host: req.host,
    'X-TC-Action': req.action,
    'X-TC-Timestamp': String(req.timestamp),
    'X-TC-Version': req.version,
    ...(req.region ? { 'X-TC-Region': req.region } : {}),
  }
}
