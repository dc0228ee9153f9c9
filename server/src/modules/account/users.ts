import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import { loginRequired } from '../../http/errors'

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

export const defaultNickname = (mobile: string): string => `书友${mobile.slice(-4)}`

export async function createUser(
  tx: Db,
  fields: {
    mobile: string
    passwordHash: string | null
    now: number
    openid?: string | null
    mpOpenid?: string | null
    unionid?: string | null
    nickname?: string
  },
): Promise<UserRow> {
  const at = new Date(fields.now)
  const rows = await tx
    .insert(users)
    .values({
      mobile: fields.mobile,
      passwordHash: fields.passwordHash,
      nickname: fields.nickname ?? defaultNickname(fields.mobile),
      openid: fields.openid ?? null,
      mpOpenid: fields.mpOpenid ?? null,
      unionid: fields.unionid ?? null,
      createdAt: at,
      updatedAt: at,
    })
    .returning()
  return rows[0]
}

export async function updateUser(
  tx: Db,
  id: number,
  fields: Partial<typeof users.$inferInsert>,
  now: number,
): Promise<UserRow> {
  const rows = await tx
    .update(users)
    .set({ ...fields, updatedAt: new Date(now) })
    .where(eq(users.id, id))
    .returning()
  return rows[0]
}
