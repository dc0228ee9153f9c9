import { Text } from '@tarojs/components'
import { createContext, useContext } from 'react'
import type { Message } from '@/TUIKit/engine/types'
import { readState, readStateText, type ReceiptSettings } from '@rules/chatReceipts'
import './ReadReceiptStatus.scss'

/** What the status needs of the open chat: both settings and, in a group, its size. */
export interface ReceiptView {
  settings: ReceiptSettings
  groupMemberCount: number
  /** Tapping a group message's count opens the receipt panel (已读 / 未读 tabs). */
  onOpen?: (message: Message) => void
}

const OFF: ReceiptView = {
  settings: { displayMessageReadReceipt: false, enabledMessageReadReceipt: false },
  groupMemberCount: 0,
}

/**
 * The accessible role and name of a view: `role` and `aria-label` on H5, `aria-role` and
 * `aria-label` in the mini-program.
 */
export function a11y(role: string, label: string): Record<string, string> {
  return { role, 'aria-role': role, 'aria-label': label }
}

/** Given by the chat page around its message list; without it no status shows. */
export const ReceiptContext = createContext<ReceiptView>(OFF)

/** Under an outgoing message: 已读 / 未读 (C2C), 「N人已读」 / 全部已读 / 未读 (groups). */
export default function ReadReceiptStatus({ message }: { message: Message }) {
  const view = useContext(ReceiptContext)
  const state = readState(message, view.settings, view.groupMemberCount)
  if (state === 'NotShow') return null
  const text = readStateText(state, message.readReceiptInfo?.readCount ?? 0)
  const done = state === 'Read' || state === 'AllRead'
  const className = done ? 'msg-receipt msg-receipt--done' : 'msg-receipt'
  if (message.conversationType !== 'GROUP' || !view.onOpen) {
    return (
      <Text className={className} data-testid="msg-receipt">
        {text}
      </Text>
    )
  }
  const open = view.onOpen
  return (
    <Text
      className={`${className} msg-receipt--link`}
      data-testid="msg-receipt"
      onClick={() => open(message)}
      {...a11y('button', `${text}，查看回执详情`)}
    >
      {text}
    </Text>
  )
}
