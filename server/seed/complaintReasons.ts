import { count } from 'drizzle-orm'
import type { Db } from '../src/db/client'
import { complaintReasons } from '../src/db/schema'

/** The reasons a complaint about a user, post or comment can give, in the order they are shown. */
export const COMPLAINT_REASONS = [
  '色情低俗',
  '政治敏感',
  '违法犯罪',
  '广告骚扰',
  '人身攻击',
  '侵犯隐私',
  '其他',
] as const

/** Every environment gets the reasons; a database that already has some keeps its own. */
export async function seedComplaintReasons(tx: Db, _now: number): Promise<void> {
  const [existing] = await tx.select({ n: count() }).from(complaintReasons)
  if (existing.n > 0) return
  await tx
    .insert(complaintReasons)
    .values(COMPLAINT_REASONS.map((name, i) => ({ name, sort: i + 1 })))
}
