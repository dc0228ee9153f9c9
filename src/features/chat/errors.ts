/**
 * The text a reader sees for a failed chat call (chat-spec section 8): one text per code of
 * ChatErrors (each situation has a code of its own); any other failure shows the server's message.
 */
import { ChatErrors, CHAT_TEXTS } from '@rules/chat'

const BY_CODE: ReadonlyMap<number, string> = new Map(
  Object.values(ChatErrors).map((e) => [e.code, e.text]),
)

export function chatErrorText(failure: { code?: number; message?: string } | undefined): string {
  if (!failure) return CHAT_TEXTS.netError
  const known = failure.code !== undefined ? BY_CODE.get(failure.code) : undefined
  return known ?? (failure.message || CHAT_TEXTS.netError)
}
