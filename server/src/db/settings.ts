import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from './client'
import { appSettings } from './schema'

/**
 * A server secret generated on first use and kept in the database, so it survives restarts
 * without being configured (the local userSig key, the ID-number hashing key).
 */
export async function getOrCreateSecret(db: Db, key: string): Promise<string> {
  await db
    .insert(appSettings)
    .values({ key, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
  const rows = await db.select().from(appSettings).where(eq(appSettings.key, key))
  return rows[0].value
}

export async function getSetting(db: Db, key: string): Promise<string | null> {
  const rows = await db.select().from(appSettings).where(eq(appSettings.key, key))
  return rows[0]?.value ?? null
}

export async function setSetting(db: Db, key: string, value: string): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value } })
}
