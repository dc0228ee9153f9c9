/**
 * The end of an upload whose file is already in storage: its row is written, or the file goes.
 */
import type { AppContext } from '../context'
import type { Db } from '../db/client'
import { inTx } from '../db/tx'
import { lockCaller } from '../db/users'

/**
 * Runs `record` (which checks what the reader may still upload and writes the row) in one
 * transaction with the caller's row locked, so that one reader's uploads at once are counted one
 * after the other and cannot both take the last place. When it refuses or fails, the stored file
 * `storedName` is removed and the error goes on.
 */
export async function keepUpload<T>(
  app: AppContext,
  userId: number,
  storedName: string,
  record: (tx: Db, now: number) => Promise<T>,
): Promise<T> {
  try {
    return await inTx(app.db, async (tx) => {
      await lockCaller(tx, userId)
      return record(tx, app.clock.now())
    })
  } catch (err) {
    await app.storage.remove(storedName)
    throw err
  }
}

/** Whether one more file of `bytes` takes the reader past a daily quota of files and bytes. */
export const overDailyQuota = (
  used: { files: number; bytes: number },
  quota: { dailyMaxFiles: number; dailyMaxBytes: number },
  bytes: number,
): boolean => used.files + 1 > quota.dailyMaxFiles || used.bytes + bytes > quota.dailyMaxBytes
