import type { UserProfile } from '@api/account'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { agentApplications, agents } from '../../db/schema'
import { lockKey } from '../../db/tx'
import type { Caller } from '../../http/auth'
import { badRequest } from '../../http/errors'
import { consumeCaptcha, smsLockKey } from '../common/captcha'
import { inTxEndingSessions } from './chatSessions'
import { toProfile } from './profile'
import { checkCurrentPassword } from './service'
import { familyOf, revokeUserSessions } from './tokens'
import { updateUser } from './users'
import { lockCaller, lockLiveUserByMobile } from '../../db/users'

/**
 * Moves the account to a new number, proven by a change_phone code sent to that number and, for
 * an account with a password, that password (a stolen session alone cannot take the account
 * over); other sessions are logged out, as on a password change.
 */
export async function changePhone(
  app: AppContext,
  caller: Caller,
  phone: string,
  code: string,
  password: string,
): Promise<UserProfile> {
  return inTxEndingSessions(app, async (tx, endSessions) => {
    await lockKey(tx, smsLockKey(phone))
    const user = await lockCaller(tx, caller.userId)
    if (user.mobile === phone) throw badRequest('新手机号不能与原手机号相同')
    if (await lockLiveUserByMobile(tx, phone)) throw badRequest('该手机号已被其他账号使用')
    const now = app.clock.now()
    if (user.passwordHash && !password) throw badRequest('请输入登录密码')
    const wrongPassword = await checkCurrentPassword(tx, user, password, now, '登录密码错误')
    if (wrongPassword) return wrongPassword
    const wrong = await consumeCaptcha(tx, now, phone, 'change_phone', code)
    if (wrong) return wrong
    const moved = await updateUser(tx, user.id, { mobile: phone }, now)
    const keepFamilyId = await familyOf(tx, caller.sessionId)
    await revokeUserSessions(tx, user.id, 'phone', now, keepFamilyId)
    endSessions(user.id, { all: true, keepFamilyId })
    return toProfile(moved)
  })
}

/**
 * Deletes the account after a delete_account code sent to its own number: the row stays (other
 * records point at it) but the number, WeChat binding and identity data are freed and every
 * session ends.
 */
export async function deleteAccount(app: AppContext, caller: Caller, code: string): Promise<void> {
  await inTxEndingSessions(app, async (tx, endSessions) => {
    const user = await lockCaller(tx, caller.userId)
    if (!user.mobile) throw badRequest('账号未绑定手机号，无法验证')
    const now = app.clock.now()
    const wrong = await consumeCaptcha(tx, now, user.mobile, 'delete_account', code)
    if (wrong) return wrong
    await updateUser(
      tx,
      user.id,
      {
        deletedAt: new Date(now),
        mobile: null,
        openid: null,
        mpOpenid: null,
        unionid: null,
        passwordHash: null,
        nickname: '已注销用户',
        avatar: '',
        signature: '',
        realName: '',
        idCardHash: null,
        idCardLast4: '',
        idVerifiedAt: null,
        spidUserId: null,
      },
      now,
    )
    await forgetAgentDetails(tx, user.id)
    await revokeUserSessions(tx, user.id, 'deleted', now)
    endSessions(user.id, { all: true })
  })
}

/**
 * A deleted agent's name, phone and withdrawal card go too (withdrawals keep the card they were
 * paid to: they are the money's record).
 */
async function forgetAgentDetails(tx: Db, userId: number): Promise<void> {
  await tx
    .update(agents)
    .set({ realName: '', phone: '', cardHolder: null, cardBank: null, cardNo: null })
    .where(eq(agents.userId, userId))
  await tx
    .update(agentApplications)
    .set({ realName: '', phone: '' })
    .where(eq(agentApplications.userId, userId))
}
