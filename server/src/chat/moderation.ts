/**
 * Content moderation of chat messages (chat-spec section 8, 80001 / 80004). Before a message is
 * stored: the text a reader sees in it (a text, a location's name, a file's name, a custom
 * message's text, title and description, a merged card's title and abstract) and its images;
 * risky is refused and nothing is stored. After it is stored (audio, video, files: no check
 * answers before the ack): a background check that, when risky, sets
 * chat_messages.has_risk_content and pushes the message as `modified` (messageView.ts then serves
 * its content to its sender only).
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm'
import type { MessageType } from '@api/chat'
import { ChatErrors } from '@rules/chat'
import { findBlockedWords } from '@rules/moderation'
import type { AppContext } from '../context'
import type { Db } from '../db/client'
import { chatMembers, chatMessages } from '../db/schema'
import type { ContentModerator, ModeratedFile } from '../services/moderation/types'
import type { FileStorage } from '../services/storage'
import { chatError } from './errors'
import { chatFileNameOfUrl, storedName } from './fileNames'
import type { MessageRow } from './messageView'
import { pushRiskFlagged } from './pushes'
import type { Sent } from './send'

type Payload = Record<string, unknown>
const str = (value: unknown): string => (typeof value === 'string' ? value : '')

/** The text a reader sees in a message of this type ('' when none). */
export function visibleText(type: MessageType, payload: Payload): string {
  switch (type) {
    case 'TIMTextElem':
      return str(payload.text)
    case 'TIMLocationElem':
      return str(payload.description)
    case 'TIMFileElem':
      return str(payload.fileName)
    case 'TIMCustomElem':
      return customText(payload)
    case 'TIMRelayElem': {
      const lines = Array.isArray(payload.abstractList) ? payload.abstractList.map(str) : []
      const texts = [str(payload.title), ...lines, str(payload.compatibleText)]
      return texts.filter(Boolean).join('\n')
    }
    default:
      return ''
  }
}

/** A custom message's text as the app shows it: its data's text or title, its description. */
function customText(payload: Payload): string {
  let data: unknown
  try {
    data = JSON.parse(str(payload.data))
  } catch {
    data = null
  }
  const fields = data && typeof data === 'object' ? (data as Payload) : {}
  // The app shows String(text || title): an array or number there is shown too, so checked too.
  const shown = (value: unknown): string =>
    value === undefined || value === null ? '' : typeof value === 'string' ? value : String(value)
  return [shown(fields.text), shown(fields.title), str(payload.description)]
    .filter(Boolean)
    .join('\n')
}

/**
 * The quote a reply shows (cloudCustomData's messageReply: its sender's name and abstract, written
 * by the replying client, so checked like the message's own text).
 */
export function replyText(cloudCustomData: string | undefined): string {
  if (!cloudCustomData) return ''
  let data: unknown
  try {
    data = JSON.parse(cloudCustomData)
  } catch {
    return ''
  }
  const reply = data && typeof data === 'object' ? (data as Payload).messageReply : null
  if (!reply || typeof reply !== 'object') return ''
  const fields = reply as Payload
  return [fields.messageSender, fields.messageAbstract]
    .map((value) => (value === undefined || value === null ? '' : String(value)))
    .filter(Boolean)
    .join('\n')
}

/** Refuses (80001) a reply whose quote's text is risky. */
export async function refuseRiskyReply(
  moderator: ContentModerator,
  cloudCustomData: string | undefined,
): Promise<void> {
  await refuseRiskyText(moderator, replyText(cloudCustomData))
}

/**
 * Refuses (80001) risky text: the app's own blocked-word list (rules/moderation.ts) always holds,
 * whichever moderator runs, so a changed client cannot skip it; then the moderator's verdict.
 */
async function refuseRiskyText(moderator: ContentModerator, text: string): Promise<void> {
  if (text.trim() === '') return
  if (findBlockedWords(text).length > 0 || (await moderator.checkText(text)).risky) {
    throw chatError(ChatErrors.sensitive)
  }
}

