/**
 * What magazines and newspapers share on the server: uploads checked and released, the upload
 * rate, collections of kind 'maga' / 'paper', search terms, places within an article, and the
 * review state an upload starts in (or goes back to when edited).
 */
import { and, count, eq, inArray, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { PARAGRAPH_INVALID, PeriodicalLimits, PeriodicalRates } from '@rules/periodicals'
import { SEARCH_KEYWORD_MAX_CHARS, SEARCH_KEYWORD_TOO_LONG } from '@rules/search'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { itemCollections, uploads, type CollectionKind } from '../../db/schema'
import type { Caller } from '../../http/auth'
import { badRequest } from '../../http/errors'
import { paging, type Paging } from '../../http/paging'
import { refuseOverRate } from '../../http/rates'
import { releaseUnreferencedUploads } from '../common/uploadSweep'

/** Every condition (and() typed for a list that is never empty). */
export const all = (...conditions: (SQL | undefined)[]): SQL => and(...conditions) as SQL

export const userIdOf = (caller: Caller | null): number | null => caller?.userId ?? null

/** Lists of magazines, newspapers, issues and editions: 10 a page by default, at most 50. */
export const listPaging = (input: { page?: number; pageSize?: number }): Paging =>
  paging(input, PeriodicalLimits.pageSize, PeriodicalLimits.pageSizeMax)

/** `%` and `_` in a search term match themselves. */
export const likePattern = (term: string): string =>
  `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

/** A list's keyword as matched ('' for none); longer than 50 characters: 400. */
export function keywordOf(raw: string | undefined): string {
  const keyword = (raw ?? '').trim()
  if ([...keyword].length > SEARCH_KEYWORD_MAX_CHARS) throw badRequest(SEARCH_KEYWORD_TOO_LONG)
  return keyword
}

/** A place's paragraph must lie in the article (an article without text has only paragraph 0). */
export function checkParagraph(paragraph: number, paragraphCount: number): void {
  if (paragraph >= Math.max(1, paragraphCount)) throw badRequest(PARAGRAPH_INVALID)
}

/** A new or edited upload waits for an operator; an earlier decision is forgotten. */
export const pendingReview = () => ({
  reviewState: 'pending' as const,
  reviewReason: '',
  reviewedAt: null,
  reviewedBy: null,
})

/** Every name must be an upload of `userId`'s, else 400 `error`. */
export async function requireOwnUploads(
  tx: Db,
  userId: number,
  names: readonly string[],
  error: string,
): Promise<void> {
  if (names.length === 0) return
  const [owned] = await tx
    .select({ n: count() })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), inArray(uploads.name, [...names])))
  if (owned.n !== names.length) throw badRequest(error)
}

/** At most PeriodicalRates.upload new issues (or editions) a reader in 24 hours: 429. */
export function refuseOverUploadRate(
  tx: Db,
  source: { table: PgTable; user: PgColumn; at: PgColumn },
  userId: number,
  nowMs: number,
): Promise<void> {
  return refuseOverRate(tx, PeriodicalRates.upload, source, userId, nowMs)
}

/**
 * In the transaction that stopped using `names` (the caller's uploads): deletes the rows of those
 * nothing refers to any more. Answers the names whose files to remove after the commit.
 */
export const releaseUploads = (tx: Db, userId: number, names: readonly string[]) =>
  releaseUnreferencedUploads(tx, userId, names)

/** Removes released files (after the commit); a file that cannot go is logged, not an error. */
export async function removeFiles(app: AppContext, names: readonly string[]): Promise<void> {
  for (const name of names) {
    try {
      await app.storage.remove(name)
    } catch {
      // The row is gone: the file is an orphan nothing serves a link to.
    }
  }
}

// ---- collections ----------------------------------------------------------------------------

const collectionOf = (kind: CollectionKind, userId: number, itemId: number): SQL =>
  and(
    eq(itemCollections.userId, userId),
    eq(itemCollections.kind, kind),
    eq(itemCollections.itemId, itemId),
  ) as SQL

export async function isCollected(
  db: Db,
  kind: CollectionKind,
  userId: number,
  itemId: number,
): Promise<boolean> {
  const rows = await db
    .select({ itemId: itemCollections.itemId })
    .from(itemCollections)
    .where(collectionOf(kind, userId, itemId))
  return rows.length > 0
}

/** Collect (idempotent: one row however often) or uncollect. */
export async function setCollection(
  db: Db,
  kind: CollectionKind,
  userId: number,
  itemId: number,
  collect: boolean,
  nowMs: number,
): Promise<void> {
  if (collect) {
    await db
      .insert(itemCollections)
      .values({ userId, kind, itemId, createdAt: new Date(nowMs) })
      .onConflictDoNothing()
  } else {
    await db.delete(itemCollections).where(collectionOf(kind, userId, itemId))
  }
}

/** Everyone's collection rows of an item that is deleted. */
export async function dropCollections(tx: Db, kind: CollectionKind, itemId: number): Promise<void> {
  await tx
    .delete(itemCollections)
    .where(and(eq(itemCollections.kind, kind), eq(itemCollections.itemId, itemId)))
}
