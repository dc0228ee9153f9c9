import { and, count, eq, gte, sum } from 'drizzle-orm'
import { Limits } from '@rules/limits'
import type { UploadPolicy } from '@api/common'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { chatFiles, uploads } from '../../db/schema'
import type { Caller } from '../../http/auth'
import { startOfCstDay } from './captcha'
import { MIME_BY_EXT } from './imageType'

export const QUOTA_TEXT = '今日上传已达上限，请明天再试'
/** The upload's own text for a file over Limits.avatarMaxBytes (upload.ts answers it). */
export const TOO_BIG_TEXT = '文件不能超过5MB'

/** A reader's uploads of the current China calendar day. */
export async function usedToday(
  db: Db,
  userId: number,
  now: number,
): Promise<{ files: number; bytes: number }> {
  const rows = await db
    .select({ files: count(), bytes: sum(uploads.size) })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), gte(uploads.createdAt, new Date(startOfCstDay(now)))))
  return { files: rows[0]?.files ?? 0, bytes: Number(rows[0]?.bytes ?? 0) }
}

/** A reader's chat files of the current China calendar day (their own quota: config.chatUploads). */
export async function chatFilesToday(
  db: Db,
  userId: number,
  now: number,
): Promise<{ files: number; bytes: number }> {
  const rows = await db
    .select({ files: count(), bytes: sum(chatFiles.size) })
    .from(chatFiles)
    .where(
      and(eq(chatFiles.userId, userId), gte(chatFiles.createdAt, new Date(startOfCstDay(now)))),
    )
  return { files: rows[0]?.files ?? 0, bytes: Number(rows[0]?.bytes ?? 0) }
}

/** GET App.Common_Config.GetUploadToken: what App.Common_File.Upload accepts from this reader. */
export async function uploadPolicy(app: AppContext, caller: Caller): Promise<UploadPolicy> {
  const used = await usedToday(app.db, caller.userId, app.clock.now())
  const { dailyMaxFiles, dailyMaxBytes } = app.config.uploads
  return {
    max_file_bytes: Limits.avatarMaxBytes,
    allowed_types: [...new Set(Object.values(MIME_BY_EXT))],
    files_left: Math.max(0, dailyMaxFiles - used.files),
    bytes_left: Math.max(0, dailyMaxBytes - used.bytes),
    too_big_msg: TOO_BIG_TEXT,
    quota_msg: QUOTA_TEXT,
  }
}
