/**
 * Lookups of live accounts that every domain uses (the caller's own row, a person by id or
 * number). Account management itself (creating, deleting, logging in) is the account module's.
 */
import { and, eq, isNull } from 'drizzle-orm'
import { loginRequired } from '../http/errors'
import type { Db } from './client'
import { users } from './schema'

export type UserRow = typeof users.$inferSelect

export const ACCOUNT_GONE_TEXT = '账号不存在或已注销'

export async function findLiveUserByMobile(db: Db, mobile: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.mobile, mobile), isNull(users.deletedAt)))
  return rows[0]
}

export async function findLiveUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
  return rows[0]
}

/** The same lookups, locking the row for the rest of the transaction. */
export async function lockLiveUserByMobile(tx: Db, mobile: string): Promise<UserRow | undefined> {
  const rows = await tx
    .select()
    .from(users)
    .where(and(eq(users.mobile, mobile), isNull(users.deletedAt)))
    .for('update')
  return rows[0]
}

/** The caller's own row inside a mutating transaction; a deleted account is logged out. */
export async function lockCaller(tx: Db, id: number): Promise<UserRow> {
  const rows = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .for('update')
  if (!rows[0]) throw loginRequired()
  return rows[0]
}
