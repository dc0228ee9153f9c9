import { Limits } from '@rules/limits'
import { REFRESH_DEAD_TEXT, type LoginByTokenRes, type LoginResult } from '@api/account'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { inTx, lockKey } from '../../db/tx'
import type { Caller } from '../../http/auth'
import { type AppError, badRequest, loginRequired, tooMany } from '../../http/errors'
import { smsLockKey } from '../common/captcha'
import { checkAddress, consumeCodeFrom, countAddressFailure } from './addressLimit'
import { inTxEndingSessions } from './chatSessions'
import { loginResultFor } from './loginResult'
import { hashPassword, verifyDummyPassword, verifyPassword } from './passwords'
import { toProfile } from './profile'
import {
  familyIsLive,
  familyOf,
  lockSessionByRefreshToken,
  revokeFamily,
  revokeSession,
  revokeUserSessions,
} from './tokens'
import { createUser, updateUser } from './users'
import {
  ACCOUNT_GONE_TEXT,
  findLiveUserById,
  lockCaller,
  lockLiveUserByMobile,
  type UserRow,
} from '../../db/users'

/** The lock holds back password guessing only: the owner still has the SMS code. */
export const LOCKED_TEXT = '密码错误次数过多，密码登录已锁定15分钟，可使用短信验证码登录'
/** The same lock met by a signed-in person confirming their password. */
const CONFIRM_LOCKED_TEXT = '密码错误次数过多，请15分钟后再试'

export async function register(
  app: AppContext,
  ip: string,
  mobile: string,
  code: string,
  password: string,
): Promise<LoginResult> {
  const passwordHash = await hashPassword(password)
  return inTx(app.db, async (tx) => {
    await checkAddress(tx, app, ip)
    await lockKey(tx, smsLockKey(mobile))
    if (await lockLiveUserByMobile(tx, mobile)) throw badRequest('该手机号已注册')
    const now = app.clock.now()
    const wrong = await consumeCodeFrom(tx, app, ip, mobile, 'register', code)
    if (wrong) return wrong
    const user = await createUser(tx, { mobile, passwordHash, now })
    return loginResultFor(app, tx, user)
  })
}

/**
 * Password login with the per-account lockout (5 wrong in a row → 15 minutes of no password
 * login; code login and reset still work) and the per-address limit (every failure counts).
 */
export async function loginByPassword(
  app: AppContext,
  ip: string,
  mobile: string,
  password: string,
): Promise<LoginResult> {
  return inTx(app.db, async (tx) => {
    await checkAddress(tx, app, ip)
    const failed = async (error: AppError): Promise<AppError> => {
      await countAddressFailure(tx, app, ip)
      return error
    }
    const user = await lockLiveUserByMobile(tx, mobile)
    // Same scrypt cost either way: the timing does not tell whether the number is registered.
    if (!user) {
      await verifyDummyPassword(password)
      return failed(badRequest(ACCOUNT_GONE_TEXT))
    }
    const now = app.clock.now()
    if (isLocked(user, now)) return failed(tooMany(LOCKED_TEXT))
    if (!user.passwordHash) {
      await verifyDummyPassword(password)
      return failed(badRequest('该账号尚未设置密码，请使用验证码登录'))
    }
    if (await verifyPassword(password, user.passwordHash)) {
      const fresh = await updateUser(tx, user.id, { failedLogins: 0, lockedUntil: null }, now)
      return loginResultFor(app, tx, fresh)
    }
    const left = await countWrongPassword(tx, user, now)
    return failed(
      left === 0 ? tooMany(LOCKED_TEXT) : badRequest(`账号或密码错误，还可尝试${left}次`),
    )
  })
}

/** Counts a wrong password; the fifth in a row locks the account. Returns the tries left. */
async function countWrongPassword(tx: Db, user: UserRow, now: number): Promise<number> {
  const failures = user.failedLogins + 1
  if (failures >= Limits.passwordMaxFailures) {
    const lockedUntil = new Date(now + Limits.passwordLockSec * 1000)
    await updateUser(tx, user.id, { failedLogins: 0, lockedUntil }, now)
    return 0
  }
  await updateUser(tx, user.id, { failedLogins: failures }, now)
  return Limits.passwordMaxFailures - failures
}

const isLocked = (user: UserRow, now: number): boolean =>
  user.lockedUntil !== null && user.lockedUntil.getTime() > now

/**
 * Checks the signed-in person's current password before a sensitive change. Wrong guesses count
 * towards the login lockout; the failure is returned (not thrown) so the count is committed.
 */
export async function checkCurrentPassword(
  tx: Db,
  user: UserRow,
  password: string,
  now: number,
  wrongText: string,
): Promise<AppError | null> {
  if (!user.passwordHash) return null
  if (isLocked(user, now)) throw tooMany(CONFIRM_LOCKED_TEXT)
  if (await verifyPassword(password, user.passwordHash)) return null
  return (await countWrongPassword(tx, user, now)) === 0
    ? tooMany(CONFIRM_LOCKED_TEXT)
    : badRequest(wrongText)
}

