/**
 * Sending, kept out of the UI (as TUIKit's sendMessage.ts): each kind of message made by the
 * engine for the room's conversation and sent through the room; a failure answers the text the
 * reader sees.
 */
import type { ChatRoom } from './ChatRoom'
import { newMessageID } from '@/TUIKit/engine/messages'
import type { ConversationType, Message, PickedFile } from '@/TUIKit/engine/types'
import { ChatLimits, CHAT_TEXTS, parseConversationID } from '@rules/chat'
import { findBlockedWords } from '@rules/moderation'
import { chatErrorText } from './errors'
import type { PickedMedia, PickedPlace, PickedVideo } from './pickers'

export interface Target {
  to: string
  conversationType: ConversationType
}

export function targetOf(conversationID: string): Target | null {
  const parsed = parseConversationID(conversationID)
  return parsed ? { to: parsed.id, conversationType: parsed.type } : null
}

/** null when it went; else the text to show. */
export type SendOutcome = string | null

/** The engine's message options for the room's conversation (its ID was checked on opening). */
function to(room: ChatRoom): Target {
  return targetOf(room.conversationID) ?? { to: '', conversationType: 'C2C' }
}

async function go(room: ChatRoom, message: Message): Promise<SendOutcome> {
  const failure = await room.send(message)
  return failure ? chatErrorText(failure) : null
}

/** What is wrong with a text before it goes (the server checks again). */
export function textProblem(text: string): string | null {
  if (!text.trim()) return '不能发送空白消息'
  if (text.length > ChatLimits.textMaxChars) return chatErrorText({ code: 8001 })
  if (findBlockedWords(text).length > 0) return chatErrorText({ code: 3123 })
  return null
}

/** A text; in a group, `atUserList` (user IDs or MSG_AT_ALL) makes it an @ message. */
export function sendText(
  room: ChatRoom,
  text: string,
  cloudCustomData = '',
  atUserList: string[] = [],
): Promise<SendOutcome> {
  const problem = textProblem(text)
  if (problem) return Promise.resolve(problem)
  const engine = room.engineForMessages
  const options = { ...to(room), cloudCustomData }
  const message =
    atUserList.length > 0
      ? engine.createTextAtMessage({ ...options, payload: { text, atUserList } })
      : engine.createTextMessage({ ...options, payload: { text } })
  return go(room, message)
}

export function sendFace(room: ChatRoom, index: number, name: string) {
  const engine = room.engineForMessages
  return go(room, engine.createFaceMessage({ ...to(room), payload: { index, data: name } }))
}

export function sendImage(room: ChatRoom, file: PickedFile) {
  return go(room, room.engineForMessages.createImageMessage({ ...to(room), payload: { file } }))
}

export function sendFile(room: ChatRoom, file: PickedFile) {
  return go(room, room.engineForMessages.createFileMessage({ ...to(room), payload: { file } }))
}

export function sendVideo(room: ChatRoom, file: PickedVideo) {
  return go(room, room.engineForMessages.createVideoMessage({ ...to(room), payload: { file } }))
}

export function sendAudio(room: ChatRoom, file: PickedMedia) {
  if (file.duration < ChatLimits.recordMinMs / 1000) {
    return Promise.resolve(CHAT_TEXTS.recordTooShort)
  }
  return go(room, room.engineForMessages.createAudioMessage({ ...to(room), payload: { file } }))
}

/**
 * A copy of a message moderation flagged, to send again: its ID is stored, so the copy is a new
 * message with the same content. Tencent copies with the SDK's createForwardMessage; on the local
 * gateway a new message of the same type and payload (its files are uploaded already), without
 * forwardOf: the server forwards no flagged message, and this is the sender's own content, sent
 * through the whole send path again (moderation included).
 */
export function flaggedCopy(room: ChatRoom, m: Message): Message {
  const engine = room.engineForMessages
  if (engine.kind === 'tencent') {
    return engine.createForwardMessage({
      ...to(room),
      payload: m,
      cloudCustomData: m.cloudCustomData,
    })
  }
  const {
    readReceiptInfo: _receipts,
    errorCode: _error,
    atUserList: _mentions,
    hasRiskContent: _flag,
    ...content
  } = m
  return {
    ...content,
    ID: newMessageID(room.me),
    sequence: 0,
    time: Math.floor(Date.now() / 1000),
    isRevoked: false,
    revoker: '',
    flow: 'out',
    status: 'unSend',
    progress: 1,
  }
}

/** A flagged message sent again as a new one (chat-spec: resend after 确认重发该消息？). */
export function resendFlagged(room: ChatRoom, m: Message): Promise<SendOutcome> {
  return go(room, flaggedCopy(room, m))
}

export function sendPlace(room: ChatRoom, place: PickedPlace) {
  return go(room, room.engineForMessages.createLocationMessage({ ...to(room), payload: place }))
}
