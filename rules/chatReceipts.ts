/**
 * Read receipts (chat-spec sections 4 and 9): when they are asked for and sent, and the state an
 * outgoing message shows under it. Pure; shared by the app and the server.
 */

export const ReceiptLimits = {
  /** Messages one receipt call names (Tencent's group receipt takes at most 50). */
  messagesPerCall: 50,
  /** The receipt panel's member page (chat-spec section 9). */
  memberPageSize: 100,
  /** An incoming message is receipted once this share of it has been on screen. */
  visibleRatio: 0.7,
  /**
   * Groups larger than this show no receipts (Tencent's group read receipts stop at 200 members;
   * live rooms and communities have none).
   */
  largeGroupMembers: 200,
} as const

/** The SDK's read states (TUIKit's ReadState). */
export type ReadState = 'Read' | 'Unread' | 'AllRead' | 'NotShow' | 'PartiallyRead'

export interface ReadReceiptInfo {
  readCount: number
  unreadCount: number
  isPeerRead: boolean
}

/** What the state depends on: the SDK's message fields. */
export interface ReceiptMessage {
  flow: 'in' | 'out'
  status: string
  conversationType: 'C2C' | 'GROUP'
  type: string
  payload: Record<string, unknown>
  needReadReceipt?: boolean
  isRevoked?: boolean
  hasRiskContent?: boolean
  readReceiptInfo?: ReadReceiptInfo
}

/** The reader's setting and the app's (both must be on) and, in a group, its size. */
export interface ReceiptSettings {
  displayMessageReadReceipt: boolean
  enabledMessageReadReceipt: boolean
}

/** Receipts are asked for, sent and shown only when the reader's and the app's settings are on. */
export const receiptsOn = (s: ReceiptSettings): boolean =>
  s.displayMessageReadReceipt && s.enabledMessageReadReceipt

/** A group of this many members shows receipts (not a large group). */
export const groupShowsReceipts = (memberCount: number): boolean =>
  memberCount <= ReceiptLimits.largeGroupMembers

const CALL_DESCRIPTIONS = new Set(['calling', 'TRTC'])

/**
 * A call's signalling or record (TUICallKit's custom messages: businessID 1 or 'av_call', or the
 * spec's description kinds calling and TRTC).
 */
export function isCallSignalling(message: Pick<ReceiptMessage, 'type' | 'payload'>): boolean {
  if (message.type !== 'TIMCustomElem') return false
  const { data, description } = message.payload
  if (typeof description === 'string' && CALL_DESCRIPTIONS.has(description)) return true
  if (typeof data !== 'string') return false
  try {
    const parsed: unknown = JSON.parse(data)
    if (typeof parsed !== 'object' || parsed === null) return false
    const id = (parsed as { businessID?: unknown }).businessID
    return id === 1 || id === '1' || id === 'av_call'
  } catch {
    return false
  }
}

/** Whether an incoming message should be receipted (once it has been on screen). */
export function wantsReceipt(message: ReceiptMessage, settings: ReceiptSettings): boolean {
  return (
    receiptsOn(settings) &&
    message.flow === 'in' &&
    message.needReadReceipt === true &&
    !message.isRevoked &&
    message.type !== 'TIMGroupTipElem'
  )
}

/**
 * The state under a message: only outgoing, successful messages without risky content that asked
 * for receipts, never call signalling, never in a large group, and only with both settings on.
 * `groupMemberCount`: the group's size (GROUP conversations).
 */
export function readState(
  message: ReceiptMessage,
  settings: ReceiptSettings,
  groupMemberCount = 0,
): ReadState {
  if (!receiptsOn(settings)) return 'NotShow'
  if (message.flow !== 'out' || message.status !== 'success') return 'NotShow'
  if (message.hasRiskContent || message.isRevoked || !message.needReadReceipt) return 'NotShow'
  if (message.type === 'TIMGroupTipElem' || isCallSignalling(message)) return 'NotShow'
  const info = message.readReceiptInfo ?? { readCount: 0, unreadCount: 0, isPeerRead: false }
  if (message.conversationType === 'C2C') return info.isPeerRead ? 'Read' : 'Unread'
  if (!groupShowsReceipts(groupMemberCount)) return 'NotShow'
  if (info.readCount === 0) return 'Unread'
  if (info.unreadCount === 0) return 'AllRead'
  return 'PartiallyRead'
}

/** What the state says under the message (chat-spec texts). */
export function readStateText(state: ReadState, readCount: number): string {
  switch (state) {
    case 'Read':
      return '已读'
    case 'Unread':
      return '未读'
    case 'AllRead':
      return '全部已读'
    case 'PartiallyRead':
      return `${readCount}人已读`
    default:
      return ''
  }
}

/** A receipt as pushed or listed: which message, and its counts now. */
export interface ReceiptUpdate extends ReadReceiptInfo {
  messageID: string
}

/**
 * Messages with the receipts put on them (a new array only when one changed). A read count never
 * goes down, so a push that arrives after a newer one is ignored.
 */
export function readReceiptsOf<M extends { ID: string; readReceiptInfo?: ReadReceiptInfo }>(
  messages: M[],
  receipts: readonly ReceiptUpdate[],
): M[] {
  const byId = new Map(receipts.map((r) => [r.messageID, r]))
  let changed = false
  const next = messages.map((m) => {
    const r = byId.get(m.ID)
    if (!r || (m.readReceiptInfo && m.readReceiptInfo.readCount > r.readCount)) return m
    changed = true
    const info = { readCount: r.readCount, unreadCount: r.unreadCount, isPeerRead: r.isPeerRead }
    return { ...m, readReceiptInfo: info }
  })
  return changed ? next : messages
}
