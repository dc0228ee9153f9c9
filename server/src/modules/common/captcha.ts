import { createHash, randomInt, timingSafeEqual } from 'node:crypto'
import { and, count, desc, eq, gt, gte, isNull } from 'drizzle-orm'
import { CHINA_OFFSET_MS } from '@rules/chinaTime'
import { Limits } from '@rules/limits'
import type { NeedCaptchaData, SendCaptchaRes, SmsScene } from '@api/common'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { smsCodes } from '../../db/schema'
import { inTx, lockKey } from '../../db/tx'
import type { Caller } from '../../http/auth'
import { AppError, badRequest, loginRequired, tooMany } from '../../http/errors'
import { findLiveUserById, findLiveUserByMobile } from '../../db/users'
import { useImageCaptcha } from './imageCaptcha'

const MAX_WRONG_TRIES = 5
const HOUR_MS = 60 * 60 * 1000
export const CAPTCHA_NEEDED_TEXT = '请输入图形验证码'
export const CAPTCHA_WRONG_TEXT = '图形验证码错误，请重新输入'
const NEED_CAPTCHA: NeedCaptchaData = { needCaptcha: true }

/** The image captcha a send carries (App.Common_Tools.CreateCaptcha), when it carries one. */
export interface ImageAnswer {
  id: string
  code: string
}
const DAY_MS = 24 * 60 * 60 * 1000

export const startOfCstDay = (ms: number): number =>
  Math.floor((ms + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS

const hashCode = (mobile: string, scene: SmsScene, code: string): string =>
  createHash('sha256').update(`${mobile}:${scene}:${code}`).digest('hex')

export const smsLockKey = (mobile: string): string => `sms:${mobile}`

/** Who may receive a code for which purpose. */
async function checkRecipient(
  tx: Db,
  mobile: string,
  scene: SmsScene,
  caller: Caller | null,
): Promise<void> {
  const owner = await findLiveUserByMobile(tx, mobile)
  switch (scene) {
    case 'register':
      if (owner) throw badRequest('该手机号已注册')
      return
    case 'login':
    case 'reset':
      if (!owner) throw badRequest('该手机号未注册')
      return
    case 'change_phone':
      // Only a logged-in account moves to a new number (updateUserPhoneApi needs a token too).
      if (!caller || !(await findLiveUserById(tx, caller.userId))) throw loginRequired()
      if (owner && owner.id === caller.userId) {
        throw badRequest('新手机号不能与原手机号相同')
      }
      if (owner) throw badRequest('该手机号已被其他账号使用')
      return
    case 'delete_account': {
      if (!caller) throw loginRequired()
      const me = await findLiveUserById(tx, caller.userId)
      if (!me) throw loginRequired()
      if (me.mobile !== mobile) throw badRequest('请使用当前账号绑定的手机号接收验证码')
      return
    }
    case 'bind':
      // Completes a WeChat login with any number: its account is found or created.
      return
  }
}

/** One code per 60 s and 10 a day per number, whatever the scene. */
async function checkSendLimits(tx: Db, mobile: string, now: number): Promise<void> {
  const last = await tx
    .select({ createdAt: smsCodes.createdAt })
    .from(smsCodes)
    .where(eq(smsCodes.mobile, mobile))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1)
  if (last[0]) {
    const wait = last[0].createdAt.getTime() + Limits.smsResendSec * 1000 - now
    if (wait > 0) throw tooMany(`发送过于频繁，请${Math.ceil(wait / 1000)}秒后再试`)
  }
  const today = await tx
    .select({ n: count() })
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, mobile), gte(smsCodes.createdAt, new Date(startOfCstDay(now)))))
  if (today[0].n >= Limits.smsDailyMax) throw tooMany('今日验证码发送次数已达上限')
}

/**
 * After config.sms.captchaAfterPerNumber codes to this number, or captchaAfterPerIp from this
 * address, within the last hour, each further send needs a right image captcha. Answers the
 * failure to commit (a tried captcha is used up), or null when the send may go ahead.
 */
