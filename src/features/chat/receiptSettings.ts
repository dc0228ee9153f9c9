/**
 * The app setting of read receipts (enabledMessageReadReceipt) is the server's: it comes with the
 * chat login answer, asked once and kept (a failure counts as off and is asked again next time).
 */
import { call } from '@/core/request'
import * as chatCalls from '@/types/api/calls/chat.gen'

let asked: Promise<boolean> | null = null

export function appReceiptSetting(): Promise<boolean> {
  asked ??= call(chatCalls.login.rest, {}, { silent: true }).then(
    (answer) => answer.enabledMessageReadReceipt,
    () => {
      asked = null
      return false
    },
  )
  return asked
}
