import type { DbHandle } from './client'

/** Runs the committed migrations; safe to call on every start. */
export async function runMigrations(handle: DbHandle): Promise<void> {
  await handle.migrate()
}