/** A stored chat file (by its URL) as the moderator reads it; null when it is not one. */
async function chatFile(storage: FileStorage, url: string): Promise<ModeratedFile | null> {
  const name = chatFileNameOfUrl(url)
  if (name === null) return null
  const size = await storage.size(storedName(name))
  if (size === null) return null
  return { name, size, open: () => storage.open(storedName(name)) }
}

const imageUrls = (payload: Payload): string[] =>
  Array.isArray(payload.imageInfoArray)
    ? [...new Set((payload.imageInfoArray as Payload[]).map((info) => str(info.url)))]
    : []

/** Refuses risky text (80001) and risky images (80004) before the message is stored. */
export async function refuseRisky(
  moderator: ContentModerator,
  storage: FileStorage | undefined,
  type: MessageType,
  payload: Payload,
): Promise<void> {
  await refuseRiskyText(moderator, visibleText(type, payload))
  if (type !== 'TIMImageElem' || !storage) return
  for (const url of imageUrls(payload)) {
    const file = await chatFile(storage, url)
    if (file && (await moderator.checkImage(file)).risky) {
      throw chatError(ChatErrors.sensitiveImage)
    }
  }
}

/** The files checked after sending, by type: [url, checked as an image]. */
function filesAfterSend(type: string, payload: Payload): Array<[string, boolean]> {
  switch (type) {
    case 'TIMSoundElem':
      return [[str(payload.url), false]]
    case 'TIMFileElem':
      return [[str(payload.fileUrl), false]]
    case 'TIMVideoFileElem':
      return [
        [str(payload.videoUrl), false],
        [str(payload.snapshotUrl), true],
      ]
    default:
      return []
  }
}

/** Whether a stored message's audio, video or file is risky. */
async function riskyAfterSend(app: AppContext, row: MessageRow): Promise<boolean> {
  const { moderator } = app.moderation
  for (const [url, image] of filesAfterSend(row.type, row.payload)) {
    if (!url) continue
    const file = await chatFile(app.storage, url)
    if (!file) continue
    const verdict = image ? await moderator.checkImage(file) : await moderator.checkFile(file)
    if (verdict.risky) return true
  }
  return false
}

/** Who sees a stored message (its conversation's members from before it, until they left). */
async function readersOf(db: Db, row: MessageRow): Promise<number[]> {
  const rows = await db
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(
      and(
        eq(chatMembers.conversationId, row.conversationId),
        sql`${chatMembers.clearedSeq} < ${row.seq}`,
        or(isNull(chatMembers.leftSeq), sql`${chatMembers.leftSeq} >= ${row.seq}`),
      ),
    )
  return rows.map((r) => r.userId)
}

/**
 * Checks a message just stored whose files moderation could not see before the ack; when risky,
 * flags it and pushes it to its readers as `modified`. Resolves true when it was flagged.
 */
export async function flagIfRisky(app: AppContext, sent: Sent): Promise<boolean> {
  if (filesAfterSend(sent.row.type, sent.row.payload).length === 0) return false
  if (!(await riskyAfterSend(app, sent.row))) return false
  const flagged = await app.db
    .update(chatMessages)
    .set({ hasRiskContent: true })
    .where(and(eq(chatMessages.id, sent.row.id), eq(chatMessages.hasRiskContent, false)))
    .returning({ id: chatMessages.id })
  if (flagged.length === 0) return false
  const row = { ...sent.row, hasRiskContent: true }
  const who = sent.who
  const readers = who.type === 'GROUP' ? await readersOf(app.db, row) : [...who.users]
  pushRiskFlagged(app, row, who, readers)
  return true
}

/** flagIfRisky in the background (after the commit and the ack); a failure is logged. */
export function checkAfterSend(app: AppContext, sent: Sent): void {
  if (!sent.created || filesAfterSend(sent.row.type, sent.row.payload).length === 0) return
  flagIfRisky(app, sent).catch((err: unknown) =>
    app.moderation.log(`moderation of chat message ${sent.row.clientId} failed`, err),
  )
}
