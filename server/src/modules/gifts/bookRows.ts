/** Reading book gifts: the answers' columns and shapes, lists, one gift, a few by id, a state. */
import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { Page } from '@api/envelope'
import type { BookGift, GiftCopy, GiftStateRes } from '@api/gifts'
import { GiftText, type GiftListType } from '@rules/gifts'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { bookCopies, bookGifts, books } from '../../db/schema'
import type { Caller } from '../../http/auth'
import { notFound } from '../../http/errors'
import { pageOf, type Paging } from '../../http/paging'
import { bookCover } from '../shop/rows'
import { commonFields, giver, peopleColumns, receiver, type CommonRow } from './people'

const bookGiftColumns = {
  id: bookGifts.id,
  giverId: bookGifts.giverId,
  receiverId: bookGifts.receiverId,
  copyId: bookGifts.copyId,
  bookId: bookGifts.bookId,
  booksName: books.name,
  booksCoverSheet: bookCover,
  batchIds: sql<
    number[]
  >`array(select b2.id from ${bookGifts} b2 where b2.batch = ${bookGifts.batch} order by b2.id)`,
  text: bookGifts.text,
  state: bookGifts.state,
  messageId: bookGifts.messageId,
  createdAt: bookGifts.createdAt,
  settledAt: bookGifts.settledAt,
  ...peopleColumns,
}

interface BookGiftRow extends CommonRow {
  id: number
  copyId: number
  bookId: number
  booksName: string
  booksCoverSheet: string
  batchIds: number[]
}

const toBookGift = (row: BookGiftRow, viewer: number): BookGift => ({
  giftBooksLogId: row.id,
  batchIds: row.batchIds.map(Number),
  receiveUserId: row.receiverId,
  booksOrderId: row.copyId,
  booksId: row.bookId,
  booksName: row.booksName,
  booksCoverSheet: row.booksCoverSheet ?? '',
  ...commonFields(row, viewer),
})

function selectBookGifts(db: Db) {
  return db
    .select(bookGiftColumns)
    .from(bookGifts)
    .innerJoin(books, eq(books.id, bookGifts.bookId))
    .innerJoin(giver, eq(giver.id, bookGifts.giverId))
    .innerJoin(receiver, eq(receiver.id, bookGifts.receiverId))
}

const mine = (me: number): SQL => or(eq(bookGifts.giverId, me), eq(bookGifts.receiverId, me)) as SQL

/** The gifts `ids` that `me` gave or received, ascending (the others left out). */
export async function bookGiftsByIds(
  db: Db,
  me: number,
  ids: readonly number[],
): Promise<BookGift[]> {
  const rows = await selectBookGifts(db)
    .where(and(inArray(bookGifts.id, [...ids]), mine(me)))
    .orderBy(bookGifts.id)
  return rows.map((row) => toBookGift(row, me))
}

export async function bookGiftList(
  app: AppContext,
  caller: Caller,
  type: GiftListType,
  state: number | undefined,
  at: Paging,
): Promise<Page<BookGift>> {
  const me = caller.userId
  const where = and(
    type === 'received' ? eq(bookGifts.receiverId, me) : eq(bookGifts.giverId, me),
    state === undefined ? undefined : eq(bookGifts.state, state),
  )
  const [rows, [total]] = await Promise.all([
    selectBookGifts(app.db)
      .where(where)
      .orderBy(desc(bookGifts.id))
      .limit(at.pageSize)
      .offset(at.offset),
    app.db.select({ n: count() }).from(bookGifts).where(where),
  ])
  return pageOf(
    rows.map((row) => toBookGift(row, me)),
    total.n,
    at,
  )
}

export async function bookGift(app: AppContext, caller: Caller, id: number): Promise<BookGift> {
  const [gift] = await bookGiftsByIds(app.db, caller.userId, [id])
  if (!gift) throw notFound(GiftText.giftNotFound)
  return gift
}

export async function bookGiftState(
  app: AppContext,
  caller: Caller,
  id: number,
): Promise<GiftStateRes> {
  const [row] = await app.db
    .select({ state: bookGifts.state })
    .from(bookGifts)
    .where(and(eq(bookGifts.id, id), mine(caller.userId)))
  if (!row) throw notFound(GiftText.giftNotFound)
  return { giftBooksLogId: id, state: row.state as 0 | 1 | 2 }
}

/** My copies among `ids`, with their books (others' and unknown ones left out), ascending. */
export async function copiesInfo(
  app: AppContext,
  caller: Caller,
  ids: readonly number[],
): Promise<GiftCopy[]> {
  return copiesOf(
    app.db,
    and(inArray(bookCopies.id, [...ids]), eq(bookCopies.ownerUserId, caller.userId)) as SQL,
  )
}

export async function copiesOf(db: Db, where: SQL): Promise<GiftCopy[]> {
  const rows = await db
    .select({
      booksOrderId: bookCopies.id,
      booksId: bookCopies.bookId,
      booksName: books.name,
      booksCoverSheet: bookCover,
      state: bookCopies.state,
    })
    .from(bookCopies)
    .innerJoin(books, eq(books.id, bookCopies.bookId))
    .where(where)
    .orderBy(bookCopies.id)
  return rows.map((row) => ({ ...row, booksCoverSheet: row.booksCoverSheet ?? '' }))
}
