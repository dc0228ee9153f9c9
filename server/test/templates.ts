/**
 * One migrated and seeded database per test run, copied for every server a suite starts: migrating
 * and seeding cost 2-4 s per server on PGlite, a copy a fraction of that. server/test/run.ts makes
 * the template before the suites run and names it in TEST_DB_TEMPLATE: a PGlite data-directory dump
 * (a file) or, with TEST_DATABASE=postgres, a database that `CREATE DATABASE … TEMPLATE` copies.
 * A suite run without it (a file run directly) migrates and seeds as before.
 */
import fs from 'node:fs'
import { Client } from 'pg'
import { seedDemo } from '../seed'
import { openPglite, openPostgres, type DbHandle } from '../src/db/client'

export const TEMPLATE_ENV = 'TEST_DB_TEMPLATE'

const adminUrl = (): string =>
  process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/** The demo content every test database starts with (the search index only where asked). */
export async function seedTestDatabase(handle: DbHandle, now: number): Promise<void> {
  await handle.migrate()
  await seedDemo(handle.db, now, { production: false, skip: ['search_index'] })
}

/** The template this run's suites copy, if server/test/run.ts made one. */
export function templateName(): string | undefined {
  return process.env[TEMPLATE_ENV] || undefined
}

/** Makes the template; answers its name (a file path or a database name) and how to remove it. */
export async function makeTemplate(
  kind: 'pglite' | 'postgres',
): Promise<{ name: string; remove: () => Promise<void> }> {
  if (kind === 'pglite') {
    const handle = await openPglite()
    await seedTestDatabase(handle, Date.now())
    const client = (handle.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } })
      .$client
    const dump = await client.dumpDataDir('none')
    await handle.close()
    const file = `${fs.mkdtempSync('/tmp/pglite-template-')}/data.tar`
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
    return { name: file, remove: async () => fs.rmSync(file, { force: true }) }
  }
  const name = `server_test_template_${process.pid}`
  await adminQuery(`create database ${name}`)
  const url = new URL(adminUrl())
  url.pathname = `/${name}`
  const handle = await openPostgres(url.toString())
  await seedTestDatabase(handle, Date.now())
  await handle.close()
  return { name, remove: () => adminQuery(`drop database if exists ${name} with (force)`) }
}

let pgliteDump: Blob | undefined

/** A PGlite database started from the template dump (read once per process). */
export async function pgliteFromTemplate(file: string): Promise<DbHandle> {
  pgliteDump ??= new Blob([fs.readFileSync(file)])
  return openPglite(undefined, pgliteDump)
}

/** `CREATE DATABASE name TEMPLATE template` on the local PostgreSQL server. */
export async function createFromTemplate(name: string, template: string): Promise<void> {
  await adminQuery(`create database ${name} template ${template}`)
}

export async function adminQuery(sql: string): Promise<void> {
  const admin = new Client({ connectionString: adminUrl() })
  await admin.connect()
  try {
    await admin.query(sql)
  } finally {
    await admin.end()
  }
}
