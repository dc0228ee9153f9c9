import { count } from 'drizzle-orm'
import type { Db } from '../src/db/client'
import { users } from '../src/db/schema'
import { getSetting, setSetting } from '../src/db/settings'
import { lockKey } from '../src/db/tx'
import { seedPages } from './pages'
import { seedUsers } from './users'

const SEEDED_KEY = 'demo_seeded_at'

/**
 * Puts the demo content into an empty database, once: a database that was seeded before, or that
 * already has users, is left alone. Answers whether it seeded.
 */
export async function seedDemo(db: Db, now: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockKey(tx, 'seed')
    if (await getSetting(tx, SEEDED_KEY)) return false
    const existing = await tx.select({ n: count() }).from(users)
    if (existing[0].n > 0) return false
    await seedUsers(tx, now)
    await seedPages(tx, now)
    await setSetting(tx, SEEDED_KEY, new Date(now).toISOString())
    return true
  })
}
