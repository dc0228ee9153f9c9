import { and, desc, eq, notInArray, sql } from 'drizzle-orm'
import type { BindUuidRes } from '@api/account'
import { unixSeconds } from '../../clock'
import type { AppContext } from '../../context'
import { userDevices } from '../../db/schema'
import { inTx } from '../../db/tx'
import type { Caller } from '../../http/auth'
import { lockCaller } from '../../db/users'

/** The device ids kept per reader (the most recently seen). */
export const MAX_DEVICES = 20

/** POST User.User.BindUUid: records the reader's device; again only moves its last-seen time. */
export async function bindUuid(
  app: AppContext,
  caller: Caller,
  input: { uuid: string; platform: string },
): Promise<BindUuidRes> {
  const now = new Date(app.clock.now())
  return inTx(app.db, async (tx) => {
    await lockCaller(tx, caller.userId)
    const rows = await tx
      .insert(userDevices)
      .values({
        userId: caller.userId,
        uuid: input.uuid,
        platform: input.platform,
        firstSeenAt: now,
        lastSeenAt: now,
      })
      .onConflictDoUpdate({
        target: [userDevices.userId, userDevices.uuid],
        set: {
          lastSeenAt: now,
          platform: input.platform ? sql`excluded.platform` : sql`${userDevices.platform}`,
        },
      })
      .returning()
    const kept = tx
      .select({ id: userDevices.id })
      .from(userDevices)
      .where(eq(userDevices.userId, caller.userId))
      .orderBy(desc(userDevices.lastSeenAt), desc(userDevices.id))
      .limit(MAX_DEVICES)
    await tx
      .delete(userDevices)
      .where(and(eq(userDevices.userId, caller.userId), notInArray(userDevices.id, kept)))
    const row = rows[0]
    return {
      uuid: row.uuid,
      first_seen: unixSeconds(row.firstSeenAt.getTime()),
      last_seen: unixSeconds(row.lastSeenAt.getTime()),
    }
  })
}
