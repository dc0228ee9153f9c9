/**
 * Sending, kept out of the UI (as TUIKit's sendMessage.ts): each kind of message made by the
 * engine and sent through the store; a failure answers the text the reader sees.
 */
import type { ChatStore } from '@/stores/ChatStore'
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

async function go(chat: ChatStore, message: Message): Promise<SendOutcome> {
  const failure = await chat.send(message)
  return failure ? chatErrorText(failure) : null
}

/** What is wrong with a text before it goes (the server checks again). */
export function textProblem(text: string): string | null {
  if (!text.trim()) return '不能发送空白消息'
  if (text.length > ChatLimits.textMaxChars) return chatErrorText({ code: 8001 })
  if (findBlockedWords(text).length > 0) return chatErrorText({ code: 3123 })
  return null
}

export function sendText(
  chat: ChatStore,
  target: Target,
  text: string,
  cloudCustomData = '',
): Promise<SendOutcome> {
  const problem = textProblem(text)
  if (problem) return Promise.resolve(problem)
  const message = chat.engineForMessages.createTextMessage({
    ...target,
    payload: { text },
    cloudCustomData,
  })
  return go(chat, message)
}

export function sendFace(chat: ChatStore, target: Target, index: number, name: string) {
  return go(
    chat,
    chat.engineForMessages.createFaceMessage({ ...target, payload: { index, data: name } }),
  )
}

export function sendImage(chat: ChatStore, target: Target, file: PickedFile) {
  return go(chat, chat.engineForMessages.createImageMessage({ ...target, payload: { file } }))
}

export function sendFile(chat: ChatStore, target: Target, file: PickedFile) {
  return go(chat, chat.engineForMessages.createFileMessage({ ...target, payload: { file } }))
}

export function sendVideo(chat: ChatStore, target: Target, file: PickedVideo) {
  return go(chat, chat.engineForMessages.createVideoMessage({ ...target, payload: { file } }))
}

export function sendAudio(chat: ChatStore, target: Target, file: PickedMedia) {
  if (file.duration < ChatLimits.recordMinMs / 1000)
    return Promise.resolve(CHAT_TEXTS.recordTooShort)
  return go(chat, chat.engineForMessages.createAudioMessage({ ...target, payload: { file } }))
}

export function sendPlace(chat: ChatStore, target: Target, place: PickedPlace) {
  return go(chat, chat.engineForMessages.createLocationMessage({ ...target, payload: place }))
}
