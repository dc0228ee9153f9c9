import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { count } from 'drizzle-orm'
import { seedDemo } from '../seed'
import { specialPages, users } from '../src/db/schema'
import { getSetting } from '../src/db/settings'
import { findLiveUserByMobile } from '../src/db/users'
import { SEED_PARTICIPANTS } from '../seed/activities'
import { DEMO_OPERATOR } from '../seed/users'
import type { DbHandle } from '../src/db/client'
import { freshDatabase } from './helpers'

describe('demo content', () => {
  let handle: DbHandle
  let drop: () => Promise<void>
  before(async () => {
    ;({ handle, drop } = await freshDatabase())
    await handle.migrate()
  })
  after(async () => {
    await handle.close()
    await drop()
  })

  const userCount = async () => (await handle.db.select({ n: count() }).from(users))[0].n

  test('production gets no demo readers, and the users step stays unrecorded', async () => {
    const now = Date.now()
    assert.equal(await seedDemo(handle.db, now, { production: true }), true)
    assert.equal(await userCount(), 0)
    assert.equal(await getSetting(handle.db, 'seed:users'), null)
    assert.ok(await getSetting(handle.db, 'seed:pages'))
    assert.ok((await handle.db.select({ n: count() }).from(specialPages))[0].n > 0)
    // Nothing left to do in production.
    assert.equal(await seedDemo(handle.db, now, { production: true }), false)
    assert.equal(await userCount(), 0)
  })

  test('outside production the unrecorded users step still runs on an empty database', async () => {
    assert.equal(await seedDemo(handle.db, Date.now(), { production: false }), true)
    // The two demo readers, the demo operator and the demo activities' participants.
    assert.equal(await userCount(), 3 + SEED_PARTICIPANTS.length)
    assert.ok(await getSetting(handle.db, 'seed:users'))
    const operator = await findLiveUserByMobile(handle.db, DEMO_OPERATOR.mobile)
    assert.equal(operator?.role, 'operator')
    assert.equal(await seedDemo(handle.db, Date.now(), { production: false }), false)
  })
})
