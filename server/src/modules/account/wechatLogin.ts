import { and, eq, isNull, type SQL } from 'drizzle-orm'
import { isPhone } from '@rules/validate'
import {
  BIND_TICKET_DEAD_TEXT,
  TICKET_DEAD_TEXT,
  type LoginResult,
  type OauthRes,
} from '@api/account'
import { unixSeconds } from '../../clock'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { loginTickets, users } from '../../db/schema'
import { inTx, lockKey } from '../../db/tx'
import { badRequest } from '../../http/errors'
import { smsLockKey } from '../common/captcha'
import { checkAddress, consumeCodeFrom } from './addressLimit'
import type { WeChatSource } from './input'
import { loginResultFor } from './loginResult'
import { hashToken, newToken } from './tokens'
import { createUser, updateUser } from './users'
import { lockLiveUserByMobile, type UserRow } from '../../db/users'

const TICKET_TTL_MS = 10 * 60 * 1000

type TicketRow = typeof loginTickets.$inferSelect

/**
 * A WeChat person as one WeChat app sees them: the openid is the mini-program's (weapp) or the
 * official account's (h5); the unionid, when WeChat gives one, is the same on both sides.
 */
interface Identity {
  source: WeChatSource
  openid: string
  unionid: string | null
}

const openidColumn = (source: WeChatSource) => (source === 'h5' ? users.mpOpenid : users.openid)

const openidOf = (user: UserRow, source: WeChatSource): string | null =>
  source === 'h5' ? user.mpOpenid : user.openid

const openidField = (source: WeChatSource, openid: string) =>
  source === 'h5' ? { mpOpenid: openid } : { openid }

const identityOf = (ticket: TicketRow): Identity => ({
  source: ticket.source,
  openid: ticket.openid,
  unionid: ticket.unionid,
})

/** Serialises the logins and bindings of one WeChat person. */
async function lockIdentity(tx: Db, identity: Identity): Promise<void> {
  await lockKey(tx, `wechat:${identity.source}:${identity.openid}`)
  if (identity.unionid) await lockKey(tx, `unionid:${identity.unionid}`)
}

async function lockLiveUser(tx: Db, where: SQL): Promise<UserRow | undefined> {
  const rows = await tx
    .select()
    .from(users)
    .where(and(where, isNull(users.deletedAt)))
    .for('update')
  return rows[0]
}

const lockOpenidOwner = (tx: Db, identity: Identity) =>
  lockLiveUser(tx, eq(openidColumn(identity.source), identity.openid))

const lockUnionidOwner = async (tx: Db, identity: Identity) =>
  identity.unionid ? lockLiveUser(tx, eq(users.unionid, identity.unionid)) : undefined

/** Records on an account found by either id what it lacks: this side's openid, the unionid. */
async function completeIdentity(
  tx: Db,
  user: UserRow,
  identity: Identity,
  now: number,
): Promise<UserRow> {
  const fields: Partial<typeof users.$inferInsert> = {}
  if (openidOf(user, identity.source) === null) {
    Object.assign(fields, openidField(identity.source, identity.openid))
  }
  if (identity.unionid && user.unionid === null && !(await lockUnionidOwner(tx, identity))) {
    fields.unionid = identity.unionid
  }
  return Object.keys(fields).length > 0 ? updateUser(tx, user.id, fields, now) : user
}

/**
 * WeChat login from the mini-program (weapp) or H5 in WeChat's browser (h5): an account that has
 * this openid, or failing that this unionid, logs in; otherwise the answer is a ticket for the
 * phone-number step.
 */
export async function oauthLogin(
  app: AppContext,
  code: string,
  source: WeChatSource,
): Promise<OauthRes> {
  const session =
    source === 'h5'
      ? await app.wechat.officialAccount.webOauth(code)
      : await app.wechat.miniProgram.code2Session(code)
  const identity: Identity = { source, ...session }
  return inTx(app.db, async (tx) => {
    await lockIdentity(tx, identity)
    const now = app.clock.now()
    const known = (await lockOpenidOwner(tx, identity)) ?? (await lockUnionidOwner(tx, identity))
    if (known) {
      const user = await completeIdentity(tx, known, identity, now)
      return { bound: true as const, ...(await loginResultFor(app, tx, user)) }
    }
    const ticket = newToken()
    const expiresAt = now + TICKET_TTL_MS
    await tx.insert(loginTickets).values({
      ticketHash: hashToken(ticket),
      source,
      openid: identity.openid,
      unionid: identity.unionid,
      createdAt: new Date(now),
      expiresAt: new Date(expiresAt),
    })
    return { bound: false as const, ticket, expire_at: unixSeconds(expiresAt) }
  })
}

