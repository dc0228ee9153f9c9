/**
 * Gifts in chat (issue 17): the limits, words, Chinese texts and the chat card's data that the app's
 * gift pages and cards and the server share. A book gift gives copies of books (shop's book copies);
 * a document gift gives a document, a magazine or a newspaper into the receiver's collections. Only
 * the receiver settles a gift, once. Pure: no Taro import.
 */
import { BLOCKED_TEXT_MESSAGE, findBlockedWords } from './moderation'
import { textLength } from './validate'

export const GiftLimits = {
  /** Book copies given in one gift (one chat card). */
  booksMax: 10,
  /** The giver's words on the card, in characters (code points). */
  textMaxChars: 50,
  /** Lists: page size by default and at most. */
  pageSize: 10,
  pageSizeMax: 50,
} as const

/** A gift's state: 0 waiting, 1 accepted, 2 refused (the card's `extension` too). */
export const GiftState = { waiting: 0, accepted: 1, refused: 2 } as const
export type GiftState = (typeof GiftState)[keyof typeof GiftState]
export const GIFT_STATES = [0, 1, 2] as const
/** What the receiver may settle a book gift to (operationGiftBooksLogApp `state`). */
export const SETTLE_STATES = [1, 2] as const

/** 待接收 / 已接受 / 已拒绝 (the gift list's tabs and rows). */
export const GIFT_STATE_LABELS: Record<GiftState, string> = {
  0: '待接收',
  1: '已接受',
  2: '已拒绝',
}

/** The lists: gifts I received or gifts I sent. */
export const GIFT_LIST_TYPES = ['received', 'sent'] as const
export type GiftListType = (typeof GIFT_LIST_TYPES)[number]

/** What a document gift gives (the spec's docs_type). */
export const GIFT_DOC_KINDS = ['doc', 'mag', 'newspaper'] as const
export type GiftDocKind = (typeof GIFT_DOC_KINDS)[number]

/** A book copy's state: 'owned', or 'held' while it is in a waiting gift. */
export const COPY_STATES = ['owned', 'held'] as const
export type CopyState = (typeof COPY_STATES)[number]

/** The custom message's businessID (and description) of each card. */
export const GiftBusiness = { book: 'giveBook', doc: 'sendDoc' } as const
export const GIFT_BUSINESS_IDS: readonly string[] = [GiftBusiness.book, GiftBusiness.doc]

export const GiftText = {
  // refusals
  copyUnavailable: '该书已在赠送中或不属于你',
  notFriend: '只能赠送给书友',
  blockedByThem: '对方已将你拉黑，无法赠送',
  blockedByMe: '你已拉黑对方，请先取消拉黑',
  self: '不能赠送给自己',
  onlyReceiver: '只有受赠人可以操作',
  /** Accepting after the friendship ended (refusing still works: the giver gets the gift back). */
  acceptNotFriend: '你们已不是书友，无法接受，可以拒绝',
  /** Accepting across a block made after the gift was sent (refusing still works). */
  acceptBlocked: '你们之间存在拉黑，无法接受，可以拒绝',
  settled: '该礼物已处理',
  giftNotFound: '礼物不存在',
  receiverMissing: '请选择要赠送的书友',
  booksMissing: '请选择要赠送的书',
  booksTooMany: `一次最多赠送${GiftLimits.booksMax}本书`,
  textTooLong: `赠言不能超过${GiftLimits.textMaxChars}个字`,
  textBlocked: BLOCKED_TEXT_MESSAGE,
  itemMissing: '请选择要赠送的内容',
  itemNotFound: '赠送的内容不存在或未公开',
  /** Accepting a document, magazine or newspaper no longer public (refusing still works). */
  itemGone: '该内容已下架，无法接受，可以拒绝',
  itemNotYours: '只能赠送你收藏或上传的内容',
  stateInvalid: '状态不正确',
  typeInvalid: '类型不正确',
  docsTypeInvalid: '赠送类型不正确',
  /** A client sending a giveBook / sendDoc card itself (only the gift service writes them). */
  forgedCard: '礼物消息只能通过赠送发送',
  /** Revoking a gift card: it stays, the gift's record in the chat. */
  noRevoke: '礼物消息不能撤回',
  // successes
  sent: '赠送成功',
  accepted: '已接受',
  refused: '已拒绝',
  // the card
  waitingNote: '等待对方接收',
  accept: '接受',
  refuse: '拒绝',
  refuseConfirm: '拒绝后不可恢复，确定拒绝吗？',
  giftTitle: '礼物',
} as const

/** One book on a giveBook card: the copy, its book's name and cover, and the copy's gift state. */
export interface GiftBookInfo {
  booksOrderId: number
  booksName: string
  booksCoverSheet: string
  /** The state of this copy's gift (GiftState). */
  extension: number
}

/**
 * The data (JSON text of payload.data) of a giveBook card, as the chat-spec has it. `extension`:
 * 0 while any copy waits, else 1 when any was accepted, else 2.
 */
export interface BookGiftData {
  businessID: 'giveBook'
  /** The gifts' ids (giftBooksLogId), comma-joined: what operationGiftBooksLogApp takes. */
  giftBooksLogId: string
  bookInfo: GiftBookInfo[]
  /** The receiver's user ID. */
  to: string
  text: string
  extension: number
  /** An H5 address to open instead of the book ('' none). */
  urlH5: string
}

/** The data of a sendDoc card. */
export interface DocGiftData {
  businessID: 'sendDoc'
  doc: true
  /** The gift's record_id. */
  giftDocId: number
  docs_thumb: string
  docs_name: string
  docs_type: GiftDocKind
  /** The document's, magazine's or newspaper's id (what the card opens). */
  docs_id: number
  to: string
  text: string
  extension: number
}

export type GiftData = BookGiftData | DocGiftData

/** A gift card's data from a custom message's payload.data, or null when it is not one. */
export function parseGiftData(data: unknown): GiftData | null {
  if (typeof data !== 'string' || data === '') return null
  let parsed: unknown
  try {
    parsed = JSON.parse(data)
  } catch {
    return null
  }
  if (!parsed || typeof parsed !== 'object') return null
  const id = (parsed as { businessID?: unknown }).businessID
  return id === GiftBusiness.book || id === GiftBusiness.doc ? (parsed as GiftData) : null
}

/** A book card's overall state from its books' states. */
export function bookCardState(states: readonly number[]): GiftState {
  if (states.some((s) => s === GiftState.waiting)) return GiftState.waiting
  return states.some((s) => s === GiftState.accepted) ? GiftState.accepted : GiftState.refused
}

/** What is wrong with a gift's words (trimmed), or null: at most 50 characters, no blocked words. */
export function giftTextError(text: string): string | null {
  if (textLength(text) > GiftLimits.textMaxChars) return GiftText.textTooLong
  if (findBlockedWords(text).length > 0) return GiftText.textBlocked
  return null
}
