import { count } from 'drizzle-orm'
import type { Db } from '../src/db/client'
import { users } from '../src/db/schema'
import { getSetting, setSetting } from '../src/db/settings'
import { lockKey } from '../src/db/tx'
import { seedPages } from './pages'
import { seedUsers } from './users'

/**
 * Demo content in named steps, each put in once: a step whose key is recorded is skipped, so a
 * later issue adds its content as a new step and an existing database gets just that step.
 */
const STEPS: Array<{ key: string; run: (tx: Db, now: number) => Promise<void> }> = [
  {
    key: 'users',
    // A database that already has people (a real deployment) gets no demo readers.
    run: async (tx, now) => {
      const existing = await tx.select({ n: count() }).from(users)
      if (existing[0].n === 0) await seedUsers(tx, now)
    },
  },
  { key: 'pages', run: seedPages },
]

/** Runs the demo-content steps not yet run; answers whether any ran. */
export async function seedDemo(db: Db, now: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockKey(tx, 'seed')
    let ran = false
    for (const step of STEPS) {
      const key = `seed:${step.key}`
      if (await getSetting(tx, key)) continue
      await step.run(tx, now)
      await setSetting(tx, key, new Date(now).toISOString())
      ran = true
    }
    return ran
  })
}
