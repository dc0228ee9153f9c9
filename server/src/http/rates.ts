/**
 * Per-reader write rates (numbers in Rates, rules/limits.ts): the reader's own rows in the window
 * are counted inside the write's transaction, under the caller's row lock, so two writes at once
 * cannot both slip under the limit.
 */
import { and, count, eq, gt, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { RateRule } from '@rules/limits'
import type { Db } from '../db/client'
import { tooMany } from './errors'

export interface RateSource {
  table: PgTable
  user: PgColumn
  at: PgColumn
  /** Which of the reader's rows count (e.g. one kind of action); all of them when absent. */
  only?: SQL
}

export async function refuseOverRate(
  tx: Db,
  rule: RateRule,
  source: RateSource,
  userId: number,
  nowMs: number,
): Promise<void> {
  const [recent] = await tx
    .select({ n: count() })
    .from(source.table)
    .where(
      and(eq(source.user, userId), gt(source.at, new Date(nowMs - rule.windowMs)), source.only),
    )
  if (recent.n >= rule.max) throw tooMany(rule.message)
}
