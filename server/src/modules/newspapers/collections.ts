/** Collected newspapers (item_collections of kind 'paper'). */
import { and, count, desc, eq } from 'drizzle-orm'
import { NEWSPAPER_NOT_FOUND } from '@rules/periodicals'
import type { CollectRes } from '@api/magazines'
import type { CollectedNewspaper } from '@api/newspapers'
import type { Page } from '@api/envelope'
import { unixSeconds } from '../../clock'
import type { AppContext } from '../../context'
import { itemCollections, newspapers, pressCategories } from '../../db/schema'
import type { Caller } from '../../http/auth'
import { notFound } from '../../http/errors'
import { pageOf, type Paging } from '../../http/paging'
import { setCollection } from '../periodicals/shared'
import { newspaperPublic, summaryColumns, toSummary } from './rows'

/** Only a public newspaper is collected; uncollecting always succeeds. */
export async function setCollected(
  app: AppContext,
  caller: Caller,
  id: number,
  collect: 0 | 1,
): Promise<CollectRes> {
  if (collect === 1) {
    const rows = await app.db
      .select({ id: newspapers.id })
      .from(newspapers)
      .where(and(eq(newspapers.id, id), newspaperPublic))
    if (!rows[0]) throw notFound(NEWSPAPER_NOT_FOUND)
  }
  await setCollection(app.db, 'paper', caller.userId, id, collect === 1, app.clock.now())
  return { collected: collect === 1 }
}

/** The caller's collected public newspapers, newest collection first. */
export async function collectedNewspapers(
  app: AppContext,
  caller: Caller,
  paging: Paging,
): Promise<Page<CollectedNewspaper>> {
  const where = and(
    eq(itemCollections.userId, caller.userId),
    eq(itemCollections.kind, 'paper'),
    newspaperPublic,
  )
  const [{ total }] = await app.db
    .select({ total: count() })
    .from(itemCollections)
    .innerJoin(newspapers, eq(newspapers.id, itemCollections.itemId))
    .where(where)
  const rows = await app.db
    .select({ newspaper: summaryColumns(null), collectedAt: itemCollections.createdAt })
    .from(itemCollections)
    .innerJoin(newspapers, eq(newspapers.id, itemCollections.itemId))
    .innerJoin(pressCategories, eq(pressCategories.id, newspapers.categoryId))
    .where(where)
    .orderBy(desc(itemCollections.createdAt), desc(itemCollections.itemId))
    .limit(paging.pageSize)
    .offset(paging.offset)
  return pageOf(
    rows.map((r) => ({
      ...toSummary(r.newspaper),
      collectedAt: unixSeconds(r.collectedAt.getTime()),
    })),
    total,
    paging,
  )
}
