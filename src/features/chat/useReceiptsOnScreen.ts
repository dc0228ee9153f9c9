/**
 * Read receipts for incoming messages once ReceiptLimits.visibleRatio (70 %) of each has been on
 * screen, not when the conversation opens (chat-spec section 4): H5's IntersectionObserver, or
 * the mini-program's Taro.createIntersectionObserver, over the list's `.msg` rows (data-id: the
 * message ID). Each message is receipted once (ChatRoom.sendReceipts).
 */
import Taro from '@tarojs/taro'
import { useEffect } from 'react'
import type { Message } from '@/TUIKit/engine/types'
import { ReceiptLimits, wantsReceipt } from '@rules/chatReceipts'
import type { ChatRoom } from './ChatRoom'

/** The rows of messages still waiting for a receipt; none while the settings are off. */
export function waitingForReceipt(room: ChatRoom, messages: readonly Message[]): Message[] {
  if (!room.receiptsOn) return []
  return messages.filter((m) => wantsReceipt(m, room.receiptSettings))
}

export function useReceiptsOnScreen(room: ChatRoom, messages: readonly Message[]): void {
  const waiting = waitingForReceipt(room, messages)
  const key = waiting.map((m) => m.ID).join(',')
  useEffect(() => {
    if (waiting.length === 0) return undefined
    const byId = new Map(waiting.map((m) => [m.ID, m]))
    const seen = (id: string | undefined) => {
      const message = id ? byId.get(id) : undefined
      if (message) void room.sendReceipts([message])
    }
    return process.env.TARO_ENV === 'h5' ? observeH5(byId, seen) : observeWeapp(seen)
    // `key` names the waiting messages: observe again only when they change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [room, key])
}

function observeH5(byId: Map<string, Message>, seen: (id: string | undefined) => void) {
  if (typeof IntersectionObserver === 'undefined') return undefined
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.intersectionRatio < ReceiptLimits.visibleRatio) continue
        const id = (entry.target as HTMLElement).dataset.id
        seen(id)
        observer.unobserve(entry.target)
      }
    },
    { threshold: [ReceiptLimits.visibleRatio] },
  )
  document.querySelectorAll<HTMLElement>('[data-testid="msg"]').forEach((row) => {
    if (row.dataset.id && byId.has(row.dataset.id)) observer.observe(row)
  })
  return () => observer.disconnect()
}

function observeWeapp(seen: (id: string | undefined) => void) {
  const page = Taro.getCurrentInstance().page
  if (!page) return undefined
  const observer = Taro.createIntersectionObserver(page, {
    thresholds: [ReceiptLimits.visibleRatio],
    observeAll: true,
  })
  observer.relativeToViewport().observe('.msg', (res) => {
    if ((res.intersectionRatio ?? 0) < ReceiptLimits.visibleRatio) return
    seen((res as { dataset?: { id?: string } }).dataset?.id)
  })
  return () => observer.disconnect()
}
