/**
 * The gift calls (issue 17; types/api/gifts.ts), one function each, sent through the refs generated
 * from their declarations: book gifts (REST, /api/giftBooksLog/), document, magazine and newspaper
 * gifts (query style, User.DocsSendRecord.*), and my book copies to choose from (shop's
 * findBooksOrderList, with each copy's state).
 */
import * as giftCalls from '@/types/api/calls/gifts.gen'
import * as shopCalls from '@/types/api/calls/shop.gen'
import type { Page } from '@/types/api/envelope'
import type {
  BookGift,
  BookGiftListReq,
  CreateBookGiftReq,
  CreateBookGiftRes,
  DocGift,
  DocGiftListReq,
  GiftItem,
  SendDocGiftReq,
  SendDocRes,
  SettleBookGiftRes,
  SettleDocRes,
} from '@/types/api/gifts'
import type { BookCopy } from '@/types/api/shop'
import { call } from '@/core/request'
import { GiftLimits, type GiftDocKind } from '@rules/gifts'

export const GIFT_PAGE_SIZE = GiftLimits.pageSize

// ---- book gifts -------------------------------------------------------------------------------

/** My book copies, newest first ('held' ones are in a waiting gift). */
export const fetchMyCopies = (page: number, pageSize = GIFT_PAGE_SIZE): Promise<Page<BookCopy>> =>
  call(shopCalls.bookCopies.rest, { page, pageSize })

export const createBookGift = (req: CreateBookGiftReq): Promise<CreateBookGiftRes> =>
  call(giftCalls.createBookGift.rest, req)

/** The receiver accepts (1) or refuses (2) a card's gifts (its giftBooksLogId, '12,13'). */
export const settleBookGift = (ids: string, state: 1 | 2): Promise<SettleBookGiftRes> =>
  call(giftCalls.settleBookGift.rest, {
    giftBooksLogId: ids
      .split(',')
      .map(Number)
      .filter((n) => n > 0),
    state,
  })

export const fetchBookGifts = (req: BookGiftListReq): Promise<Page<BookGift>> =>
  call(giftCalls.bookGiftList.rest, req)

/** One book gift (giver or receiver): silent, the card decides what to say. */
export const fetchBookGift = (id: number): Promise<BookGift> =>
  call(giftCalls.bookGift.rest, { id }, { silent: true })

// ---- document, magazine and newspaper gifts ---------------------------------------------------

/** What I may give of a kind: my collections (and, for documents, my own uploads). */
export const fetchGiftableItems = (
  type: GiftDocKind,
  page: number,
  pageSize = GIFT_PAGE_SIZE,
): Promise<Page<GiftItem>> => call(giftCalls.giftableItems.query, { type, page, pageSize })

export const sendDocGift = (req: SendDocGiftReq): Promise<SendDocRes> =>
  call(giftCalls.sendDocGift.query, req)

export const settleDocGift = (recordId: number, accept: boolean): Promise<SettleDocRes> =>
  accept
    ? call(giftCalls.receiveDocGift.query, { record_id: recordId })
    : call(giftCalls.refuseDocGift.query, { record_id: recordId })

export const fetchDocGifts = (req: DocGiftListReq): Promise<Page<DocGift>> =>
  call(giftCalls.docGiftList.query, req)

export type { BookGift, DocGift, GiftItem }