/** The ticket when it is known, unused and unexpired. */
async function findTicket(app: AppContext, ticket: string): Promise<TicketRow | undefined> {
  const rows = await app.db
    .select()
    .from(loginTickets)
    .where(eq(loginTickets.ticketHash, hashToken(ticket)))
  const found = rows[0]
  if (!found || found.usedAt || found.expiresAt.getTime() <= app.clock.now()) return undefined
  return found
}

/** Locks the ticket for its single use; false when another call has used it meanwhile. */
async function lockUnusedTicket(tx: Db, ticket: TicketRow): Promise<boolean> {
  const rows = await tx
    .select({ id: loginTickets.id })
    .from(loginTickets)
    .where(and(eq(loginTickets.id, ticket.id), isNull(loginTickets.usedAt)))
    .for('update')
  return rows.length > 0
}

async function markTicketUsed(tx: Db, ticket: TicketRow, now: number): Promise<void> {
  await tx
    .update(loginTickets)
    .set({ usedAt: new Date(now) })
    .where(eq(loginTickets.id, ticket.id))
}

/**
 * Binds the identity to the live account of `phone`, creating the account (no password) when
 * there is none. The caller holds the phone's and the identity's locks.
 */
async function bindToPhone(
  tx: Db,
  identity: Identity,
  phone: string,
  now: number,
): Promise<UserRow> {
  const openidOwner = await lockOpenidOwner(tx, identity)
  const unionidOwner = await lockUnionidOwner(tx, identity)
  const existing = await lockLiveUserByMobile(tx, phone)
  for (const owner of [openidOwner, unionidOwner]) {
    if (owner && owner.id !== existing?.id) throw badRequest('该微信已绑定其他账号')
  }
  if (!existing) {
    return createUser(tx, {
      mobile: phone,
      passwordHash: null,
      now,
      ...openidField(identity.source, identity.openid),
      unionid: identity.unionid,
    })
  }
  const boundOpenid = openidOf(existing, identity.source)
  const otherPerson =
    (boundOpenid !== null && boundOpenid !== identity.openid) ||
    (existing.unionid !== null &&
      identity.unionid !== null &&
      existing.unionid !== identity.unionid)
  if (otherPerson) throw badRequest('该手机号已绑定其他微信')
  const fields = {
    ...openidField(identity.source, identity.openid),
    unionid: existing.unionid ?? identity.unionid,
  }
  return updateUser(tx, existing.id, fields, now)
}

/** Completes an unbound mini-program login with the phone number WeChat vouches for. */
export async function gainUserPhone(
  app: AppContext,
  code: string,
  ticket: string,
): Promise<LoginResult> {
  // Before the ticket: without WeChat login there is no ticket, and the answer should say why.
  app.wechat.miniProgram.checkAvailable()
  const found = await findTicket(app, ticket)
  // Only the mini-program has the getPhoneNumber button: an H5 ticket completes with bindPhone.
  if (!found || found.source !== 'weapp') throw badRequest(TICKET_DEAD_TEXT)
  const phone = await app.wechat.miniProgram.getPhoneNumber(code)
  if (!isPhone(phone)) throw badRequest('暂不支持该手机号')
  const identity = identityOf(found)
  return inTx(app.db, async (tx) => {
    await lockKey(tx, smsLockKey(phone))
    await lockIdentity(tx, identity)
    if (!(await lockUnusedTicket(tx, found))) throw badRequest(TICKET_DEAD_TEXT)
    const now = app.clock.now()
    await markTicketUsed(tx, found, now)
    return loginResultFor(app, tx, await bindToPhone(tx, identity, phone, now))
  })
}

/**
 * Completes an unbound WeChat login (either kind of ticket) with a number proven by an SMS code
 * of scene `bind`. A wrong code leaves the ticket usable.
 */
export async function bindPhone(
  app: AppContext,
  ip: string,
  ticket: string,
  phone: string,
  code: string,
): Promise<LoginResult> {
  const found = await findTicket(app, ticket)
  if (!found) throw badRequest(BIND_TICKET_DEAD_TEXT)
  const identity = identityOf(found)
  return inTx(app.db, async (tx) => {
    // The code logs in to the number's account: it counts against the address like a code login.
    await checkAddress(tx, app, ip)
    await lockKey(tx, smsLockKey(phone))
    await lockIdentity(tx, identity)
    if (!(await lockUnusedTicket(tx, found))) throw badRequest(BIND_TICKET_DEAD_TEXT)
    const now = app.clock.now()
    const wrong = await consumeCodeFrom(tx, app, ip, phone, 'bind', code)
    if (wrong) return wrong
    await markTicketUsed(tx, found, now)
    return loginResultFor(app, tx, await bindToPhone(tx, identity, phone, now))
  })
}
