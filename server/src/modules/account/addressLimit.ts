import { and, count, eq, gt, sql } from 'drizzle-orm'
import type { SmsScene } from '@api/common'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { loginFailures } from '../../db/schema'
import { lockKey } from '../../db/tx'
import { type AppError, tooMany } from '../../http/errors'
import { consumeCaptcha } from '../common/captcha'

/** The sliding window of the per-address limit (its size is config.loginIpFailuresMax). */
export const ADDRESS_WINDOW_MS = 15 * 60 * 1000

export const ADDRESS_LIMIT_TEXT = '尝试次数过多，请稍后再试'

/**
 * The per-address limit on guessing, across accounts: once one client address has
 * config.loginIpFailuresMax failed password logins or SMS-code checks within ADDRESS_WINDOW_MS,
 * its password and code logins answer 429 whatever the account, until failures age out. Call it
 * first in the attempt's transaction: it also serialises one address's attempts (on the
 * address's advisory lock), so parallel guesses cannot slip past the count. Kept in the database,
 * so every server process sees the same count.
 */
export async function checkAddress(tx: Db, app: AppContext, ip: string): Promise<void> {
  await lockKey(tx, `login-ip:${ip}`)
  const since = new Date(app.clock.now() - ADDRESS_WINDOW_MS)
  const [recent] = await tx
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, ip), gt(loginFailures.at, since)))
  if (recent.n >= app.config.loginIpFailuresMax) throw tooMany(ADDRESS_LIMIT_TEXT)
}

/** Old rows removed per counted failure: the table shrinks faster than failures add to it. */
const PRUNE_BATCH = 100

/**
 * Counts one failed attempt from `ip` (in the attempt's transaction, which must then commit:
 * return the failure, do not throw it) and prunes failures of any address older than the window;
 * rows another attempt is pruning are skipped, so attempts of different addresses never wait on
 * each other.
 */
export async function countAddressFailure(tx: Db, app: AppContext, ip: string): Promise<void> {
  const now = app.clock.now()
  const expired = new Date(now - ADDRESS_WINDOW_MS).toISOString()
  await tx.execute(sql`
    delete from login_failures where ctid in (
      select ctid from login_failures where at <= ${expired}::timestamptz
      limit ${PRUNE_BATCH} for update skip locked)`)
  await tx.insert(loginFailures).values({ ip, at: new Date(now) })
}

/**
 * Checks an SMS code for an anonymous call (register, code login, reset, WeChat bind); a wrong
 * one counts against the caller's address. Returns the failure for the transaction to commit.
 */
export async function consumeCodeFrom(
  tx: Db,
  app: AppContext,
  ip: string,
  mobile: string,
  scene: SmsScene,
  code: string,
): Promise<AppError | null> {
  const wrong = await consumeCaptcha(tx, app.clock.now(), mobile, scene, code)
  if (wrong) await countAddressFailure(tx, app, ip)
  return wrong
}
