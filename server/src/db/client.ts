import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { Pool } from 'pg'
import { withTurns } from './pgliteTurns'
import * as schema from './schema'

/** The one database type every service uses, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export interface DbHandle {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Applies the committed migrations in server/src/db/migrations. */
  migrate(): Promise<void>
  close(): Promise<void>
}

export const MIGRATIONS_DIR = path.join(__dirname, 'migrations')

/**
 * PGlite is one process's database: a second server on the same directory would hang or corrupt
 * it, so a pid file claims the directory while the server runs.
 */
function claimDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true })
  const lockFile = path.join(path.dirname(dataDir), `${path.basename(dataDir)}.pid`)
  try {
    const owner = Number(fs.readFileSync(lockFile, 'utf8'))
    if (owner && owner !== process.pid && isAlive(owner)) {
      throw new Error(`${dataDir} is in use by process ${owner}; stop it or use another DATA_DIR`)
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
  fs.writeFileSync(lockFile, String(process.pid))
  return () => fs.rmSync(lockFile, { force: true })
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * `dataDir` undefined means an in-memory database (tests); `loadDataDir` starts it from a dump of
 * another database's data directory (PGlite's `dumpDataDir`), as the server suites' template.
 */
export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<DbHandle> {
  const release = dataDir ? claimDataDir(dataDir) : () => undefined
  const client = new PGlite({ dataDir, loadDataDir })
  await client.waitReady
  const db = drizzlePglite({ client: withTurns(client), schema })
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: async () => {
      await client.close()
      release()
    },
  }
}

export async function openPostgres(url: string): Promise<DbHandle> {
  const pool = new Pool({ connectionString: url, max: 10 })
  // An idle client losing its connection must not crash the process.
  pool.on('error', (err) => console.error('postgres pool error:', err.message))
  const db = drizzlePg({ client: pool, schema })
  await pool.query('select 1')
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => pool.end(),
  }
}

/** PostgreSQL when a URL is given, else the embedded PGlite under dataDir. */
export function openDb(opts: { databaseUrl: string; dataDir: string }): Promise<DbHandle> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl)
    : openPglite(path.join(opts.dataDir, 'pglite'))
}
