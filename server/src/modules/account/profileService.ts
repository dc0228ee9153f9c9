import { createHmac } from 'node:crypto'
import { and, eq, isNull, ne } from 'drizzle-orm'
import { BLOCKED_TEXT_MESSAGE, findBlockedWords } from '@rules/moderation'
import { checkIdCard, checkNickname, checkRealName, checkSignature } from '@rules/validate'
import type { BindSpidRes, PublicUser, UpdateProfileReq, UserProfile } from '@api/account'
import type { AppContext } from '../../context'
import { uploads, userLogs, users } from '../../db/schema'
import { inTx } from '../../db/tx'
import type { Caller } from '../../http/auth'
import { badRequest, loginRequired, notFound } from '../../http/errors'
import { parseUploadUrl } from '../common/uploadNames'
import { toProfile, toPublicUser } from './profile'
import { updateUser } from './users'
import { findLiveUserById, lockCaller } from '../../db/users'

export async function getProfile(app: AppContext, caller: Caller): Promise<UserProfile> {
  const user = await findLiveUserById(app.db, caller.userId)
  if (!user) throw loginRequired()
  return toProfile(user)
}

export async function getPublicUser(app: AppContext, userId: number): Promise<PublicUser> {
  const user = await findLiveUserById(app.db, userId)
  if (!user) throw notFound('用户不存在')
  return toPublicUser(user)
}

function checkClean(text: string): void {
  if (findBlockedWords(text).length > 0) throw badRequest(BLOCKED_TEXT_MESSAGE)
}

type ProfileChanges = UpdateProfileReq

/** Checks the subset of profile fields the call carries (the schema has trimmed them). */
export function checkProfileChanges(input: UpdateProfileReq): ProfileChanges {
  const changes: ProfileChanges = {}
  if (input.nickname !== undefined) {
    const problem = checkNickname(input.nickname)
    if (problem) throw badRequest(problem)
    checkClean(input.nickname)
    changes.nickname = input.nickname
  }
  if (input.signature !== undefined) {
    const problem = checkSignature(input.signature)
    if (problem) throw badRequest(problem)
    checkClean(input.signature)
    changes.signature = input.signature
  }
  if (input.sex !== undefined) changes.sex = input.sex
  if (input.avatar !== undefined) changes.avatar = input.avatar
  if (Object.keys(changes).length === 0) throw badRequest('没有需要修改的资料')
  return changes
}

export async function updateProfile(
  app: AppContext,
  caller: Caller,
  changes: ProfileChanges,
): Promise<UserProfile> {
  return inTx(app.db, async (tx) => {
    const user = await lockCaller(tx, caller.userId)
    const fields: Partial<typeof users.$inferInsert> = { ...changes }
    if (changes.avatar) {
      // Only a picture this user uploaded here may become the avatar.
      const name = parseUploadUrl(changes.avatar)
      const owned = name
        ? await tx
            .select({ id: uploads.id })
            .from(uploads)
            .where(and(eq(uploads.name, name), eq(uploads.userId, user.id)))
        : []
      if (owned.length === 0) throw badRequest('头像图片无效，请重新上传')
      fields.avatar = `/uploads/${name}`
    }
    return toProfile(await updateUser(tx, user.id, fields, app.clock.now()))
  })
}

/** Real-name verification: the name and a keyed hash of the ID (plus its last 4) are kept. */
export async function idcardAuth(
  app: AppContext,
  caller: Caller,
  realName: string,
  idCard: string,
): Promise<UserProfile> {
  const nameProblem = checkRealName(realName)
  if (nameProblem) throw badRequest(nameProblem)
  const idProblem = checkIdCard(idCard)
  if (idProblem) throw badRequest(idProblem)
  const id = idCard.trim().toUpperCase()
  const idHash = createHmac('sha256', await app.secret('id_card_hash_key'))
    .update(id)
    .digest('hex')
  return inTx(app.db, async (tx) => {
    const user = await lockCaller(tx, caller.userId)
    if (user.idVerifiedAt) throw badRequest('您已完成实名认证')
    const taken = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.idCardHash, idHash), ne(users.id, user.id), isNull(users.deletedAt)))
    if (taken.length > 0) throw badRequest('该身份证已被认证')
    const now = app.clock.now()
    const fields = {
      realName: realName.trim(),
      idCardHash: idHash,
      idCardLast4: id.slice(-4),
      idVerifiedAt: new Date(now),
    }
    return toProfile(await updateUser(tx, user.id, fields, now))
  })
}

export async function createLog(
  app: AppContext,
  caller: Caller,
  platformType: string,
  deviceInfo: string,
  ip: string,
): Promise<void> {
  await inTx(app.db, async (tx) => {
    await lockCaller(tx, caller.userId)
    await tx.insert(userLogs).values({
      userId: caller.userId,
      platformType,
      deviceInfo,
      ip,
      createdAt: new Date(app.clock.now()),
    })
  })
}

/** Records who referred the caller: once, never oneself, never one's own referral. */
export async function bindSpid(
  app: AppContext,
  caller: Caller,
  spidUserId: number,
): Promise<BindSpidRes> {
  return inTx(app.db, async (tx) => {
    const user = await lockCaller(tx, caller.userId)
    if (spidUserId === user.id) throw badRequest('不能绑定自己为推荐人')
    if (user.spidUserId !== null) throw badRequest('已绑定过推荐人')
    const referrer = await findLiveUserById(tx, spidUserId)
    if (!referrer) throw badRequest('推荐人不存在')
    if (referrer.spidUserId === user.id) throw badRequest('不能绑定自己推荐的用户')
    const now = app.clock.now()
    await updateUser(tx, user.id, { spidUserId, spidAt: new Date(now) }, now)
    return { spid_user_id: spidUserId }
  })
}
