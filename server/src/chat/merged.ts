/**
 * Merged messages (合并转发, TIMRelayElem). A client sends the card (title, at most 7 abstract
 * lines, compatible text) with the IDs of at most ChatLimits.mergeMaxMessages messages it sees;
 * the server snapshots them (ID, sender, nick, avatar, time, type, payload; a nested merged message
 * keeps its payload with its own downloadKey) into chat_merged_messages under a new random
 * 32-hex downloadKey, and stores the card with that key instead of the IDs. A client never chooses
 * a downloadKey (refused), so every key was made here.
 *
 * Who may download: any signed-in reader who presents the key. The key is a 128-bit random
 * capability that the server only ever hands out inside a merged message's payload (or inside a
 * snapshot holding a nested one), that is, only to readers who could see that message (a revoked
 * one's payload is hidden from everyone but its sender). Knowing it proves one was shown the
 * messages, as with Tencent IM's download keys; checking the conversations behind a key instead
 * would mean searching every message payload and every snapshot for it (nested keys), with no
 * index to do it cheaply. Unknown keys answer 404 该消息不存在.
 */
import { randomBytes } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import { TypeCompiler } from '@sinclair/typebox/compiler'
import { Value } from '@sinclair/typebox/value'
import {
  MESSAGE_INVALID,
  MergerSendPayload,
  type MergedMessageItem,
  type MessageType,
} from '@api/chat'
import { ChatLimits } from '@rules/chat'
import type { Db } from '../db/client'
import { chatMergedMessages, chatMessages } from '../db/schema'
import { badRequest, notFound } from '../http/errors'
import { badFrame } from './errors'
import type { Found } from './messageOps'
import { withoutContent } from './messageView'

const checkSend = TypeCompiler.Compile(MergerSendPayload)

export const MERGE_TOO_MANY = `合并转发最多${ChatLimits.mergeMaxMessages}条消息`

/** One merged message as the viewer shows it (its @ list dropped, as a forward drops it). */
export function snapshotItem(row: Found): MergedMessageItem {
  const { atUserList: _mentions, ...payload } = row.payload
  return {
    ID: row.clientId,
    from: String(row.senderId),
    nick: row.nick,
    avatar: row.avatar,
    time: Math.floor(row.createdAt.getTime() / 1000),
    type: row.type as MessageType,
    payload,
  }
}

/** Oldest first (then by ID), whatever order the IDs came in. */
const byTime = (a: Found, b: Found): number =>
  a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id

export interface MergedCard {
  title: string
  abstractList: string[]
  compatibleText: string
  messageIDList: string[]
}

/**
 * A client's merged message checked: refused when it does not fit (400), carries its own
 * downloadKey (400) or more than the limit (400). The card's text is moderated with the stored
 * payload, as every message's is (payload.ts, moderation.ts: 80001).
 */
export function checkMergedCard(raw: unknown): MergedCard {
  const asked = raw as Record<string, unknown>
  if (Object.hasOwn(asked, 'downloadKey')) throw badFrame()
  const ids = asked.messageIDList
  if (Array.isArray(ids) && ids.length > ChatLimits.mergeMaxMessages) {
    throw badRequest(MERGE_TOO_MANY)
  }
  if (!checkSend.Check(asked)) throw badFrame()
  const card = Value.Clean(MergerSendPayload, structuredClone(asked)) as unknown as MergedCard
  return card
}

export interface Snapshot {
  /** The card as stored: title, abstractList, compatibleText, downloadKey, layersOverLimit. */
  payload: Record<string, unknown>
  /** The snapshot's size (UTF-8 JSON), for the send's byte budgets. */
  bytes: number
  /** Writes the snapshot (inside the send's transaction). */
  store: (tx: Db, now: Date) => Promise<void>
}

/** The card with a new downloadKey, and its messages (`rows`, the sender's to forward) to store. */
export function snapshotOf(me: number, card: MergedCard, rows: Found[]): Snapshot {
  const messageList = [...rows].sort(byTime).map(snapshotItem)
  const downloadKey = randomBytes(16).toString('hex')
  return {
    payload: {
      title: card.title,
      abstractList: card.abstractList,
      compatibleText: card.compatibleText,
      downloadKey,
      layersOverLimit: false,
    },
    bytes: Buffer.byteLength(JSON.stringify(messageList)),
    store: async (tx, now) => {
      await tx
        .insert(chatMergedMessages)
        .values({ downloadKey, creatorId: me, messageList, createdAt: now })
    },
  }
}

/**
 * The messages behind a download key (see the rule above) as `me` sees them: one that moderation
 * flagged after it was merged has its content emptied for all but its sender (as messageView.ts
 * does); 404 for an unknown key.
 */
export async function downloadMerged(
  db: Db,
  me: number,
  downloadKey: string,
): Promise<MergedMessageItem[]> {
  const [row] = await db
    .select({ messageList: chatMergedMessages.messageList })
    .from(chatMergedMessages)
    .where(eq(chatMergedMessages.downloadKey, downloadKey))
  if (!row) throw notFound(MESSAGE_INVALID)
  const list = row.messageList as unknown as MergedMessageItem[]
  const ids = list.filter((item) => item.from !== String(me)).map((item) => item.ID)
  if (ids.length === 0) return list
  const flagged = await db
    .select({ clientId: chatMessages.clientId })
    .from(chatMessages)
    .where(and(inArray(chatMessages.clientId, ids), eq(chatMessages.hasRiskContent, true)))
  const risky = new Set(flagged.map((r) => r.clientId))
  return list.map((item) =>
    risky.has(item.ID) && item.from !== String(me)
      ? { ...item, payload: withoutContent(item.payload) }
      : item,
  )
}
