/**
 * Read receipts for incoming messages once ReceiptLimits.visibleRatio (70 %) of each has been on
 * screen, not when the conversation opens (chat-spec section 4): H5's IntersectionObserver, or
 * the mini-program's Taro.createIntersectionObserver, over the list's `.msg` rows (data-id: the
 * message ID). A row counts once it has stayed that visible for SETTLE_MS, so the rows a list
 * shows for a moment while it opens, before it scrolls to the newest, are not read. Each message
 * is receipted once (ChatRoom.sendReceipts).
 */
import Taro from '@tarojs/taro'
import { useEffect } from 'react'
import type { Message } from '@/TUIKit/engine/types'
import { ReceiptLimits, wantsReceipt } from '@rules/chatReceipts'
import type { ChatRoom } from './ChatRoom'

/** How long a row must stay on screen to count as seen. */
export const SETTLE_MS = 500

/** The rows of messages still waiting for a receipt; none while the settings are off. */
export function waitingForReceipt(room: ChatRoom, messages: readonly Message[]): Message[] {
  if (!room.receiptsOn) return []
  return messages.filter((m) => wantsReceipt(m, room.receiptSettings))
}

/**
 * Rows on screen now (at least the ratio) and, SETTLE_MS after a row came on, the ones still on:
 * `seen` gets those.
 */
export function visibilityTracker(seen: (ids: string[]) => void, settleMs = SETTLE_MS) {
  const visible = new Set<string>()
  let timer: ReturnType<typeof setTimeout> | null = null
  const flush = () => {
    timer = null
    if (visible.size === 0) return
    const ids = [...visible]
    visible.clear()
    seen(ids)
  }
  return {
    /** A row's share on screen changed. */
    update(id: string | undefined, ratio: number) {
      if (!id) return
      if (ratio >= ReceiptLimits.visibleRatio) {
        visible.add(id)
        timer ??= setTimeout(flush, settleMs)
      } else {
        visible.delete(id)
      }
    },
    stop() {
      if (timer) clearTimeout(timer)
      timer = null
      visible.clear()
    },
  }
}

export function useReceiptsOnScreen(room: ChatRoom, messages: readonly Message[]): void {
  const waiting = waitingForReceipt(room, messages)
  const key = waiting.map((m) => m.ID).join(',')
  useEffect(() => {
    if (waiting.length === 0) return undefined
    const byId = new Map(waiting.map((m) => [m.ID, m]))
    const tracker = visibilityTracker((ids) => {
      const due = ids.flatMap((id) => byId.get(id) ?? [])
      if (due.length > 0) void room.sendReceipts(due)
    })
    const stop =
      process.env.TARO_ENV === 'h5' ? observeH5(byId, tracker.update) : observeWeapp(tracker.update)
    return () => {
      stop?.()
      tracker.stop()
    }
    // `key` names the waiting messages: observe again only when they change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [room, key])
}

type Update = (id: string | undefined, ratio: number) => void

function observeH5(byId: Map<string, Message>, update: Update) {
  if (typeof IntersectionObserver === 'undefined') return undefined
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        update((entry.target as HTMLElement).dataset.id, entry.intersectionRatio)
      }
    },
    // 0 as well: a row leaving the screen is reported, so a glimpse does not count.
    { threshold: [0, ReceiptLimits.visibleRatio] },
  )
  document.querySelectorAll<HTMLElement>('[data-testid="msg"]').forEach((row) => {
    if (row.dataset.id && byId.has(row.dataset.id)) observer.observe(row)
  })
  return () => observer.disconnect()
}

function observeWeapp(update: Update) {
  const page = Taro.getCurrentInstance().page
  if (!page) return undefined
  let observer: Taro.IntersectionObserver
  try {
    observer = Taro.createIntersectionObserver(page, {
      thresholds: [0, ReceiptLimits.visibleRatio],
      observeAll: true,
    })
  } catch {
    // A host without intersection observers (an old base library): no receipts, no crash.
    return undefined
  }
  observer.relativeToViewport().observe('.msg', (res) => {
    update((res as { dataset?: { id?: string } }).dataset?.id, res.intersectionRatio ?? 0)
  })
  return () => observer.disconnect()
}
