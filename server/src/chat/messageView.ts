/** Stored messages as a given member sees them (ChatMessage, the SDK's field names). */
import { eq } from 'drizzle-orm'
import type { ChatMessage, MessageType } from '@api/chat'
import { chatMessages, users } from '../db/schema'
import { conversationIdFor, type ConversationWho } from './conversations'

/** The columns every message query selects (with the sender's name and avatar). */
export const messageColumns = {
  id: chatMessages.id,
  conversationId: chatMessages.conversationId,
  seq: chatMessages.seq,
  clientId: chatMessages.clientId,
  senderId: chatMessages.senderId,
  type: chatMessages.type,
  payload: chatMessages.payload,
  cloudCustomData: chatMessages.cloudCustomData,
  createdAt: chatMessages.createdAt,
  revokedAt: chatMessages.revokedAt,
  revokerId: chatMessages.revokerId,
  needReadReceipt: chatMessages.needReadReceipt,
  hasRiskContent: chatMessages.hasRiskContent,
  nick: users.nickname,
  avatar: users.avatar,
}

export const senderJoin = eq(users.id, chatMessages.senderId)

export interface MessageRow {
  id: number
  conversationId: number
  seq: number
  clientId: string
  senderId: number
  type: string
  payload: Record<string, unknown>
  cloudCustomData: string
  createdAt: Date
  revokedAt: Date | null
  revokerId: number | null
  needReadReceipt: boolean
  /** Moderation flagged it after it was stored. */
  hasRiskContent: boolean
  nick: string
  avatar: string
}

/** A group text message's @ list as stored (payload.atUserList), or undefined. */
export function atUserListOf(payload: Record<string, unknown>): string[] | undefined {
  const list = payload.atUserList
  return Array.isArray(list) && list.length > 0 ? (list as string[]) : undefined
}

/**
 * The message as `viewer` sees it in the conversation `who`. A revoked message keeps its payload
 * for its sender only (re-editing); the others see that it was revoked and by whom. In a GROUP
 * conversation every member sees the same message (to: the group ID), so one view serves them all
 * (`viewer` matters only for a revoked message's payload); a text's @ list is lifted out of the
 * payload into atUserList, as the SDK has it.
 */
export function toChatMessage(row: MessageRow, viewer: number, who: ConversationWho): ChatMessage {
  const revoked = row.revokedAt !== null
  const hidden = revoked && row.senderId !== viewer
  let payload = hidden ? {} : row.payload
  // Flagged by moderation: only its sender still gets the content (to see what they sent).
  if (!hidden && row.hasRiskContent && row.senderId !== viewer) payload = withoutContent(payload)
  let atUserList: string[] | undefined
  if (!hidden && 'atUserList' in payload) {
    atUserList = who.type === 'GROUP' ? atUserListOf(payload) : undefined
    const { atUserList: _dropped, ...rest } = payload
    payload = rest
  }
  const to =
    who.type === 'GROUP'
      ? String(who.groupId)
      : String(who.users[0] === row.senderId ? who.users[1] : who.users[0])
  return {
    ID: row.clientId,
    conversationID: conversationIdFor(who, viewer),
    conversationType: who.type,
    sequence: row.seq,
    type: row.type as MessageType,
    payload,
    from: String(row.senderId),
    to,
    nick: row.nick,
    avatar: row.avatar,
    time: Math.floor(row.createdAt.getTime() / 1000),
    isRevoked: revoked,
    revoker: row.revokerId === null ? '' : String(row.revokerId),
    cloudCustomData: row.cloudCustomData,
    ...(atUserList ? { atUserList } : {}),
    needReadReceipt: row.needReadReceipt,
    hasRiskContent: row.hasRiskContent,
  }
}

/**
 * A risky message's payload for everyone but its sender: the same shape (so every client draws
 * it) with every text emptied, URLs included; numbers (sizes, seconds) stay.
 */
export function withoutContent(payload: Record<string, unknown>): Record<string, unknown> {
  const blank = (value: unknown): unknown => {
    if (typeof value === 'string') return ''
    if (Array.isArray(value)) return value.map(blank)
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, blank(v)]))
    }
    return value
  }
  return blank(payload) as Record<string, unknown>
}
