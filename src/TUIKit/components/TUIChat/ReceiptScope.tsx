import { observer } from 'mobx-react-lite'
import { useEffect, useMemo, useState, type ReactNode } from 'react'
import type { ChatRoom } from '@/features/chat/ChatRoom'
import { appReceiptSetting } from '@/features/chat/receiptSettings'
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
 * login, and the reader's, on until the settings page says otherwise) go to the room and to every
 * ReadReceiptStatus inside; incoming messages are receipted as they come on screen.
 */
function ReceiptScope({ room, groupMemberCount, onOpen, children }: Props) {
  const [enabled, setEnabled] = useState(false)
  useEffect(() => {
    let live = true
    void appReceiptSetting().then((on) => live && setEnabled(on))
    return () => {
      live = false
    }
  }, [])
  useEffect(() => {
    room.setReceiptSettings({ displayMessageReadReceipt: true, enabledMessageReadReceipt: enabled })
  }, [room, enabled])
  useReceiptsOnScreen(room, room.messages)
  const settings = room.receiptSettings
  const view = useMemo<ReceiptView>(
    () => ({ settings, groupMemberCount, onOpen }),
    [settings, groupMemberCount, onOpen],
  )
  return <ReceiptContext.Provider value={view}>{children}</ReceiptContext.Provider>
}

export default observer(ReceiptScope)
