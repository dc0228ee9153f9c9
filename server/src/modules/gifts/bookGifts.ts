/**
 * Giving book copies and settling the gift. Giving holds the copies ('owned' → 'held', only where
 * they are the giver's and 'owned': that update decides when one copy is offered twice at once)
 * and writes one gift per copy and the card, in one transaction. Settling is the receiver's alone,
 * once (`update … where state = 0` decides between two settles at once): accepted, the copies
 * become the receiver's and the books go onto their bookcase; refused, the copies go back to the
 * giver. The card is rewritten in the same transaction and pushed to both sides after it.
 */
import { randomBytes } from 'node:crypto'
import { and, eq, inArray, min } from 'drizzle-orm'
import type { CreateBookGiftRes, SettleBookGiftRes } from '@api/gifts'
import { bookCardState, GiftBusiness, GiftState, GiftText, type BookGiftData } from '@rules/gifts'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import {
  bookChapters,
  bookCollections,
  bookCopies,
  bookGifts,
  readingProgress,
} from '../../db/schema'
import { inTx } from '../../db/tx'
import type { Caller } from '../../http/auth'
import { badRequest } from '../../http/errors'
import { bookGiftsByIds, copiesOf } from './bookRows'
import { cardView, modifyCard, pushCard, pushCardModified, writeCard, type Card } from './card'
import { checkCanAccept, checkGiftText, checkReceiver, checkSettler, lockGifts } from './checks'

export interface CreateBookGiftInput {
  booksOrderIds: number[]
  receiveUserId: number
  text?: string
}

export async function createBookGift(
  app: AppContext,
  caller: Caller,
  input: CreateBookGiftInput,
): Promise<CreateBookGiftRes> {
  const me = caller.userId
  const receiverId = input.receiveUserId
  const text = checkGiftText(input.text)
  const copyIds = [...new Set(input.booksOrderIds)].sort((a, b) => a - b)
  const now = new Date(app.clock.now())
  const { ids, sent } = await inTx(app.db, async (tx) => {
    await checkReceiver(tx, me, receiverId)
    await lockGifts(tx, 'giver', me)
    const held = await tx
      .update(bookCopies)
      .set({ state: 'held' })
      .where(
        and(
          inArray(bookCopies.id, copyIds),
          eq(bookCopies.ownerUserId, me),
          eq(bookCopies.state, 'owned'),
        ),
      )
      .returning({ id: bookCopies.id, bookId: bookCopies.bookId })
    if (held.length !== copyIds.length) throw badRequest(GiftText.copyUnavailable)
    const bookOf = new Map(held.map((c) => [c.id, c.bookId]))
    const batch = randomBytes(8).toString('hex')
    const rows = await tx
      .insert(bookGifts)
      .values(
        copyIds.map((copyId) => ({
          giverId: me,
          receiverId,
          copyId,
          bookId: bookOf.get(copyId) as number,
          batch,
          text,
          createdAt: now,
        })),
      )
      .returning({ id: bookGifts.id, copyId: bookGifts.copyId })
    rows.sort((a, b) => a.id - b.id)
    const giftIds = rows.map((r) => r.id)
    const copies = await copiesOf(tx, inArray(bookCopies.id, copyIds))
    const data: BookGiftData = {
      businessID: GiftBusiness.book,
      giftBooksLogId: giftIds.join(','),
      bookInfo: copies.map((c) => ({
        booksOrderId: c.booksOrderId,
        booksName: c.booksName,
        booksCoverSheet: c.booksCoverSheet,
        extension: GiftState.waiting,
      })),
      to: String(receiverId),
      text,
      extension: GiftState.waiting,
      urlH5: '',
    }
    const card = await writeCard(app, tx, me, receiverId, `giftbook${giftIds[0]}`, data)
    await tx
      .update(bookGifts)
      .set({ messageId: card.row.clientId })
      .where(inArray(bookGifts.id, giftIds))
    return { ids: giftIds, sent: card }
  })
  pushCard(app, sent)
  return { giftBooksLogIds: ids, message: cardView(sent, me) }
}

/** Accepted books go onto the receiver's bookcase (at their first chapter) and collected books. */
async function shelve(tx: Db, userId: number, bookIds: number[], now: Date): Promise<void> {
  const firsts = await tx
    .select({ bookId: bookChapters.bookId, serial: min(bookChapters.serial) })
    .from(bookChapters)
    .where(inArray(bookChapters.bookId, bookIds))
    .groupBy(bookChapters.bookId)
  const placed = firsts.filter((f) => f.serial !== null)
  if (placed.length > 0) {
    await tx
      .insert(readingProgress)
      .values(
        placed.map((f) => ({
          userId,
          bookId: f.bookId,
          serial: f.serial as number,
          paragraph: 0,
          audioSeconds: 0,
          permyriad: 0,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing()
  }
  await tx
    .insert(bookCollections)
    .values(bookIds.map((bookId) => ({ userId, bookId, createdAt: now })))
    .onConflictDoNothing()
}

export async function settleBookGifts(
  app: AppContext,
  caller: Caller,
  giftIds: number[],
  state: 1 | 2,
): Promise<SettleBookGiftRes> {
  const me = caller.userId
  const wanted = [...new Set(giftIds)].sort((a, b) => a - b)
  const now = new Date(app.clock.now())
  const cards = await inTx(app.db, async (tx) => {
    const found = await tx
      .select({ giverId: bookGifts.giverId, receiverId: bookGifts.receiverId })
      .from(bookGifts)
      .where(inArray(bookGifts.id, wanted))
    checkSettler(found, wanted.length, me)
    if (state === GiftState.accepted) {
      await checkCanAccept(
        tx,
        me,
        found.map((g) => g.giverId),
      )
    }
    await lockGifts(tx, 'receiver', me)
    const settled = await tx
      .update(bookGifts)
      .set({ state, settledAt: now })
      .where(
        and(
          inArray(bookGifts.id, wanted),
          eq(bookGifts.receiverId, me),
          eq(bookGifts.state, GiftState.waiting),
        ),
      )
      .returning({
        copyId: bookGifts.copyId,
        bookId: bookGifts.bookId,
        messageId: bookGifts.messageId,
      })
    if (settled.length !== wanted.length) throw badRequest(GiftText.settled)
    const copyIds = settled.map((g) => g.copyId)
    const held = and(inArray(bookCopies.id, copyIds), eq(bookCopies.state, 'held'))
    if (state === GiftState.accepted) {
      await tx.update(bookCopies).set({ ownerUserId: me, state: 'owned' }).where(held)
      await shelve(tx, me, [...new Set(settled.map((g) => g.bookId))], now)
    } else {
      await tx.update(bookCopies).set({ state: 'owned' }).where(held)
    }
    const done = new Set(copyIds)
    const out: Card[] = []
    for (const messageId of new Set(settled.map((g) => g.messageId))) {
      const card = await modifyCard(tx, messageId, (data) => {
        if (data.businessID !== GiftBusiness.book) return data
        const bookInfo = data.bookInfo.map((b) =>
          done.has(b.booksOrderId) ? { ...b, extension: state } : b,
        )
        return { ...data, bookInfo, extension: bookCardState(bookInfo.map((b) => b.extension)) }
      })
      if (card) out.push(card)
    }
    return out
  })
  for (const card of cards) pushCardModified(app, card)
  return {
    list: await bookGiftsByIds(app.db, me, wanted),
    message: cards[0] ? cardView(cards[0], me) : null,
  }
}
