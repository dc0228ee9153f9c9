/**
 * Counts the SQL statements a database handle runs (PGlite or a node-postgres pool alike: drizzle
 * sends every statement through its client's `query`), to assert how many a piece of work costs.
 */
import type { Db } from '../src/db/client'

interface Queryable {
  query: (...args: unknown[]) => Promise<unknown>
}

export async function countQueries(db: Db, work: () => Promise<unknown>): Promise<number> {
  const client = (db as unknown as { $client: Queryable }).$client
  const original = client.query
  let count = 0
  client.query = function (this: unknown, ...args: unknown[]) {
    count++
    return original.apply(this, args)
  }
  try {
    await work()
  } finally {
    client.query = original
  }
  return count
}
