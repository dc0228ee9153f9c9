/**
 * App.Mall.RemoteToken: a short-lived token the external mall (MALL_URL) checks to know the reader:
 * an HS256 JWT {sub, nickname, aud: 'mall', iat, exp: iat + 300} signed with MALL_REMOTE_SECRET
 * (or, when unset, a secret generated once and kept in the database: then only this server can
 * check it).
 */
import { createHmac } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { RemoteTokenRes } from '@api/shop'
import { unixSeconds } from '../../clock'
import type { AppContext } from '../../context'
import type { Caller } from '../../http/auth'
import { users } from '../../db/schema'

export const REMOTE_TOKEN_SECONDS = 5 * 60
export const REMOTE_TOKEN_AUDIENCE = 'mall'

const b64url = (value: string | Buffer): string => Buffer.from(value).toString('base64url')

export function signHs256(payload: Record<string, unknown>, secret: string): string {
  const head = `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64url(JSON.stringify(payload))}`
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`
}

export async function remoteToken(app: AppContext, caller: Caller): Promise<RemoteTokenRes> {
  const [me] = await app.db
    .select({ nickname: users.nickname })
    .from(users)
    .where(eq(users.id, caller.userId))
  const iat = unixSeconds(app.clock.now())
  const exp = iat + REMOTE_TOKEN_SECONDS
  const secret = app.config.mall.remoteSecret || (await app.secret('mall_remote_key'))
  const token = signHs256(
    {
      sub: String(caller.userId),
      nickname: me?.nickname ?? '',
      aud: REMOTE_TOKEN_AUDIENCE,
      iat,
      exp,
    },
    secret,
  )
  return { token, expireAt: exp, mallUrl: app.config.mall.url }
}
