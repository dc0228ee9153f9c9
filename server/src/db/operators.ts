import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from './client'
import { users } from './schema'
import { forbidden } from '../http/errors'

export const NOT_OPERATOR_TEXT = '仅运营人员可以审核'

/** Whether the user is a live account with the operator role. */
export async function isOperator(db: Db, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'operator'), isNull(users.deletedAt)))
  return rows.length > 0
}

/** Refuses (403) a caller who is not an operator: every staff decision goes through here. */
export async function requireOperator(db: Db, userId: number): Promise<void> {
  if (!(await isOperator(db, userId))) throw forbidden(NOT_OPERATOR_TEXT)
}

/** Grants (or with `revoke`, takes back) the operator role; answers whether the account exists. */
export async function setOperator(db: Db, userId: number, revoke = false): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ role: revoke ? 'reader' : 'operator' })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ id: users.id })
  return rows.length > 0
}
