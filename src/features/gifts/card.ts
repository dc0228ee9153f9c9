/**
 * The gift card of a chat message (chat-spec "Gift book data" / "Gift document"): what a
 * TIMCustomElem with businessID giveBook or sendDoc says, its state as each side sees it, the data
 * written back when the receiver settles it, and where a tap leads. Pure: the chat's message element
 * renders it, the tests read it.
 */
import { pageUrl, Route } from '@/core/routes'
import {
  GiftBusiness,
  GiftText,
  parseGiftData,
  type GiftDocKind,
  type GiftState,
} from '@rules/gifts'

export interface GiftItem {
  name: string
  cover: string
  /** Books: the copy given (booksOrderId); documents: the item's id (docs_id). */
  id: number
}

export interface GiftCard {
  kind: 'book' | 'doc'
  /** Documents: doc, mag or newspaper. */
  docKind?: GiftDocKind
  /** The gift rows: book gifts one per copy ('12,13'), a document gift its record id. */
  ids: string
  items: GiftItem[]
  text: string
  /** The receiver's user id. */
  to: string
  state: GiftState
  urlH5: string
  /** The parsed data, kept to write the settled state back into. */
  raw: Record<string, unknown>
}

const stateOf = (value: unknown): GiftState => {
  const n = Number(value)
  return n === 1 || n === 2 ? n : 0
}

/** The gift a message carries, or null when it is not a gift card. */
export function parseGift(message: {
  type: string
  payload: Record<string, unknown>
}): GiftCard | null {
  if (message.type !== 'TIMCustomElem') return null
  const data = parseGiftData(message.payload.data)
  if (!data) return null
  const raw = data as unknown as Record<string, unknown>
  const common = {
    text: String(data.text ?? ''),
    to: String(data.to ?? ''),
    state: stateOf(data.extension),
    raw,
  }
  if (data.businessID === GiftBusiness.book) {
    const books = Array.isArray(data.bookInfo) ? data.bookInfo : []
    return {
      kind: 'book',
      ids: String(data.giftBooksLogId ?? ''),
      items: books.map((b) => ({
        name: String(b.booksName ?? ''),
        cover: String(b.booksCoverSheet ?? ''),
        id: Number(b.booksOrderId) || 0,
      })),
      urlH5: String(data.urlH5 ?? ''),
      ...common,
    }
  }
  const docKind: GiftDocKind =
    data.docs_type === 'mag' || data.docs_type === 'newspaper' ? data.docs_type : 'doc'
  return {
    kind: 'doc',
    docKind,
    ids: String(data.giftDocId ?? ''),
    items: [
      {
        name: String(data.docs_name ?? ''),
        cover: String(data.docs_thumb ?? ''),
        id: Number(data.docs_id) || 0,
      },
    ],
    urlH5: '',
    ...common,
  }
}

export const isGiftMessage = (message: { type: string; payload: Record<string, unknown> }) =>
  parseGift(message) !== null

/** 书, 文档, 杂志, 报纸. */
export function giftNoun(card: Pick<GiftCard, 'kind' | 'docKind'>): string {
  if (card.kind === 'book') return '书'
  return card.docKind === 'mag' ? '杂志' : card.docKind === 'newspaper' ? '报纸' : '文档'
}

/**
 * What the card's foot says for this side: the giver waits (等待对方接收), the receiver has the
 * buttons while it waits (null), both see the outcome after.
 */
export function giftStatusText(state: GiftState, out: boolean): string | null {
  if (state === 1) return GiftText.accepted
  if (state === 2) return GiftText.refused
  return out ? GiftText.waitingNote : null
}

/** The message data with the settled state written in (the card and every book's extension). */
export function settledData(card: GiftCard, state: 1 | 2): string {
  const raw: Record<string, unknown> = { ...card.raw, extension: state }
  if (Array.isArray(card.raw.bookInfo)) {
    raw.bookInfo = (card.raw.bookInfo as Array<Record<string, unknown>>).map((b) => ({
      ...b,
      extension: state,
    }))
  }
  return JSON.stringify(raw)
}

/**
 * Where a tap on the card leads, when the card alone tells it (else ''): its H5 address, or the
 * document, magazine or newspaper. A book card names copies, not books: the gift record does
 * (bookGift's booksId).
 */
export function giftItemUrl(card: GiftCard): string {
  if (card.urlH5) return pageUrl(Route.chatWebView, { url: card.urlH5 })
  const item = card.items[0]
  if (card.kind === 'book' || !item?.id) return ''
  if (card.docKind === 'mag') return pageUrl(Route.magaDetail, { id: item.id })
  if (card.docKind === 'newspaper') return pageUrl(Route.paperDetail, { id: item.id })
  return pageUrl(Route.fileDetail, { id: item.id })
}
