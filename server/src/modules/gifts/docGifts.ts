/**
 * Document, magazine and newspaper gifts: giving one (a public item the giver collected or
 * uploaded) with its card in one transaction; the receiver's accept (the item into their
 * collections) or refusal, once; the lists. The card is rewritten when settled and pushed to both.
 */
import { and, count, desc, eq, or, type SQL } from 'drizzle-orm'
import type { Page } from '@api/envelope'
import type { DocGift, SendDocRes, SettleDocRes } from '@api/gifts'
import {
  GiftBusiness,
  GiftState,
  GiftText,
  type DocGiftData,
  type GiftDocKind,
  type GiftListType,
} from '@rules/gifts'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { docGifts } from '../../db/schema'
import { inTx } from '../../db/tx'
import type { Caller } from '../../http/auth'
import { badRequest, notFound } from '../../http/errors'
import { pageOf, type Paging } from '../../http/paging'
import { setCollection } from '../periodicals/shared'
import { cardView, modifyCard, pushCard, pushCardModified, writeCard } from './card'
import { checkCanAccept, checkGiftText, checkReceiver, checkSettler, lockGifts } from './checks'
import { COLLECTION_OF, giftableItem, publicItem } from './items'
import { commonFields, giver, peopleColumns, receiver, type CommonRow } from './people'

const docGiftColumns = {
  id: docGifts.id,
  giverId: docGifts.giverId,
  receiverId: docGifts.receiverId,
  kind: docGifts.kind,
  itemId: docGifts.itemId,
  name: docGifts.name,
  thumb: docGifts.thumb,
  text: docGifts.text,
  state: docGifts.state,
  messageId: docGifts.messageId,
  createdAt: docGifts.createdAt,
  settledAt: docGifts.settledAt,
  ...peopleColumns,
}

interface DocGiftRow extends CommonRow {
  id: number
  kind: GiftDocKind
  itemId: number
  name: string
  thumb: string
}

const toDocGift = (row: DocGiftRow, viewer: number): DocGift => ({
  record_id: row.id,
  receive_user_id: row.receiverId,
  docs_type: row.kind,
  doc_id: row.itemId,
  docs_name: row.name,
  docs_thumb: row.thumb,
  ...commonFields(row, viewer),
})

function selectDocGifts(db: Db) {
  return db
    .select(docGiftColumns)
    .from(docGifts)
    .innerJoin(giver, eq(giver.id, docGifts.giverId))
    .innerJoin(receiver, eq(receiver.id, docGifts.receiverId))
}

const mine = (me: number): SQL => or(eq(docGifts.giverId, me), eq(docGifts.receiverId, me)) as SQL

async function docGiftOf(db: Db, me: number, id: number): Promise<DocGift> {
  const [row] = await selectDocGifts(db).where(and(eq(docGifts.id, id), mine(me)))
  if (!row) throw notFound(GiftText.giftNotFound)
  return toDocGift(row, me)
}

export const docGift = (app: AppContext, caller: Caller, id: number): Promise<DocGift> =>
  docGiftOf(app.db, caller.userId, id)

export async function docGiftList(
  app: AppContext,
  caller: Caller,
  type: GiftListType,
  state: number | undefined,
  at: Paging,
): Promise<Page<DocGift>> {
  const me = caller.userId
  const where = and(
    type === 'received' ? eq(docGifts.receiverId, me) : eq(docGifts.giverId, me),
    state === undefined ? undefined : eq(docGifts.state, state),
  )
  const [rows, [total]] = await Promise.all([
    selectDocGifts(app.db)
      .where(where)
      .orderBy(desc(docGifts.id))
      .limit(at.pageSize)
      .offset(at.offset),
    app.db.select({ n: count() }).from(docGifts).where(where),
  ])
  return pageOf(
    rows.map((row) => toDocGift(row, me)),
    total.n,
    at,
  )
}

export interface SendDocInput {
  docs_type: GiftDocKind
  doc_id: number
  receive_user_id: number
  text?: string
}

export async function sendDocGift(
  app: AppContext,
  caller: Caller,
  input: SendDocInput,
): Promise<SendDocRes> {
  const me = caller.userId
  const receiverId = input.receive_user_id
  const text = checkGiftText(input.text)
  const now = new Date(app.clock.now())
  const { id, sent } = await inTx(app.db, async (tx) => {
    await checkReceiver(tx, me, receiverId)
    const item = await giftableItem(tx, me, input.docs_type, input.doc_id)
    const [row] = await tx
      .insert(docGifts)
      .values({
        giverId: me,
        receiverId,
        kind: input.docs_type,
        itemId: input.doc_id,
        name: item.name,
        thumb: item.thumb,
        text,
        createdAt: now,
      })
      .returning({ id: docGifts.id })
    const data: DocGiftData = {
      businessID: GiftBusiness.doc,
      doc: true,
      giftDocId: row.id,
      docs_thumb: item.thumb,
      docs_name: item.name,
      docs_type: input.docs_type,
      docs_id: input.doc_id,
      to: String(receiverId),
      text,
      extension: GiftState.waiting,
    }
    const card = await writeCard(app, tx, me, receiverId, `giftdoc${row.id}`, data)
    await tx.update(docGifts).set({ messageId: card.row.clientId }).where(eq(docGifts.id, row.id))
    return { id: row.id, sent: card }
  })
  pushCard(app, sent)
  return { record_id: id, message: cardView(sent, me) }
}

export async function settleDocGift(
  app: AppContext,
  caller: Caller,
  id: number,
  state: 1 | 2,
): Promise<SettleDocRes> {
  const me = caller.userId
  const now = new Date(app.clock.now())
  const card = await inTx(app.db, async (tx) => {
    const found = await tx
      .select({ giverId: docGifts.giverId, receiverId: docGifts.receiverId })
      .from(docGifts)
      .where(eq(docGifts.id, id))
    checkSettler(found, 1, me)
    if (state === GiftState.accepted) {
      await checkCanAccept(
        tx,
        me,
        found.map((g) => g.giverId),
      )
    }
    await lockGifts(tx, 'receiver', me)
    const [settled] = await tx
      .update(docGifts)
      .set({ state, settledAt: now })
      .where(
        and(
          eq(docGifts.id, id),
          eq(docGifts.receiverId, me),
          eq(docGifts.state, GiftState.waiting),
        ),
      )
      .returning({ kind: docGifts.kind, itemId: docGifts.itemId, messageId: docGifts.messageId })
    if (!settled) throw badRequest(GiftText.settled)
    if (state === GiftState.accepted) {
      // Taken down since it was given (unpublished, rejected): nothing to accept; refusing works.
      if (!(await publicItem(tx, settled.kind, settled.itemId))) {
        throw notFound(GiftText.itemGone)
      }
      await setCollection(tx, COLLECTION_OF[settled.kind], me, settled.itemId, true, now.getTime())
    }
    return modifyCard(tx, settled.messageId, (data) =>
      data.businessID === GiftBusiness.doc ? { ...data, extension: state } : data,
    )
  })
  if (card) pushCardModified(app, card)
  return { record: await docGiftOf(app.db, me, id), message: card ? cardView(card, me) : null }
}
