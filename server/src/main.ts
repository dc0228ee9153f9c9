import { sql } from 'drizzle-orm'
import { buildApp } from './app'
import { systemClock } from './clock'
import { isProduction, loadConfig } from './config'
import { openDb } from './db/client'
import { runMigrations } from './db/migrate'
import { seedDemo } from '../seed'
import { ensureSearchIndex } from './modules/search/indexer'
import { sweepUnreferencedUploads } from './modules/common/uploadSweep'
import { DiskStorage } from './services/storage'

const SWEEP_EVERY_MS = 60 * 60 * 1000
const FIRST_SWEEP_AFTER_MS = 5 * 60 * 1000

async function main(): Promise<void> {
  const config = loadConfig()
  const handle = await openDb(config)
  await runMigrations(handle)
  const seeded = await seedDemo(handle.db, systemClock.now(), {
    production: isProduction(config),
  })
  // Books without a search index (rows removed by hand): built once, before the first search.
  await ensureSearchIndex(handle.db)
  // Table statistics for the planner: PGlite runs no autovacuum, so it would plan without any.
  await handle.db.execute(sql`analyze`)
  const app = buildApp({ db: handle.db, config })
  app.log.info(
    { database: handle.kind === 'pglite' ? `pglite:${config.dataDir}/pglite` : 'postgres' },
    seeded ? 'database migrated and demo content seeded' : 'database migrated',
  )
  if (isProduction(config) && config.sms.provider === 'local') {
    app.log.warn('NODE_ENV=production with SMS_PROVIDER=local: no text message will be delivered')
  }

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`)
    await app.close()
    await handle.close()
    process.exit(0)
  }
  process.once('SIGINT', () => void shutdown('SIGINT'))
  process.once('SIGTERM', () => void shutdown('SIGTERM'))

  await app.listen({ port: config.port, host: config.host })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const host = config.host === '0.0.0.0' ? '127.0.0.1' : config.host
  app.log.info(`server ready at http://${host}:${port}`)

  // Uploads nothing refers to after a day go: a few minutes after start (not competing with the
  // first requests), then hourly (not in buildApp: tests call it). DiskStorage is stateless, so a
  // second one over the same folder is the same storage.
  const sweepContext = {
    db: handle.db,
    clock: systemClock,
    storage: new DiskStorage(config.uploadDir),
  }
  const sweep = () =>
    sweepUnreferencedUploads(sweepContext, (msg, err) => app.log.warn({ err }, msg))
      .then((removed) => {
        if (removed > 0) app.log.info(`removed ${removed} unreferenced uploads`)
      })
      .catch((err: unknown) => app.log.error({ err }, 'upload sweep failed'))
  setTimeout(() => void sweep(), FIRST_SWEEP_AFTER_MS).unref()
  setInterval(() => void sweep(), SWEEP_EVERY_MS).unref()
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