/** Code login (also while password login is locked); a successful one lifts the lock. */
export async function loginByCode(
  app: AppContext,
  ip: string,
  mobile: string,
  code: string,
): Promise<LoginResult> {
  return inTx(app.db, async (tx) => {
    await checkAddress(tx, app, ip)
    const user = await lockLiveUserByMobile(tx, mobile)
    if (!user) throw badRequest('该手机号未注册')
    const now = app.clock.now()
    const wrong = await consumeCodeFrom(tx, app, ip, mobile, 'login', code)
    if (wrong) return wrong
    const fresh = await updateUser(tx, user.id, { failedLogins: 0, lockedUntil: null }, now)
    return loginResultFor(app, tx, fresh)
  })
}

/**
 * Sets a new password with a reset code (also while password login is locked, which it lifts)
 * and logs the account out everywhere.
 */
export async function resetPassword(
  app: AppContext,
  ip: string,
  mobile: string,
  code: string,
  password: string,
): Promise<void> {
  const passwordHash = await hashPassword(password)
  await inTxEndingSessions(app, async (tx, endSessions) => {
    await checkAddress(tx, app, ip)
    const user = await lockLiveUserByMobile(tx, mobile)
    if (!user) throw badRequest('该手机号未注册')
    const now = app.clock.now()
    const wrong = await consumeCodeFrom(tx, app, ip, mobile, 'reset', code)
    if (wrong) return wrong
    await updateUser(tx, user.id, { passwordHash, failedLogins: 0, lockedUntil: null }, now)
    await revokeUserSessions(tx, user.id, 'reset', now)
    endSessions(user.id, { all: true })
  })
}

const ROTATION_GRACE_MS = 30_000

/**
 * Rotates the pair: the used refresh token and its access token die, a new pair is issued in the
 * same family. A dead refresh token presented again after the grace window means it leaked: the
 * whole family is revoked.
 */
export async function refresh(app: AppContext, refreshToken: string): Promise<LoginResult> {
  return inTxEndingSessions(app, async (tx, endSessions) => {
    const session = await lockSessionByRefreshToken(tx, refreshToken)
    if (!session) throw loginRequired(REFRESH_DEAD_TEXT)
    const now = app.clock.now()
    if (session.revokedAt) {
      if (session.revokedReason !== 'rotated') throw loginRequired(REFRESH_DEAD_TEXT)
      // Two tabs refreshing at once, or an answer lost on the way: within the grace window a
      // just-rotated token gets another pair of the same (still live) family.
      const recent = session.revokedAt.getTime() > now - ROTATION_GRACE_MS
      const user = recent ? await findLiveUserById(tx, session.userId) : undefined
      if (user && (await familyIsLive(tx, session.familyId, now))) {
        return loginResultFor(app, tx, user, session.familyId)
      }
      await revokeFamily(tx, session.familyId, 'reuse', now)
      endSessions(session.userId, { familyIds: [session.familyId] })
      return loginRequired(REFRESH_DEAD_TEXT)
    }
    if (session.refreshExpiresAt.getTime() <= now) throw loginRequired(REFRESH_DEAD_TEXT)
    const user = await findLiveUserById(tx, session.userId)
    if (!user) throw loginRequired(REFRESH_DEAD_TEXT)
    await revokeSession(tx, session.id, 'rotated', now)
    return loginResultFor(app, tx, user, session.familyId)
  })
}

export async function logout(app: AppContext, caller: Caller): Promise<void> {
  await inTxEndingSessions(app, async (tx, endSessions) => {
    const familyId = await familyOf(tx, caller.sessionId)
    if (!familyId) return
    await revokeFamily(tx, familyId, 'logout', app.clock.now())
    endSessions(caller.userId, { familyIds: [familyId] })
  })
}

export async function loginByToken(app: AppContext, caller: Caller): Promise<LoginByTokenRes> {
  const user = await findLiveUserById(app.db, caller.userId)
  if (!user) throw loginRequired()
  return { user: toProfile(user), userSig: await app.userSigner.sign(String(user.id)) }
}

/** Changes the password knowing the old one; other sessions are logged out. */
export async function changePassword(
  app: AppContext,
  caller: Caller,
  oldPassword: string,
  password: string,
): Promise<void> {
  const passwordHash = await hashPassword(password)
  await inTxEndingSessions(app, async (tx, endSessions) => {
    const user = await lockCaller(tx, caller.userId)
    if (!user.passwordHash) throw badRequest('尚未设置密码，请通过找回密码设置')
    const now = app.clock.now()
    // Guesses at the old password count towards the same lockout as login.
    const wrong = await checkCurrentPassword(tx, user, oldPassword, now, '原密码错误')
    if (wrong) return wrong
    await updateUser(tx, user.id, { passwordHash, failedLogins: 0, lockedUntil: null }, now)
    const keepFamilyId = await familyOf(tx, caller.sessionId)
    await revokeUserSessions(tx, user.id, 'password', now, keepFamilyId)
    endSessions(user.id, { all: true, keepFamilyId })
  })
}
