/**
 * What a document gift may give: a public document, magazine or newspaper that the giver collected
 * (or, for a document, uploaded). The collection kind of each (item_collections.kind).
 */
import { and, count, desc, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm'
import type { Page } from '@api/envelope'
import type { GiftItem } from '@api/gifts'
import { GiftText, type GiftDocKind } from '@rules/gifts'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import {
  documents,
  itemCollections,
  magazineCategories,
  magazines,
  newspapers,
  pressCategories,
  type CollectionKind,
} from '../../db/schema'
import type { Caller } from '../../http/auth'
import { badRequest, notFound } from '../../http/errors'
import { pageOf, type Paging } from '../../http/paging'
import { isPublic } from '../documents/rows'
import { collectedMagazines } from '../magazines/collections'
import {
  magazinePublic,
  summaryColumns as magazineColumns,
  toSummary as toMagazine,
} from '../magazines/rows'
import { collectedNewspapers } from '../newspapers/collections'
import {
  newspaperPublic,
  summaryColumns as newspaperColumns,
  toSummary as toNewspaper,
} from '../newspapers/rows'

/** The collection kind a gift's item is collected as. */
export const COLLECTION_OF: Record<GiftDocKind, CollectionKind> = {
  doc: 'doc',
  mag: 'maga',
  newspaper: 'paper',
}

/** My collection row of a document, if any (joined beside the documents). */
const myDocCollection = (me: number): SQL =>
  and(
    eq(itemCollections.userId, me),
    eq(itemCollections.kind, 'doc'),
    eq(itemCollections.itemId, documents.id),
  ) as SQL

async function giftableDocs(db: Db, me: number, at: Paging): Promise<Page<GiftItem>> {
  const where = and(isPublic, or(eq(documents.ownerId, me), isNotNull(itemCollections.itemId)))
  const [{ total }] = await db
    .select({ total: count() })
    .from(documents)
    .leftJoin(itemCollections, myDocCollection(me))
    .where(where)
  const rows = await db
    .select({
      id: documents.id,
      name: documents.title,
      thumb: documents.thumb,
      ownerId: documents.ownerId,
    })
    .from(documents)
    .leftJoin(itemCollections, myDocCollection(me))
    .where(where)
    .orderBy(
      desc(sql`coalesce(${itemCollections.createdAt}, ${documents.createdAt})`),
      desc(documents.id),
    )
    .limit(at.pageSize)
    .offset(at.offset)
  return pageOf(
    rows.map((r) => ({
      id: r.id,
      name: r.name,
      thumb: r.thumb,
      kind: 'doc' as const,
      mine: r.ownerId === me,
    })),
    total,
    at,
  )
}

export async function giftableItems(
  app: AppContext,
  caller: Caller,
  kind: GiftDocKind,
  at: Paging,
): Promise<Page<GiftItem>> {
  if (kind === 'doc') return giftableDocs(app.db, caller.userId, at)
  const page =
    kind === 'mag'
      ? await collectedMagazines(app, caller, at)
      : await collectedNewspapers(app, caller, at)
  return {
    ...page,
    list: page.list.map((item) => ({
      id: item.id,
      name: item.name,
      thumb: item.cover,
      kind,
      mine: false,
    })),
  }
}

export interface GiftableItem {
  name: string
  thumb: string
}

async function collected(
  db: Db,
  kind: CollectionKind,
  me: number,
  itemId: number,
): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(itemCollections)
    .where(
      and(
        eq(itemCollections.userId, me),
        eq(itemCollections.kind, kind),
        eq(itemCollections.itemId, itemId),
      ),
    )
  return rows.length > 0
}

/** The item if it is public (a document approved and in the library; a magazine or newspaper shown). */
export async function publicItem(
  db: Db,
  kind: GiftDocKind,
  itemId: number,
): Promise<(GiftableItem & { ownerId: number | null }) | undefined> {
  let item: (GiftableItem & { ownerId: number | null }) | undefined
  if (kind === 'doc') {
    const [row] = await db
      .select({ name: documents.title, thumb: documents.thumb, ownerId: documents.ownerId })
      .from(documents)
      .where(and(eq(documents.id, itemId), isPublic))
    item = row
  } else if (kind === 'mag') {
    const [row] = await db
      .select(magazineColumns(null))
      .from(magazines)
      .innerJoin(magazineCategories, eq(magazineCategories.id, magazines.categoryId))
      .where(and(eq(magazines.id, itemId), magazinePublic))
    if (row) item = { name: row.name, thumb: toMagazine(row).cover, ownerId: null }
  } else {
    const [row] = await db
      .select(newspaperColumns(null))
      .from(newspapers)
      .innerJoin(pressCategories, eq(pressCategories.id, newspapers.categoryId))
      .where(and(eq(newspapers.id, itemId), newspaperPublic))
    if (row) item = { name: row.name, thumb: toNewspaper(row).cover, ownerId: null }
  }
  return item
}

/**
 * The item `me` would give: public (else 404), and collected by them or (a document) their own
 * upload (else 400).
 */
export async function giftableItem(
  db: Db,
  me: number,
  kind: GiftDocKind,
  itemId: number,
): Promise<GiftableItem> {
  const item = await publicItem(db, kind, itemId)
  if (!item) throw notFound(GiftText.itemNotFound)
  const mine = kind === 'doc' && item.ownerId === me
  if (!mine && !(await collected(db, COLLECTION_OF[kind], me, itemId))) {
    throw badRequest(GiftText.itemNotYours)
  }
  return { name: item.name, thumb: item.thumb }
}
