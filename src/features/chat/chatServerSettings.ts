/**
 * The server's chat settings (enabledMessageReadReceipt, enabledOnlineStatus) come with the chat
 * login answer, asked once and kept; a failure counts as off and is asked again next time.
 */
import { call } from '@/core/request'
import * as chatCalls from '@/types/api/calls/chat.gen'

export interface ChatServerSettings {
  readReceipts: boolean
  onlineStatus: boolean
}

const OFF: ChatServerSettings = { readReceipts: false, onlineStatus: false }

let asked: Promise<ChatServerSettings> | null = null

export function chatServerSettings(): Promise<ChatServerSettings> {
  asked ??= call(chatCalls.login.rest, {}, { silent: true }).then(
    (answer) => ({
      readReceipts: answer.enabledMessageReadReceipt,
      onlineStatus: answer.enabledOnlineStatus,
    }),
    () => {
      asked = null
      return OFF
    },
  )
  return asked
}
