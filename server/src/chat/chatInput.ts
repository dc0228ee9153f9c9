/**
 * Chat-spec sections 5 and 6: only a reader whose users.im_status is 1 may use the chat's input.
 * Everything the input does (sending, uploading, revoking, drafts, the list's own changes) is
 * refused otherwise; reading (the list, history, catch-up, marking read) stays open, as the app
 * still shows the conversation with 您暂无权限使用此功能 in place of the input. The status comes
 * with the session (http/auth.ts), so the check costs no query.
 */
import { ChatErrors, mayUseChatInput } from '@rules/chat'
import { chatError } from './errors'

export function requireChatInput(who: { imStatus: number }): void {
  if (!mayUseChatInput(who.imStatus)) throw chatError(ChatErrors.noPermission)
}
