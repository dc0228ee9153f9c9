import { observer } from 'mobx-react-lite'
import { useEffect, useMemo, type ReactNode } from 'react'
import type { ChatRoom } from '@/features/chat/ChatRoom'
import { appReceiptSetting, displayReceiptSetting } from '@/features/chat/receiptSettings'
import { useReceiptsOnScreen } from '@/features/chat/useReceiptsOnScreen'
import type { Message } from '@/TUIKit/engine/types'
import { ReceiptContext, type ReceiptView } from './ReadReceiptStatus'

interface Props {
  room: ChatRoom
  /** GROUP conversations: the group's size (no receipts over the large-group size). */
  groupMemberCount: number
  /** Opens the receipt panel for a group message's count. */
  onOpen?: (message: Message) => void
  children: ReactNode
}

/**
 * Read receipts around the chat's message list: the settings (the server's, from the chat
 * login, and the reader's, kept on the device) go to the room and to every
 * ReadReceiptStatus inside; incoming messages are receipted as they come on screen.
 */
function ReceiptScope({ room, groupMemberCount, onOpen, children }: Props) {
  // The reader's own setting (设置 → 消息已读回执) is read as the chat opens; the app's comes
  // with the chat login answer, and a send waits for it.
  useEffect(() => {
    const displayMessageReadReceipt = displayReceiptSetting()
    room.awaitReceiptSettings(
      appReceiptSetting().then((enabledMessageReadReceipt) => ({
        displayMessageReadReceipt,
        enabledMessageReadReceipt,
      })),
    )
  }, [room])
  useReceiptsOnScreen(room, room.messages)
  const settings = room.receiptSettings
  const view = useMemo<ReceiptView>(
    () => ({ settings, groupMemberCount, onOpen }),
    [settings, groupMemberCount, onOpen],
  )
  return <ReceiptContext.Provider value={view}>{children}</ReceiptContext.Provider>
}

export default observer(ReceiptScope)
