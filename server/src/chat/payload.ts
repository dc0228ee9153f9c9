/** The server's rules on what a message carries (chat-spec section 5), by message type. */
import { inArray } from 'drizzle-orm'
import type { TObject } from '@sinclair/typebox'
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler'
import { Value } from '@sinclair/typebox/value'
import {
  CustomPayload,
  FacePayload,
  FilePayload,
  ImagePayload,
  LocationPayload,
  RelayPayload,
  SoundPayload,
  TextPayload,
  VideoPayload,
  type MessageType,
} from '@api/chat'
import { CHAT_IMAGE_TYPES, ChatErrors, ChatLimits } from '@rules/chat'
import { GIFT_BUSINESS_IDS, GiftText } from '@rules/gifts'
import type { Db } from '../db/client'
import { chatFiles } from '../db/schema'
import { badRequest } from '../http/errors'
import type { ContentModerator } from '../services/moderation/types'
import type { FileStorage } from '../services/storage'
import { badFrame, chatError, EMPTY_MESSAGE } from './errors'
import { chatFileNameOfUrl, storedName } from './fileNames'
import { IMAGE_HEAD_BYTES, imageSize, type ImageSize } from './imageSize'
import { refuseRisky } from './moderation'

interface Rule {
  schema: TObject
  check: TypeCheck<TObject>
  /** The upload URLs the payload refers to (each must be a chat file this server stored). */
  urls?: (payload: Record<string, unknown>) => string[]
}

const rule = (schema: TObject, urls?: Rule['urls']): Rule => ({
  schema,
  check: TypeCompiler.Compile(schema),
  urls,
})

type Payload = Record<string, unknown>
const str = (value: unknown): string => (typeof value === 'string' ? value : '')

/**
 * Types a client may send (group tips are not). TIMRelayElem: the merged card as the server made
 * it (chat/forward.ts turns a client's card with message IDs into this, with its downloadKey).
 */
const RULES: Partial<Record<MessageType, Rule>> = {
  TIMTextElem: rule(TextPayload),
  TIMFaceElem: rule(FacePayload),
  TIMLocationElem: rule(LocationPayload),
  TIMCustomElem: rule(CustomPayload),
  TIMRelayElem: rule(RelayPayload),
  TIMImageElem: rule(ImagePayload, (p) =>
    (p.imageInfoArray as Payload[]).map((info) => str(info.url)),
  ),
  TIMFileElem: rule(FilePayload, (p) => [str(p.fileUrl)]),
  TIMSoundElem: rule(SoundPayload, (p) => [str(p.url)]),
  TIMVideoFileElem: rule(VideoPayload, (p) =>
    [str(p.videoUrl), str(p.snapshotUrl)].filter((url) => url !== ''),
  ),
}

export interface PayloadOptions {
  /** Written by the server itself (a gift's card): the cards clients may not send are let through. */
  serverAuthored?: boolean
  /** The chat files' storage: an image's width and height are then read from its file. */
  storage?: FileStorage
  /** Content moderation: risky text refused with 80001, risky images with 80004 (moderation.ts). */
  moderator?: ContentModerator
}

/**
 * A gift card (data.businessID or description 'giveBook' / 'sendDoc'): only the gift service writes
 * them, so a client's forged card can never show a gift, or a state, that is not so.
 */
export function isGiftCard(payload: Payload): boolean {
  if (GIFT_BUSINESS_IDS.includes(str(payload.description))) return true
  let data: unknown
  try {
    data = JSON.parse(str(payload.data))
  } catch {
    return false
  }
  const id = data && typeof data === 'object' ? (data as Payload).businessID : undefined
  return typeof id === 'string' && GIFT_BUSINESS_IDS.includes(id)
}

/**
 * The payload to store: checked against its type's schema (400 when it does not fit), unknown
 * fields dropped, text within 12K (8001), images of an allowed
 * format (4004) and, with `storage`, their files' real width and height, file URLs pointing at
 * chat files stored here (7004). A client's gift card (giveBook / sendDoc) is refused (400).
 * With `moderator`, risky text (80001) and images (80004) are refused last (moderation.ts).
 */
export async function checkPayload(
  db: Db,
  type: MessageType,
  payload: unknown,
  opts: PayloadOptions = {},
): Promise<Payload> {
  const found = RULES[type]
  if (!found || !found.check.Check(payload)) throw badFrame()
  const clean = Value.Clean(found.schema, structuredClone(payload)) as Payload
  if (type === 'TIMCustomElem' && !opts.serverAuthored && isGiftCard(clean)) {
    throw badRequest(GiftText.forgedCard)
  }
  if (type === 'TIMTextElem') checkText(str(clean.text))
  if (type === 'TIMImageElem') {
    const format = str(clean.imageFormat).toLowerCase()
    if (!(CHAT_IMAGE_TYPES as readonly string[]).includes(format)) {
      throw chatError(ChatErrors.badImage)
    }
  }
  if (found.urls) await checkFileUrls(db, found.urls(clean))
  if (type === 'TIMImageElem' && opts.storage) await setRealSizes(opts.storage, clean)
  if (opts.moderator) await refuseRisky(opts.moderator, opts.storage, type, clean)
  return clean
}

/** The first bytes of a stored chat file (null when it cannot be read). */
async function headOf(storage: FileStorage, name: string): Promise<Buffer | null> {
  const size = await storage.size(name)
  if (!size) return null
  const stream = await storage.open(name, { start: 0, end: Math.min(size, IMAGE_HEAD_BYTES) - 1 })
  if (!stream) return null
  const chunks: Buffer[] = []
  try {
    for await (const chunk of stream) chunks.push(chunk as Buffer)
  } catch {
    return null
  }
  return Buffer.concat(chunks)
}

/**
 * Each imageInfoArray entry gets its file's real width and height (read once per file); an entry
 * whose size cannot be read keeps what the client said.
 */
async function setRealSizes(storage: FileStorage, payload: Payload): Promise<void> {
  const infos = payload.imageInfoArray as Payload[]
  const sizes = new Map<string, ImageSize | null>()
  for (const info of infos) {
    const name = chatFileNameOfUrl(str(info.url))
    if (name === null) continue
    if (!sizes.has(name)) {
      const head = await headOf(storage, storedName(name))
      sizes.set(name, head ? imageSize(head) : null)
    }
    const real = sizes.get(name)
    if (real) Object.assign(info, real)
  }
}

function checkText(text: string): void {
  if (text.trim() === '') throw badRequest(EMPTY_MESSAGE)
  if (text.length > ChatLimits.textMaxChars) throw chatError(ChatErrors.tooLong)
}

async function checkFileUrls(db: Db, urls: string[]): Promise<void> {
  const names = urls.map(chatFileNameOfUrl)
  if (names.some((name) => name === null)) throw chatError(ChatErrors.noFile)
  const wanted = [...new Set(names as string[])]
  const rows = await db
    .select({ name: chatFiles.name })
    .from(chatFiles)
    .where(inArray(chatFiles.name, wanted))
  if (rows.length !== wanted.length) throw chatError(ChatErrors.noFile)
}
