import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import type { UserRow } from '../../db/users'

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
