/**
 * What the chat store asks of the app: the kicked-out notice, the new-message sound and the engine.
 * Reached through loadHooks (a chunk of its own on H5, loaded when a reader signs in).
 */
import Taro from '@tarojs/taro'
import { apiUrl, call } from '@/core/request'
import * as chatCalls from '@/types/api/calls/chat.gen'
import type { ChatHooks } from '@/stores/ChatStore'
import { loadChatEngine } from '@/TUIKit/engine'
import type { Conversation, Message } from '@/TUIKit/engine/types'
import { CHAT_TEXTS } from '@rules/chat'
import { shouldChime } from './sound'
import { fetchRequestUnread } from './useFriendCounts'

/** How long the sound object lives before it is destroyed. */
export const CHIME_MS = 1000

/** Logged in elsewhere: the account notice; confirming logs in again. */
async function kickedOut(): Promise<void> {
  await Taro.showModal({
    title: CHAT_TEXTS.kickedTitle,
    content: CHAT_TEXTS.kickedContent,
    showCancel: false,
    confirmText: '重新登录',
  }).catch(() => undefined)
}

/** The new-message sound when features/chat/sound.ts says so; released after 1 s. */
function chime(message: Message, conversation: Conversation | undefined, me: string): void {
  if (!shouldChime(message, conversation, me)) return
  try {
    const audio = Taro.createInnerAudioContext()
    audio.src = apiUrl('/chat-tip.wav')
    // H5 hands back the <audio>'s play() promise: it rejects when autoplay is not allowed yet
    // or when destroy() pauses it (AbortError). Both are silence, not an error.
    void Promise.resolve(audio.play() as unknown).catch(() => undefined)
    setTimeout(() => audio.destroy(), CHIME_MS)
  } catch {
    // No audio on this device: silence.
  }
}

/** The chat login call signs a new userSig each time (Tencent refuses an empty or stale one). */
async function freshUserSig(): Promise<string> {
  return (await call(chatCalls.login.rest, {})).userSig
}

export const chatAppHooks: ChatHooks = {
  loadEngine: loadChatEngine,
  onKickedOut: kickedOut,
  onIncoming: chime,
  friendRequestUnread: fetchRequestUnread,
  freshUserSig,
}
