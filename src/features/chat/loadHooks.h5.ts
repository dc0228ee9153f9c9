import type { ChatHooks } from '@/stores/ChatStore'

/**
 * On H5 chat's hooks (and through them the engine's loader and the chat texts) are a chunk of
 * their own, loaded when a reader signs in: a guest's first load carries none of it.
 */
export async function loadChatHooks(): Promise<ChatHooks> {
  const { chatAppHooks } = await import(/* webpackChunkName: "chat-hooks" */ './appHooks')
  return chatAppHooks
}
