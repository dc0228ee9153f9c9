/** Collected magazines (item_collections of kind 'maga'). */
import { and, count, desc, eq } from 'drizzle-orm'
import { MAGAZINE_NOT_FOUND } from '@rules/periodicals'
import type { CollectedMagazine, CollectRes } from '@api/magazines'
import type { Page } from '@api/envelope'
import { unixSeconds } from '../../clock'
import type { AppContext } from '../../context'
import { itemCollections, magazineCategories, magazines } from '../../db/schema'
import type { Caller } from '../../http/auth'
import { notFound } from '../../http/errors'
import { pageOf, type Paging } from '../../http/paging'
import { setCollection } from '../periodicals/shared'
import { magazinePublic, summaryColumns, toSummary } from './rows'

/** Only a public magazine is collected; uncollecting always succeeds. */
export async function setCollected(
  app: AppContext,
  caller: Caller,
  id: number,
  collect: 0 | 1,
): Promise<CollectRes> {
  if (collect === 1) {
    const rows = await app.db
      .select({ id: magazines.id })
      .from(magazines)
      .where(and(eq(magazines.id, id), magazinePublic))
    if (!rows[0]) throw notFound(MAGAZINE_NOT_FOUND)
  }
  await setCollection(app.db, 'maga', caller.userId, id, collect === 1, app.clock.now())
  return { collected: collect === 1 }
}

/** The caller's collected public magazines, newest collection first. */
export async function collectedMagazines(
  app: AppContext,
  caller: Caller,
  paging: Paging,
): Promise<Page<CollectedMagazine>> {
  const where = and(
    eq(itemCollections.userId, caller.userId),
    eq(itemCollections.kind, 'maga'),
    magazinePublic,
  )
  const [{ total }] = await app.db
    .select({ total: count() })
    .from(itemCollections)
    .innerJoin(magazines, eq(magazines.id, itemCollections.itemId))
    .where(where)
  const rows = await app.db
    .select({ magazine: summaryColumns(null), collectedAt: itemCollections.createdAt })
    .from(itemCollections)
    .innerJoin(magazines, eq(magazines.id, itemCollections.itemId))
    .innerJoin(magazineCategories, eq(magazineCategories.id, magazines.categoryId))
    .where(where)
    .orderBy(desc(itemCollections.createdAt), desc(itemCollections.itemId))
    .limit(paging.pageSize)
    .offset(paging.offset)
  return pageOf(
    rows.map((r) => ({
      ...toSummary(r.magazine),
      collectedAt: unixSeconds(r.collectedAt.getTime()),
    })),
    total,
    paging,
  )
}
