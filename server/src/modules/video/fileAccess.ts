/**
 * Who may play a video's file: a published video anyone; one that is not, its owner or an
 * operator. A <Video> element sends no Authorization header, so the detail answers them a
 * short-lived signed address instead: `?id=N&uid=U&exp=<unix s>&sig=<HMAC-SHA256 over
 * 'video-file:N:U:exp' with the server secret video_url_key>`, good for an hour; the file route
 * still checks that U may see the video when it is used.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { videoFileUrl } from '@rules/video'
import { unixSeconds } from '../../clock'
import type { AppContext } from '../../context'

/** How long a signed address plays (seconds). */
export const SIGNED_FILE_TTL_S = 60 * 60

const signatureOf = (key: string, id: number, userId: number, exp: number): string =>
  createHmac('sha256', key).update(`video-file:${id}:${userId}:${exp}`).digest('base64url')

/** The file address `userId` (its owner or an operator) plays an unpublished video at. */
export async function signedFileUrl(app: AppContext, id: number, userId: number): Promise<string> {
  const exp = unixSeconds(app.clock.now()) + SIGNED_FILE_TTL_S
  const sig = signatureOf(await app.secret('video_url_key'), id, userId, exp)
  return `${videoFileUrl(id)}&uid=${userId}&exp=${exp}&sig=${sig}`
}

export interface SignedQuery {
  uid?: string
  exp?: string
  sig?: string
}

/** The user a signed address for video `id` was made for, or null (none, altered or expired). */
export async function signedViewer(
  app: AppContext,
  id: number,
  query: SignedQuery,
): Promise<number | null> {
  const { uid, exp, sig } = query
  if (!uid || !exp || !sig || !/^\d{1,10}$/.test(uid) || !/^\d{1,12}$/.test(exp)) return null
  const userId = Number(uid)
  const expires = Number(exp)
  if (userId < 1 || expires <= unixSeconds(app.clock.now())) return null
  const expected = Buffer.from(signatureOf(await app.secret('video_url_key'), id, userId, expires))
  const actual = Buffer.from(sig)
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? userId : null
}
