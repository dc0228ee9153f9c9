/**
 * The gifts contract (issue 17; app-spec section 7 "Gift books" and "Gifting" under documents,
 * chat-spec sections 3, 4 and 7): a reader gives a friend book copies (their shop copies), or a
 * document, magazine or newspaper; the gift arrives as a card in their C2C chat; only the receiver
 * accepts or refuses it, once.
 *
 * Names: book gifts are REST calls under /api/giftBooksLog/ with the spec's names. The spec shows no
 * paths for findGiftDetail and myGiftstate: ours are GET /api/giftBooksLog/findGiftDetail and GET
 * /api/giftBooksLog/myGiftstate. Document gifts are query-style calls with the spec's names
 * (User.DocsSendRecord.*). The spec's User.DocsCollection.MyCollecList is the documents domain's
 * collectionList (my collected documents only); what a gift may give of every kind (collected
 * documents, magazines, newspapers and my own public documents) is ours:
 * User.DocsSendRecord.GiftableList (giftableItems). Fields use the spec's names
 * (camelCase for books, snake_case for documents, as the spec has them). Times are unix seconds.
 * Texts the reader sees are Chinese (rules/gifts.ts GiftText).
 *
 * Rules (the server's, never the client's word):
 * - The receiver must be my friend (else 400 '只能赠送给书友'); a block either way is refused (403:
 *   '对方已将你拉黑，无法赠送' / '你已拉黑对方，请先取消拉黑'); not myself (400). The words (`text`)
 *   are at most 50 characters with no blocked words.
 * - A book gift holds its copies (copy state 'held', findBooksOrderList shows it) while it waits: a
 *   copy is in at most one waiting gift (offering it again: 400 '该书已在赠送中或不属于你'). Accepted:
 *   the copies become the receiver's ('owned') and each book goes onto the receiver's bookcase (and
 *   their collected books). Refused: the copies go back to the giver ('owned').
 * - A document gift gives an item that is public (approved) and in my collections (or, for a
 *   document, my own upload); accepted, it is added to the receiver's collections.
 * - Only the receiver settles, once: the giver gets 403 '只有受赠人可以操作', anyone else 404
 *   '礼物不存在' (as if it did not exist), a settled gift 400 '该礼物已处理'; two settles at once: one
 *   wins, the other gets 400 '该礼物已处理'.
 * - Accepting needs what giving needed: still friends (400 '你们已不是书友，无法接受，可以拒绝'), no
 *   block either way (403 '你们之间存在拉黑，无法接受，可以拒绝'), and for a document, magazine or
 *   newspaper that it is still public (404 '该内容已下架，无法接受，可以拒绝'). Refusing always works,
 *   so the giver gets the copies back.
 *
 * Chat: the gift's card is written by the server as the giver into the C2C conversation with the
 * receiver, in the gift's transaction: a TIMCustomElem with payload {data: JSON text, description:
 * 'giveBook' | 'sendDoc', extension: ''}; data is BookGiftData / DocGiftData (rules/gifts.ts
 * parseGiftData). It is pushed to both sides like any message (op 'message') and answered as
 * `message` (the giver's view; with the Tencent engine the app sends this payload itself). Clients
 * may not send such cards (400 '礼物消息只能通过赠送发送'). Settling rewrites the stored card's data
 * (`extension` and each bookInfo[].extension = the state) and pushes {op: 'modified', message} to
 * every connection of both sides; history and sync answer the new data.
 */
import {
  COPY_STATES,
  GIFT_DOC_KINDS,
  GIFT_LIST_TYPES,
  GIFT_STATES,
  GiftLimits,
  GiftText,
  SETTLE_STATES,
} from '@rules/gifts'
import { ChatMessage } from './chat'
import { call, Id, PageOf, Paging, Text, Type, type CallInput, type Static } from './contract'

export { GiftLimits, GiftText }

const INT_MAX = 2_147_483_647
/** Longest `text` read before the rules count characters (the rules then give the message). */
export const GIFT_TEXT_READ_MAX = GiftLimits.textMaxChars * 4

const StateOut = Type.Union(GIFT_STATES.map((s) => Type.Literal(s)))
const NullableInt = Type.Union([Type.Integer(), Type.Null()])

/** Giver or receiver. */
export const GiftPerson = Type.Object({
  id: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.String(),
})
export type GiftPerson = Static<typeof GiftPerson>

