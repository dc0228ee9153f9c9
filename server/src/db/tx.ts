import { sql } from 'drizzle-orm'
import { AppError } from '../http/errors'
import type { Db } from './client'

/**
 * Runs `fn` in one transaction. A thrown error rolls back; a *returned* AppError commits what was
 * done (e.g. a counted wrong password) and is thrown after the commit.
 */
export async function inTx<T>(db: Db, fn: (tx: Db) => Promise<T | AppError>): Promise<T> {
  const out = await db.transaction((tx) => fn(tx))
  if (out instanceof AppError) throw out
  return out
}

/** Serialises work on one key (a phone number, an openid) until the transaction ends. */
export async function lockKey(tx: Db, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`)
}
