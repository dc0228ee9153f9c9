/**
 * The gift's chat card: written by the server as the giver into their C2C conversation with the
 * receiver (inside the gift's transaction), and rewritten when the receiver settles the gift; the
 * change goes to both sides as a `modified` push after the commit.
 */
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { ChatMessage } from '@api/chat'
import { parseGiftData, type GiftData } from '@rules/gifts'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { chatConversations, chatMessages, users } from '../../db/schema'
import { c2cId, whoOfKey, type ConversationWho } from '../../chat/conversations'
import { messageColumns, senderJoin, toChatMessage, type MessageRow } from '../../chat/messageView'
import { pushMessage, pushModified } from '../../chat/pushes'
import { sendMessage, type Sent } from '../../chat/send'

export interface Card {
  row: MessageRow
  who: ConversationWho
}

/**
 * Writes the card (as `giverId`, message ID `<giverId>-<idPart>-<random>`) in the transaction `tx`.
 * The random tail: the giver's own client picks IDs of the form `<giverId>-…` too, and gift ids are
 * predictable, so a message sent beforehand under the card's ID must not stand in for the card (a
 * resend would answer it and no card would be written). Should the ID still be taken: refused.
 */
export async function writeCard(
  app: AppContext,
  tx: Db,
  giverId: number,
  receiverId: number,
  idPart: string,
  data: GiftData,
): Promise<Sent> {
  const sent = await sendMessage(
    app,
    giverId,
    {
      ID: `${giverId}-${idPart}-${randomBytes(6).toString('hex')}`,
      conversationID: c2cId(receiverId),
      type: 'TIMCustomElem',
      payload: { data: JSON.stringify(data), description: data.businessID, extension: '' },
    },
    { server: { tx } },
  )
  if (!sent.created) throw new Error(`gift card ID ${sent.row.clientId} already taken`)
  return sent
}

/** After the commit: the new card to both sides, like any new message. */
export const pushCard = (app: AppContext, sent: Sent): void =>
  pushMessage(app, sent.row, sent.who, sent.recipients)

/**
 * Rewrites the card's data with `change` (in the settle's transaction); null when the card is not
 * there (never written) or its data is not a gift's.
 */
export async function modifyCard(
  tx: Db,
  messageId: string,
  change: (data: GiftData) => GiftData,
): Promise<Card | null> {
  if (messageId === '') return null
  const [found] = await tx
    .select({ ...messageColumns, key: chatConversations.key })
    .from(chatMessages)
    .innerJoin(users, senderJoin)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(eq(chatMessages.clientId, messageId))
  if (!found) return null
  const { key, ...row } = found
  const data = parseGiftData(row.payload.data)
  if (!data) return null
  const payload = { ...row.payload, data: JSON.stringify(change(data)) }
  await tx.update(chatMessages).set({ payload }).where(eq(chatMessages.id, row.id))
  return { row: { ...row, payload }, who: whoOfKey(key) }
}

/** After the commit: the settled card to every connection of both sides. */
export function pushCardModified(app: AppContext, card: Card): void {
  const who = card.who
  if (who.type === 'C2C') pushModified(app, card.row, who, who.users)
}

export const cardView = (card: Card | Sent, viewer: number): ChatMessage =>
  toChatMessage(card.row, viewer, card.who)