/** Where the gift's card is, as the caller sees it. */
const cardFields = {
  /** The caller's C2C conversation with the other side ('C2C<their id>'). */
  conversationID: Type.String(),
  /** The card's message ID ('' if it was not written). */
  messageID: Type.String(),
}

const commonFields = {
  giver: GiftPerson,
  receiver: GiftPerson,
  /** The giver's words. */
  text: Type.String(),
  /** 0 waiting, 1 accepted, 2 refused. */
  state: StateOut,
  createdAt: Type.Integer(),
  /** When the receiver settled it (null while waiting). */
  settledAt: NullableInt,
  ...cardFields,
}

/** One of my copies, as a gift shows it (findBooksInfoByOrderIdDetail). */
export const GiftCopy = Type.Object({
  booksOrderId: Type.Integer(),
  booksId: Type.Integer(),
  booksName: Type.String(),
  booksCoverSheet: Type.String(),
  /** 'owned' (may be given) or 'held' (in a waiting gift). */
  state: Type.Union(COPY_STATES.map((s) => Type.Literal(s))),
})
export type GiftCopy = Static<typeof GiftCopy>

/** A book gift: one copy given (giftBooksLogId); the copies of one card share `batchIds`. */
export const BookGift = Type.Object({
  giftBooksLogId: Type.Integer(),
  /** The ids of the gifts on the same card (this one included), ascending. */
  batchIds: Type.Array(Type.Integer()),
  receiveUserId: Type.Integer(),
  booksOrderId: Type.Integer(),
  booksId: Type.Integer(),
  booksName: Type.String(),
  booksCoverSheet: Type.String(),
  ...commonFields,
})
export type BookGift = Static<typeof BookGift>

export const CreateBookGiftRes = Type.Object({
  /** One per copy, in the order of the copies' ids. */
  giftBooksLogIds: Type.Array(Type.Integer()),
  /** The card as written (the giver's view). */
  message: ChatMessage,
})
export type CreateBookGiftRes = Static<typeof CreateBookGiftRes>

export const SettleBookGiftRes = Type.Object({
  /** The gifts after the settle. */
  list: Type.Array(BookGift),
  /** The card after the settle (the receiver's view), null if it was not found. */
  message: Type.Union([ChatMessage, Type.Null()]),
})
export type SettleBookGiftRes = Static<typeof SettleBookGiftRes>

export const GiftStateRes = Type.Object({ giftBooksLogId: Type.Integer(), state: StateOut })
export type GiftStateRes = Static<typeof GiftStateRes>

/** Something I may give as a document gift (MyCollecList). */
export const GiftItem = Type.Object({
  /** documents.id, magazines.id or newspapers.id (Send's doc_id). */
  id: Type.Integer(),
  name: Type.String(),
  /** A thumbnail or cover URL path, or ''. */
  thumb: Type.String(),
  kind: Type.Union(GIFT_DOC_KINDS.map((k) => Type.Literal(k))),
  /** true: my own upload (documents); false: one I collected. */
  mine: Type.Boolean(),
})
export type GiftItem = Static<typeof GiftItem>

/** A document gift (the spec's record fields). */
export const DocGift = Type.Object({
  record_id: Type.Integer(),
  receive_user_id: Type.Integer(),
  docs_type: Type.Union(GIFT_DOC_KINDS.map((k) => Type.Literal(k))),
  /** documents.id, magazines.id or newspapers.id. */
  doc_id: Type.Integer(),
  docs_name: Type.String(),
  docs_thumb: Type.String(),
  ...commonFields,
})
export type DocGift = Static<typeof DocGift>

export const SendDocRes = Type.Object({
  record_id: Type.Integer(),
  /** The card as written (the giver's view). */
  message: ChatMessage,
})
export type SendDocRes = Static<typeof SendDocRes>

export const SettleDocRes = Type.Object({
  record: DocGift,
  /** The card after the settle (the receiver's view), null if it was not found. */
  message: Type.Union([ChatMessage, Type.Null()]),
})
export type SettleDocRes = Static<typeof SettleDocRes>

// ---- input pieces -----------------------------------------------------------------------------

/** Ids: a JSON array, repeated fields, JSON in a string, or comma-joined ('12,13'). */
const IdList = (minItems: number, maxItems: number, error: string) =>
  Type.Array(Type.Integer({ minimum: 1, maximum: INT_MAX }), {
    minItems,
    maxItems,
    'x-list': true,
    'x-error': error,
  })

