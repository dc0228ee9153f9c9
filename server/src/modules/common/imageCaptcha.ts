import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { eq, lt } from 'drizzle-orm'
import { create as drawCaptcha } from 'svg-captcha'
import type { CreateCaptchaRes } from '@api/common'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { imageCaptchas } from '../../db/schema'
import { tooMany } from '../../http/errors'
import { SlidingWindow } from '../../slidingWindow'

export const CAPTCHA_TTL_MS = 5 * 60 * 1000
/** No 0/O, 1/I/L: characters a reader cannot mistake for each other. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
const LENGTH = 4
const ID = /^[a-f0-9]{32}$/

export const hashAnswer = (id: string, answer: string): string =>
  createHash('sha256').update(`${id}:${answer.trim().toLowerCase()}`).digest('hex')

/** New captchas per client address in any 10 minutes (each one is a row for 5 minutes). */
const CREATE_MAX = 30
const CREATE_WINDOW_MS = 10 * 60 * 1000
const creations = new WeakMap<AppContext, SlidingWindow>()

/** POST App.Common_Tools.CreateCaptcha: a new captcha, drawn on the server as an SVG. */
export async function createImageCaptcha(app: AppContext, ip: string): Promise<CreateCaptchaRes> {
  let window = creations.get(app)
  if (!window) {
    window = new SlidingWindow(CREATE_MAX, CREATE_WINDOW_MS, app.clock)
    creations.set(app, window)
  }
  if (!window.take(ip)) throw tooMany('操作过于频繁，请稍后再试')
  const drawn = drawCaptcha({
    size: LENGTH,
    charPreset: ALPHABET,
    noise: 3,
    color: true,
    width: 120,
    height: 44,
    fontSize: 48,
    background: '#f4f5f7',
  })
  const id = randomBytes(16).toString('hex')
  const now = app.clock.now()
  // Expired captchas are of no use to anyone: each new one clears them.
  await app.db.delete(imageCaptchas).where(lt(imageCaptchas.expiresAt, new Date(now)))
  await app.db.insert(imageCaptchas).values({
    id,
    answerHash: hashAnswer(id, drawn.text),
    createdAt: new Date(now),
    expiresAt: new Date(now + CAPTCHA_TTL_MS),
  })
  const image = `data:image/svg+xml;base64,${Buffer.from(drawn.data).toString('base64')}`
  return { captchaId: id, image }
}

/**
 * Whether `answer` is the captcha's text (case-insensitive). Any attempt uses the captcha up, right
 * or wrong, so each one can be guessed once; the caller's transaction must commit that.
 */
export async function useImageCaptcha(
  tx: Db,
  now: number,
  id: string,
  answer: string,
): Promise<boolean> {
  if (!ID.test(id)) return false
  const rows = await tx.select().from(imageCaptchas).where(eq(imageCaptchas.id, id)).for('update')
  const row = rows[0]
  if (!row || row.usedAt || row.expiresAt.getTime() <= now) return false
  await tx
    .update(imageCaptchas)
    .set({ usedAt: new Date(now) })
    .where(eq(imageCaptchas.id, id))
  const expected = Buffer.from(row.answerHash, 'hex')
  const actual = Buffer.from(hashAnswer(id, answer), 'hex')
  return answer.trim() !== '' && timingSafeEqual(expected, actual)
}
