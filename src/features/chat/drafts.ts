/**
 * Drafts (chat-spec section 4): kept under TUI_CHAT_STORAGE when the input is not empty or a quote
 * exists; restored then cleared when the conversation opens.
 */
import { StorageKey, taroStorage, type KeyValueStorage, type StoredChatDraft } from '@/core/storage'

export type ChatDraft = StoredChatDraft

function readAll(storage: KeyValueStorage): Record<string, ChatDraft> {
  const stored = storage.get(StorageKey.chatDrafts)
  return stored && typeof stored === 'object' ? { ...stored } : {}
}

export function saveChatDraft(
  conversationID: string,
  draft: ChatDraft,
  storage = taroStorage,
): void {
  const all = readAll(storage)
  if (draft.text.trim() || draft.quote) all[conversationID] = draft
  else delete all[conversationID]
  storage.set(StorageKey.chatDrafts, all)
}

/** The draft of a conversation, removed from storage as it is read. */
export function takeChatDraft(conversationID: string, storage = taroStorage): ChatDraft | null {
  const all = readAll(storage)
  const draft = all[conversationID]
  if (!draft) return null
  delete all[conversationID]
  storage.set(StorageKey.chatDrafts, all)
  return draft
}

/** The row's draft text: the input's text, or the quote's. */
export const draftAbstract = (draft: ChatDraft): string =>
  draft.text.trim() || `「${draft.quote?.abstract ?? ''}」`
