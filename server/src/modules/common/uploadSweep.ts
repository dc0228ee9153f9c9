import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm'
import type { AppContext } from '../../context'
import {
  activities,
  activityEntries,
  books,
  documents,
  feedback,
  magazineArticles,
  magazineIssues,
  magazines,
  newspaperArticles,
  newspaperEditions,
  newspaperPages,
  newspapers,
  posters,
  posts,
  products,
  readingGroups,
  uploads,
  users,
  videoAlbums,
  videos,
} from '../../db/schema'
import type { Db } from '../../db/client'
import { inTx } from '../../db/tx'
import { sweepUnreferencedChatFiles } from '../../chat/fileSweep'
import { UPLOAD_BODY_CEILING_MS } from '../../config'
import { UPLOAD_URL_PREFIX } from './uploadNames'

/** An upload nothing refers to is kept this long (a form may still be filling in). */
export const UNREFERENCED_TTL_MS = 24 * 60 * 60 * 1000
const BATCH = 500

/**
 * Every place that keeps an upload's URL path ('/uploads/<name>', as the services store it): user
 * avatars, group avatars, post images, feedback and complaint images, and operator-set book covers
 * and banners; magazines' and newspapers' covers, issue and edition covers, page images and article
 * images; documents' thumbs and files (a document file is stored under its own name, outside the
 * uploads table, unless a seed or script put it there); videos' and video albums' covers (a video
 * file is stored under its own name, outside the uploads table); activities' covers and their
 * entries' images; products' covers and images.
 * Soft-deleted rows still count. A new column holding upload URLs must be added here.
 */
const referencedUrls = sql`(
  select ${users.avatar} from ${users} where ${users.avatar} like '/uploads/%'
  union all select jsonb_array_elements_text(${posts.images}) from ${posts}
  union all select jsonb_array_elements_text(${feedback.images}) from ${feedback}
  union all select ${books.cover} from ${books} where ${books.cover} like '/uploads/%'
  union all select ${posters.image} from ${posters} where ${posters.image} like '/uploads/%'
  union all select ${readingGroups.avatar} from ${readingGroups} where ${readingGroups.avatar} like '/uploads/%'
  union all select ${magazines.cover} from ${magazines} where ${magazines.cover} like '/uploads/%'
  union all select ${magazineIssues.cover} from ${magazineIssues} where ${magazineIssues.cover} like '/uploads/%'
  union all select jsonb_array_elements_text(${magazineArticles.images}) from ${magazineArticles}
  union all select ${newspapers.cover} from ${newspapers} where ${newspapers.cover} like '/uploads/%'
  union all select ${newspaperEditions.cover} from ${newspaperEditions} where ${newspaperEditions.cover} like '/uploads/%'
  union all select ${newspaperPages.image} from ${newspaperPages} where ${newspaperPages.image} like '/uploads/%'
  union all select jsonb_array_elements_text(${newspaperArticles.images}) from ${newspaperArticles}
  union all select ${documents.thumb} from ${documents} where ${documents.thumb} like '/uploads/%'
  union all select ${UPLOAD_URL_PREFIX}::text || ${documents.fileName} from ${documents}
  union all select ${videos.cover} from ${videos} where ${videos.cover} like '/uploads/%'
  union all select ${videoAlbums.cover} from ${videoAlbums} where ${videoAlbums.cover} like '/uploads/%'
  union all select ${activities.cover} from ${activities} where ${activities.cover} like '/uploads/%'
  union all select jsonb_array_elements_text(${activityEntries.images}) from ${activityEntries}
  union all select ${products.cover} from ${products} where ${products.cover} like '/uploads/%'
  union all select jsonb_array_elements_text(${products.images}) from ${products}
)`

const unreferenced: SQL = sql`(${UPLOAD_URL_PREFIX}::text || ${uploads.name}) not in ${referencedUrls}`

type SweepContext = Pick<AppContext, 'db' | 'clock' | 'storage'>

/**
 * Inside a transaction that just stopped using some of `userId`'s uploads (a deleted or replaced
 * magazine issue, newspaper edition): deletes the rows of those that nothing refers to any more and
 * answers their names, for the caller to remove the files after the commit. The caller holds the
 * owner's row lock (as the sweep does), so nothing attaches them meanwhile.
 */
export async function releaseUnreferencedUploads(
  tx: Db,
  userId: number,
  names: readonly string[],
): Promise<string[]> {
  if (names.length === 0) return []
  const rows = await tx
    .delete(uploads)
    .where(and(eq(uploads.userId, userId), inArray(uploads.name, [...names]), unreferenced))
    .returning({ name: uploads.name })
  return rows.map((row) => row.name)
}

/**
 * The upload sweep: uploads and chat files older than a day that nothing refers to, and partial
 * files (`*.part`) of uploads that never ended. Answers how many files were removed.
 */
export async function sweepUnreferencedUploads(
  app: SweepContext,
  log?: (msg: string, err?: unknown) => void,
): Promise<number> {
  const now = app.clock.now()
  const cutoff = new Date(now - UNREFERENCED_TTL_MS)
  const uploadsRemoved = await sweepUploads(app, cutoff, log)
  const chatRemoved = await sweepUnreferencedChatFiles(app.db, app.storage, cutoff, log)
  // No upload's body takes longer than the ceiling: an older partial file belongs to none.
  const partials = await app.storage.removePartials(new Date(now - UPLOAD_BODY_CEILING_MS))
  return uploadsRemoved + chatRemoved + partials.length
}

/**
 * Deletes the uploads older than `cutoff` that no row refers to: the row, then the file. Per
 * owner, the owner's user row is locked first: every service that attaches an upload (avatar,
 * post, feedback) locks it too, so an upload being attached is never swept under it. Answers how
 * many were removed.
 */
async function sweepUploads(
  app: SweepContext,
  cutoff: Date,
  log?: (msg: string, err?: unknown) => void,
): Promise<number> {
  let removed = 0
  for (;;) {
    const candidates = await app.db
      .select({ id: uploads.id, userId: uploads.userId })
      .from(uploads)
      .where(and(lt(uploads.createdAt, cutoff), unreferenced))
      .orderBy(uploads.id)
      .limit(BATCH)
    const byUser = new Map<number, number[]>()
    for (const row of candidates)
      byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row.id])
    let progress = 0
    for (const [userId, ids] of byUser) {
      const names = await inTx(app.db, async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
        const rows = await tx
          .delete(uploads)
          .where(and(inArray(uploads.id, ids), lt(uploads.createdAt, cutoff), unreferenced))
          .returning({ name: uploads.name })
        return rows.map((row) => row.name)
      })
      for (const name of names) {
        try {
          await app.storage.remove(name)
        } catch (err) {
          log?.(`could not remove upload file ${name}`, err)
        }
      }
      progress += names.length
    }
    removed += progress
    if (candidates.length < BATCH || progress === 0) return removed
  }
}
