import { eq } from 'drizzle-orm'
import { hashPassword } from '../src/modules/account/passwords'
import type { Db } from '../src/db/client'
import { users } from '../src/db/schema'

/** The two demo readers (password demo1234). */
export const DEMO_USERS = [
  { mobile: '13800000000', nickname: '演示读者', signature: '读书使人充实。' },
  { mobile: '13800000001', nickname: '书友小林', signature: '每天读一点。' },
] as const

export const DEMO_PASSWORD = 'demo1234'

export async function seedUsers(tx: Db, now: number): Promise<void> {
  for (const demo of DEMO_USERS) {
    await tx.insert(users).values({
      mobile: demo.mobile,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      nickname: demo.nickname,
      signature: demo.signature,
      createdAt: new Date(now),
      updatedAt: new Date(now),
    })
  }
}

/** The demo operator (staff who review uploads; password demo1234): never in production. */
export const DEMO_OPERATOR = { mobile: '13800000009', nickname: '运营小编' } as const

/** Adds the demo operator unless that number is taken (then leaves it alone). */
export async function seedDemoOperator(tx: Db, now: number): Promise<void> {
  const existing = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.mobile, DEMO_OPERATOR.mobile))
  if (existing.length > 0) return
  await tx.insert(users).values({
    mobile: DEMO_OPERATOR.mobile,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    nickname: DEMO_OPERATOR.nickname,
    role: 'operator',
    createdAt: new Date(now),
    updatedAt: new Date(now),
  })
}
