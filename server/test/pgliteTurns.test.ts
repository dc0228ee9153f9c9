/**
 * Embedded PGlite's statements take turns with the rest of the event loop (db/pgliteTurns.ts): a
 * transaction of many statements lets timers run while it works, and still commits as one.
 * Runs on PGlite whichever database the suite is for (node-postgres waits on sockets anyway).
 */
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { sql } from 'drizzle-orm'
import { openPglite, type DbHandle } from '../src/db/client'

let handle: DbHandle
/** The rows of a statement (the shared Db type leaves a driver's result unknown). */
const rowsOf = async <T>(query: Promise<unknown>): Promise<T[]> =>
  ((await query) as { rows: T[] }).rows
before(async () => {
  handle = await openPglite()
  await handle.db.execute(sql`create table turns (n int not null)`)
})
after(() => handle.close())

test('a long transaction lets a timer run between its statements and commits them all', async () => {
  let ticks = 0
  let longestGap = 0
  let last = performance.now()
  const timer = setInterval(() => {
    const now = performance.now()
    longestGap = Math.max(longestGap, now - last)
    last = now
    ticks++
  }, 1)
  const started = performance.now()
  await handle.db.transaction(async (tx) => {
    for (let i = 0; i < 300; i++) {
      await tx.execute(sql`insert into turns (n) select ${i} from generate_series(1, 50)`)
    }
  })
  const took = performance.now() - started
  clearInterval(timer)
  const [{ n }] = await rowsOf<{ n: number }>(
    handle.db.execute(sql`select count(*)::int as n from turns`),
  )
  assert.equal(n, 300 * 50)
  // Without turns the timer cannot fire until the commit: one tick at most, after it.
  assert.ok(ticks >= 3, `the timer ran ${ticks} times in a ${took.toFixed(0)} ms transaction`)
  assert.ok(took < 40 || longestGap < took, 'the timer ran while the transaction worked')
})

test('statements of concurrent transactions are not interleaved', async () => {
  await handle.db.execute(sql`delete from turns`)
  const writer = (base: number) =>
    handle.db.transaction(async (tx) => {
      for (let i = 0; i < 50; i++) {
        await tx.execute(sql`insert into turns (n) values (${base + i})`)
      }
      const rows = await rowsOf<{ n: number }>(tx.execute(sql`select n from turns order by n`))
      // Inside its transaction a writer sees its own rows and whole other transactions only.
      const mine = rows.filter((r) => r.n >= base && r.n < base + 1000).length
      assert.equal(mine, 50)
      assert.ok(rows.length % 50 === 0, `saw ${rows.length} rows: part of another transaction`)
    })
  await Promise.all([writer(0), writer(1000), writer(2000)])
  const [{ n }] = await rowsOf<{ n: number }>(
    handle.db.execute(sql`select count(*)::int as n from turns`),
  )
  assert.equal(n, 150)
})