async function checkImageCaptcha(
  tx: Db,
  app: AppContext,
  mobile: string,
  ip: string,
  now: number,
  answer: ImageAnswer | null,
): Promise<AppError | null> {
  const since = new Date(now - HOUR_MS)
  const sent = async (where: ReturnType<typeof eq>) =>
    (
      await tx
        .select({ n: count() })
        .from(smsCodes)
        .where(and(where, gt(smsCodes.createdAt, since)))
    )[0].n
  const { captchaAfterPerNumber, captchaAfterPerIp } = app.config.sms
  const needed =
    (await sent(eq(smsCodes.mobile, mobile))) >= captchaAfterPerNumber ||
    (await sent(eq(smsCodes.ip, ip))) >= captchaAfterPerIp
  if (!needed) return null
  if (!answer || !answer.id || !answer.code) {
    throw new AppError(400, CAPTCHA_NEEDED_TEXT, undefined, NEED_CAPTCHA)
  }
  if (await useImageCaptcha(tx, now, answer.id, answer.code)) return null
  return new AppError(400, CAPTCHA_WRONG_TEXT, undefined, NEED_CAPTCHA)
}

/**
 * Sends a code. Besides the per-number limits, one client address (`ip`) gets at most
 * config.sms.ipHourlyMax codes in any hour, whatever the scene and number; refused sends do not
 * count. Repeated sends need an image captcha (checkImageCaptcha).
 */
export async function sendCaptcha(
  app: AppContext,
  mobile: string,
  scene: SmsScene,
  caller: Caller | null,
  ip: string,
  image: ImageAnswer | null = null,
): Promise<SendCaptchaRes> {
  const release = app.smsPerIp.take(ip)
  if (!release) throw tooMany('验证码发送过于频繁，请稍后再试')
  try {
    return await sendInTx(app, mobile, scene, caller, ip, image)
  } catch (err) {
    release()
    throw err
  }
}

/**
 * Records the code, then sends it outside the transaction: a slow provider must not hold the
 * database (PGlite has one connection). A failed send removes the code, so it is not counted.
 */
async function sendInTx(
  app: AppContext,
  mobile: string,
  scene: SmsScene,
  caller: Caller | null,
  ip: string,
  image: ImageAnswer | null,
): Promise<SendCaptchaRes> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const id = await inTx(app.db, async (tx) => {
    await lockKey(tx, smsLockKey(mobile))
    await checkRecipient(tx, mobile, scene, caller)
    const now = app.clock.now()
    await checkSendLimits(tx, mobile, now)
    const refused = await checkImageCaptcha(tx, app, mobile, ip, now, image)
    if (refused) return refused
    // A new code replaces any earlier one for the same purpose.
    await tx
      .update(smsCodes)
      .set({ closedAt: new Date(now) })
      .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.scene, scene), isNull(smsCodes.closedAt)))
    const rows = await tx
      .insert(smsCodes)
      .values({
        mobile,
        scene,
        codeHash: hashCode(mobile, scene, code),
        createdAt: new Date(now),
        expiresAt: new Date(now + Limits.smsCodeTtlSec * 1000),
        ip,
      })
      .returning({ id: smsCodes.id })
    return rows[0].id
  })
  try {
    await app.sms.send({ mobile, code, scene })
  } catch (err) {
    await app.db.delete(smsCodes).where(eq(smsCodes.id, id))
    throw err
  }
  return { retry_after: Limits.smsResendSec }
}

/**
 * Uses up the code if it is right. Returns (does not throw) the failure, so the caller's
 * transaction commits the counted wrong try before reporting it.
 */
export async function consumeCaptcha(
  tx: Db,
  now: number,
  mobile: string,
  scene: SmsScene,
  code: string,
): Promise<AppError | null> {
  const rows = await tx
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.scene, scene), isNull(smsCodes.closedAt)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1)
    .for('update')
  const row = rows[0]
  if (!row || row.expiresAt.getTime() <= now) return badRequest('验证码已失效，请重新获取')
  const expected = Buffer.from(row.codeHash, 'hex')
  const actual = Buffer.from(hashCode(mobile, scene, code), 'hex')
  if (timingSafeEqual(expected, actual)) {
    await tx
      .update(smsCodes)
      .set({ closedAt: new Date(now) })
      .where(eq(smsCodes.id, row.id))
    return null
  }
  const attempts = row.attempts + 1
  const dead = attempts >= MAX_WRONG_TRIES
  await tx
    .update(smsCodes)
    .set({ attempts, closedAt: dead ? new Date(now) : null })
    .where(eq(smsCodes.id, row.id))
  return badRequest(dead ? '验证码错误次数过多，请重新获取' : '验证码错误')
}
