/** Stored messages as a given member sees them (ChatMessage, the SDK's field names). */
import { eq } from 'drizzle-orm'
import type { ChatMessage, MessageType } from '@api/chat'
import { chatMessages, users } from '../db/schema'
import { c2cId } from './conversations'

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
  nick: string
  avatar: string
}

/**
 * The message as `viewer` sees it in their C2C conversation with `peerId`. A revoked message keeps
 * its payload for its sender only (re-editing); the others see that it was revoked and by whom.
 */
export function toChatMessage(row: MessageRow, viewer: number, peerId: number): ChatMessage {
  const revoked = row.revokedAt !== null
  return {
    ID: row.clientId,
    conversationID: c2cId(peerId),
    conversationType: 'C2C',
    sequence: row.seq,
    type: row.type as MessageType,
    payload: revoked && row.senderId !== viewer ? {} : row.payload,
    from: String(row.senderId),
    to: String(row.senderId === viewer ? peerId : viewer),
    nick: row.nick,
    avatar: row.avatar,
    time: Math.floor(row.createdAt.getTime() / 1000),
    isRevoked: revoked,
    revoker: row.revokerId === null ? '' : String(row.revokerId),
    cloudCustomData: row.cloudCustomData,
  }
}
