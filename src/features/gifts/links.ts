/** The gift pages' addresses: choosing what to give a friend, and the gift records. */
import { pageUrl, Route } from '@/core/routes'

export type GiftKind = 'book' | 'doc' | 'mag' | 'newspaper'

const SELECT_ROUTE = {
  book: Route.selectBook,
  doc: Route.selectDoc,
  mag: Route.selectMaga,
  newspaper: Route.selectPaper,
} as const

/** The four gift entries (friendDetail's 赠送, the chat tools' 礼物), in this order. */
export const GIFT_ENTRIES: ReadonlyArray<{ kind: GiftKind; label: string }> = [
  { kind: 'book', label: '赠书' },
  { kind: 'doc', label: '赠送文档' },
  { kind: 'mag', label: '赠送杂志' },
  { kind: 'newspaper', label: '赠送报纸' },
]

/**
 * The page that chooses what to give of a kind, to `friendId` when given (else it asks who);
 * `from: 'chat'` goes back to that chat after sending (else the chat opens).
 */
export function giftEntryUrl(
  kind: GiftKind,
  friendId?: number,
  friendName?: string,
  from?: 'chat',
): string {
  return pageUrl(SELECT_ROUTE[kind], {
    friendId: friendId && friendId > 0 ? friendId : undefined,
    name: friendName || undefined,
    from,
  })
}

export const giftRecordsUrl = (type?: 'received' | 'sent'): string =>
  pageUrl(Route.giveBook, { type })
