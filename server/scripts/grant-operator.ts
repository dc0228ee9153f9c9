/**
 * Grants the operator role (staff who make review decisions) to an account, or takes it back:
 *
 *   npm run grant-operator -- 13800000000          (by phone number)
 *   npm run grant-operator -- --id 12               (by user id)
 *   npm run grant-operator -- 13800000000 --revoke
 *
 * It opens the same database as the server (DATA_DIR's PGlite, or DATABASE_URL); with PGlite,
 * stop the server first (one process owns its files).
 */
import { loadConfig } from '../src/config'
import { openDb } from '../src/db/client'
import { runMigrations } from '../src/db/migrate'
import { setOperator } from '../src/db/operators'
import { findLiveUserByMobile } from '../src/db/users'

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  const revoke = args.includes('--revoke')
  const idAt = args.indexOf('--id')
  const mobile = args.find((a, i) => !a.startsWith('--') && i !== idAt + 1)
  const handle = await openDb(loadConfig())
  try {
    await runMigrations(handle)
    let userId = idAt >= 0 ? Number(args[idAt + 1]) : NaN
    if (mobile) userId = (await findLiveUserByMobile(handle.db, mobile))?.id ?? NaN
    if (!Number.isInteger(userId) || userId < 1) {
      throw new Error('usage: grant-operator <phone> | --id <userId> [--revoke] (no such account)')
    }
    if (!(await setOperator(handle.db, userId, revoke)))
      throw new Error(`no live account ${userId}`)
    console.log(`user ${userId}: ${revoke ? 'operator role taken back' : 'operator role granted'}`)
  } finally {
    await handle.close()
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
})
