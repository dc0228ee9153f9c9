import { and, eq, isNull } from 'drizzle-orm'
import { isPhone } from '../../../../src/core/validate'
import type { LoginResult, OauthRes } from '../../../../types/api/account'
import { unixSeconds } from '../../clock'
import type { AppContext } from '../../context'
import { loginTickets, users } from '../../db/schema'
import { inTx, lockKey } from '../../db/tx'
import { badRequest } from '../../http/errors'
import { smsLockKey } from '../common/captcha'
import { loginResultFor } from './loginResult'
import { hashToken, newToken } from './tokens'
import { createUser, lockLiveUserByMobile, updateUser } from './users'

const TICKET_TTL_MS = 10 * 60 * 1000

/** Mini-program login: a bound WeChat account logs in, an unbound one gets a phone-step ticket. */
export async function oauthLogin(app: AppContext, code: string): Promise<OauthRes> {
  const session = await app.wechat.code2Session(code)
  return inTx(app.db, async (tx) => {
    const now = app.clock.now()
    const bound = await tx
      .select()
      .from(users)
      .where(and(eq(users.openid, session.openid), isNull(users.deletedAt)))
    if (bound[0]) {
      const result = await loginResultFor(app, tx, bound[0])
      return { bound: true as const, ...result }
    }
    const ticket = newToken()
    const expiresAt = now + TICKET_TTL_MS
    await tx.insert(loginTickets).values({
      ticketHash: hashToken(ticket),
      openid: session.openid,
      unionid: session.unionid,
      createdAt: new Date(now),
      expiresAt: new Date(expiresAt),
    })
    return { bound: false as const, ticket, expire_at: unixSeconds(expiresAt) }
  })
}

/** Completes an unbound login with the phone number WeChat vouches for. */
export async function gainUserPhone(
  app: AppContext,
  code: string,
  ticket: string,
): Promise<LoginResult> {
  const rows = await app.db
    .select()
    .from(loginTickets)
    .where(eq(loginTickets.ticketHash, hashToken(ticket)))
  const found = rows[0]
  if (!found || found.usedAt || found.expiresAt.getTime() <= app.clock.now()) {
    throw badRequest('登录已超时，请重新登录')
  }
  const phone = await app.wechat.getPhoneNumber(code)
  if (!isPhone(phone)) throw badRequest('暂不支持该手机号')
  return inTx(app.db, async (tx) => {
    await lockKey(tx, smsLockKey(phone))
    await lockKey(tx, `openid:${found.openid}`)
    const now = app.clock.now()
    const used = await tx
      .update(loginTickets)
      .set({ usedAt: new Date(now) })
      .where(and(eq(loginTickets.id, found.id), isNull(loginTickets.usedAt)))
      .returning({ id: loginTickets.id })
    if (used.length === 0) throw badRequest('登录已超时，请重新登录')
    const openidOwner = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.openid, found.openid), isNull(users.deletedAt)))
    const existing = await lockLiveUserByMobile(tx, phone)
    if (openidOwner[0] && openidOwner[0].id !== existing?.id) {
      throw badRequest('该微信已绑定其他账号')
    }
    if (existing?.openid && existing.openid !== found.openid) {
      throw badRequest('该手机号已绑定其他微信')
    }
    const user = existing
      ? await updateUser(tx, existing.id, { openid: found.openid, unionid: found.unionid }, now)
      : await createUser(tx, {
          mobile: phone,
          passwordHash: null,
          now,
          openid: found.openid,
          unionid: found.unionid,
        })
    return loginResultFor(app, tx, user)
  })
}