const listType = Type.Union(
  GIFT_LIST_TYPES.map((t) => Type.Literal(t)),
  { 'x-error': GiftText.typeInvalid },
)
const stateFilter = Type.Optional(
  Type.Union(
    GIFT_STATES.map((s) => Type.Literal(s)),
    { 'x-error': GiftText.stateInvalid },
  ),
)
const docsType = Type.Union(
  GIFT_DOC_KINDS.map((k) => Type.Literal(k)),
  { 'x-error': GiftText.docsTypeInvalid },
)
const giftText = Type.Optional(Text(GIFT_TEXT_READ_MAX, GiftText.textTooLong))
const recordId = { record_id: Id(GiftText.giftNotFound) }

const PAGES = `pages of 1..${GiftLimits.pageSizeMax} (default ${GiftLimits.pageSize})`
const LIST_RULES = `\`type\` 'received' (to me) or 'sent' (by me), \`state\` 0/1/2 (absent: all), newest first; ${PAGES}`

export const giftsApi = {
  // ---- book gifts ----
  copiesInfo: call({
    summary:
      "My copies among `booksOrderIds` (at most 50; others' and unknown ones are left out), with their book's name and cover and the copy's state ('owned' or 'held' in a waiting gift).",
    auth: true,
    rest: { method: 'POST', path: '/api/giftBooksLog/findBooksInfoByOrderIdDetail' },
    body: 'json',
    input: Type.Object({ booksOrderIds: IdList(1, 50, GiftText.booksMissing) }),
    answer: Type.Array(GiftCopy),
  }),
  createBookGift: call({
    summary: `Gives \`booksOrderIds\` (1..${GiftLimits.booksMax} of my 'owned' copies, else 400 '该书已在赠送中或不属于你') to my friend \`receiveUserId\` with \`text\` (at most ${GiftLimits.textMaxChars} characters), in one transaction with its chat card (see the header). Not a friend: 400 '只能赠送给书友'; a block either way: 403.`,
    auth: true,
    rest: { method: 'POST', path: '/api/giftBooksLog/createGiftBooksLogApp' },
    body: 'json',
    input: Type.Object({
      booksOrderIds: IdList(1, GiftLimits.booksMax, GiftText.booksTooMany),
      receiveUserId: Id(GiftText.receiverMissing),
      text: giftText,
    }),
    answer: CreateBookGiftRes,
  }),
  settleBookGift: call({
    summary:
      "The receiver accepts (`state` 1) or refuses (2) the gifts `giftBooksLogId` (one id or a comma list: a card's giftBooksLogId), all waiting, all or none. Giver: 403 '只有受赠人可以操作'; anyone else: 404 '礼物不存在'; settled: 400 '该礼物已处理'. The card is modified on both sides.",
    auth: true,
    rest: { method: 'POST', path: '/api/giftBooksLog/operationGiftBooksLogApp' },
    input: Type.Object({
      giftBooksLogId: IdList(1, GiftLimits.booksMax, GiftText.giftNotFound),
      state: Type.Union(
        SETTLE_STATES.map((s) => Type.Literal(s)),
        { 'x-error': GiftText.stateInvalid },
      ),
    }),
    answer: SettleBookGiftRes,
  }),
  bookGiftList: call({
    summary: `My book gifts: ${LIST_RULES}.`,
    auth: true,
    rest: { method: 'GET', path: '/api/giftBooksLog/findGiftBooksLogAppList' },
    input: Type.Object({ type: listType, state: stateFilter, ...Paging }),
    answer: PageOf(BookGift),
  }),
  bookGift: call({
    summary: "One book gift I gave or received (else 404 '礼物不存在').",
    auth: true,
    rest: { method: 'GET', path: '/api/giftBooksLog/findGiftBooksLog' },
    input: Type.Object({ id: Id(GiftText.giftNotFound) }),
    answer: BookGift,
  }),
  bookGiftDetail: call({
    summary:
      "The book gifts `ids` (a comma list, at most 50) that I gave or received, ascending (others' and unknown ones are left out). Our path: the spec shows none.",
    auth: true,
    rest: { method: 'GET', path: '/api/giftBooksLog/findGiftDetail' },
    input: Type.Object({ ids: IdList(1, 50, GiftText.giftNotFound) }),
    answer: Type.Array(BookGift),
  }),
  bookGiftState: call({
    summary:
      "A book gift's state, for its giver or receiver (else 404 '礼物不存在'). Our path: the spec shows none.",
    auth: true,
    rest: { method: 'GET', path: '/api/giftBooksLog/myGiftstate' },
    input: Type.Object({ giftBooksLogId: Id(GiftText.giftNotFound) }),
    answer: GiftStateRes,
  }),
  // ---- document, magazine and newspaper gifts ----
  giftableItems: call({
    summary: `What I may give of a \`type\`: 'doc' my collected public documents and my own public (approved) uploads, 'mag' my collected magazines, 'newspaper' my collected newspapers; last collected (or uploaded) first; ${PAGES}.`,
    auth: true,
    query: { method: 'GET', name: 'User.DocsSendRecord.GiftableList' },
    input: Type.Object({ type: docsType, ...Paging }),
    answer: PageOf(GiftItem),
  }),
  sendDocGift: call({
    summary: `Gives the item \`doc_id\` of \`docs_type\` ('doc', 'mag' or 'newspaper'; public, and in my collections or my own upload, else 400 '只能赠送你收藏或上传的内容'; unknown or not public: 404) to my friend \`receive_user_id\` with \`text\` (at most ${GiftLimits.textMaxChars} characters), with its chat card. Friend and block rules as book gifts.`,
    auth: true,
    query: { method: 'POST', name: 'User.DocsSendRecord.Send' },
    input: Type.Object({
      docs_type: docsType,
      doc_id: Id(GiftText.itemMissing),
      receive_user_id: Id(GiftText.receiverMissing),
      text: giftText,
    }),
    answer: SendDocRes,
  }),
  docGiftList: call({
    summary: `My document gifts: ${LIST_RULES}.`,
    auth: true,
    query: { method: 'GET', name: 'User.DocsSendRecord.RecordList' },
    input: Type.Object({ type: listType, state: stateFilter, ...Paging }),
    answer: PageOf(DocGift),
  }),
  docGift: call({
    summary: "One document gift I gave or received (else 404 '礼物不存在').",
    auth: true,
    query: { method: 'GET', name: 'User.DocsSendRecord.RecordDetail' },
    input: Type.Object(recordId),
    answer: DocGift,
  }),
  receiveDocGift: call({
    summary:
      "The receiver accepts the gift: the item goes into their collections. Giver: 403 '只有受赠人可以操作'; anyone else: 404; settled: 400 '该礼物已处理'. The card is modified on both sides.",
    auth: true,
    query: { method: 'POST', name: 'User.DocsSendRecord.Receive' },
    input: Type.Object(recordId),
    answer: SettleDocRes,
  }),
  refuseDocGift: call({
    summary:
      "The receiver refuses the gift (cannot be undone). Giver: 403 '只有受赠人可以操作'; anyone else: 404; settled: 400 '该礼物已处理'. The card is modified on both sides.",
    auth: true,
    query: { method: 'POST', name: 'User.DocsSendRecord.Refuse' },
    input: Type.Object(recordId),
    answer: SettleDocRes,
  }),
}

export type CopiesInfoReq = CallInput<typeof giftsApi.copiesInfo>
export type CreateBookGiftReq = CallInput<typeof giftsApi.createBookGift>
export type SettleBookGiftReq = CallInput<typeof giftsApi.settleBookGift>
export type BookGiftListReq = CallInput<typeof giftsApi.bookGiftList>
export type BookGiftReq = CallInput<typeof giftsApi.bookGift>
export type BookGiftDetailReq = CallInput<typeof giftsApi.bookGiftDetail>
export type BookGiftStateReq = CallInput<typeof giftsApi.bookGiftState>
export type GiftableItemsReq = CallInput<typeof giftsApi.giftableItems>
export type SendDocGiftReq = CallInput<typeof giftsApi.sendDocGift>
export type DocGiftListReq = CallInput<typeof giftsApi.docGiftList>
export type DocGiftReq = CallInput<typeof giftsApi.docGift>
export type ReceiveDocGiftReq = CallInput<typeof giftsApi.receiveDocGift>
export type RefuseDocGiftReq = CallInput<typeof giftsApi.refuseDocGift>
