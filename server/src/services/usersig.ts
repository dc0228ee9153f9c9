import { createHmac, timingSafeEqual } from 'node:crypto'
import { deflateSync } from 'node:zlib'
import type { Clock } from '../clock'

/** Chat signatures live 180 days, Tencent's recommended default. */
export const USER_SIG_TTL_SEC = 180 * 24 * 60 * 60

export interface UserSigner {
  readonly kind: 'tencent' | 'local'
  sign(identifier: string): Promise<string>
}

/** Tencent's url-safe base64: '+' → '*', '/' → '-', '=' → '_'. */
export function tencentBase64(buf: Buffer): string {
  return buf.toString('base64').replace(/\+/g, '*').replace(/\//g, '-').replace(/=/g, '_')
}

/** TLS userSig v2 (tls-sig-api-v2): HMAC-SHA256 over the TLS fields, JSON, deflate, base64. */
export function genTencentUserSig(
  sdkAppId: number,
  secretKey: string,
  identifier: string,
  expireSec: number,
  nowSec: number,
): string {
  const content =
    `TLS.identifier:${identifier}\n` +
    `TLS.sdkappid:${sdkAppId}\n` +
    `TLS.time:${nowSec}\n` +
    `TLS.expire:${expireSec}\n`
  const sig = createHmac('sha256', secretKey).update(content).digest('base64')
  const doc = {
    'TLS.ver': '2.0',
    'TLS.identifier': identifier,
    'TLS.sdkappid': sdkAppId,
    'TLS.time': nowSec,
    'TLS.expire': expireSec,
    'TLS.sig': sig,
  }
  return tencentBase64(deflateSync(Buffer.from(JSON.stringify(doc))))
}

export class TencentUserSigner implements UserSigner {
  readonly kind = 'tencent'

  constructor(
    private readonly sdkAppId: number,
    private readonly secretKey: string,
    private readonly clock: Clock,
  ) {}

  async sign(identifier: string): Promise<string> {
    const now = Math.floor(this.clock.now() / 1000)
    return genTencentUserSig(this.sdkAppId, this.secretKey, identifier, USER_SIG_TTL_SEC, now)
  }
}

/** For the local chat gateway: `local.<payload>.<hmac>` with a key kept in the database. */
export class LocalUserSigner implements UserSigner {
  readonly kind = 'local'

  constructor(
    private readonly key: () => Promise<string>,
    private readonly clock: Clock,
  ) {}

  async sign(identifier: string): Promise<string> {
    const payload = Buffer.from(
      JSON.stringify({
        identifier,
        time: Math.floor(this.clock.now() / 1000),
        expire: USER_SIG_TTL_SEC,
      }),
    ).toString('base64url')
    return `local.${payload}.${mac(await this.key(), payload)}`
  }

  /** The identifier a local sig was issued to, or null when it is forged or expired. */
  async verify(sig: string): Promise<string | null> {
    const [prefix, payload, given] = sig.split('.')
    if (prefix !== 'local' || !payload || !given) return null
    const expected = Buffer.from(mac(await this.key(), payload))
    const actual = Buffer.from(given)
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null
    try {
      const body = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
        identifier: string
        time: number
        expire: number
      }
      return body.time + body.expire > this.clock.now() / 1000 ? body.identifier : null
    } catch {
      return null
    }
  }
}

const mac = (key: string, payload: string): string =>
  createHmac('sha256', key).update(payload).digest('base64url')
