/**
 * What the chat store asks of the app: the kicked-out notice, the new-message sound and the engine.
 * Reached through loadHooks (a chunk of its own on H5, loaded when a reader signs in).
 */
import Taro from '@tarojs/taro'
import { apiUrl } from '@/core/request'
import type { ChatHooks } from '@/stores/ChatStore'
import { loadChatEngine } from '@/TUIKit/engine'
import { CHAT_TEXTS } from '@rules/chat'

/** Logged in elsewhere: the account notice; confirming logs in again. */
async function kickedOut(): Promise<void> {
  await Taro.showModal({
    title: CHAT_TEXTS.kickedTitle,
    content: CHAT_TEXTS.kickedContent,
    showCancel: false,
    confirmText: '重新登录',
  }).catch(() => undefined)
}

/** One-to-one messages chime; the sound is released after 1 s. */
function chime(message: { conversationType: string }): void {
  if (message.conversationType !== 'C2C') return
  try {
    const audio = Taro.createInnerAudioContext()
    audio.src = apiUrl('/chat-tip.wav')
    audio.play()
    setTimeout(() => audio.destroy(), 1000)
  } catch {
    // No audio on this device: silence.
  }
}

export const chatAppHooks: ChatHooks = {
  loadEngine: loadChatEngine,
  onKickedOut: kickedOut,
  onIncoming: chime,
}
