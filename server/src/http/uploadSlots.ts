/**
 * Uploads one reader may have running at once in a process, over all upload routes
 * (config.uploadsAtOnce, Limits.uploadsAtOnce unless set): the daily quota is counted when a file is whole, so without this N
 * parallel 100 MB uploads would all be written to disk before the quota's final check refused them.
 */
import type { Config } from '../config'
import { tooMany } from './errors'

export const UPLOADS_AT_ONCE_TEXT = '同时上传的文件太多，请稍后再试'

/** Per app (tests run several in one process): the reader's running uploads. */
const running = new WeakMap<object, Map<number, number>>()

/** Runs `work` in one of the reader's upload slots, or refuses with 429 when all are taken. */
export async function inUploadSlot<T>(
  app: { config: Config },
  userId: number,
  work: () => Promise<T>,
): Promise<T> {
  let counts = running.get(app)
  if (!counts) {
    counts = new Map()
    running.set(app, counts)
  }
  const now = counts.get(userId) ?? 0
  if (now >= app.config.uploadsAtOnce) throw tooMany(UPLOADS_AT_ONCE_TEXT)
  counts.set(userId, now + 1)
  try {
    return await work()
  } finally {
    const left = (counts.get(userId) ?? 1) - 1
    if (left > 0) counts.set(userId, left)
    else counts.delete(userId)
  }
}
