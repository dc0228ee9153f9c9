import Taro from '@tarojs/taro'
import { useRef, useState } from 'react'
import { BRAND_COLOR } from './theme'

/** What the confirmation asks before a row goes. */
export interface RemovalQuestion {
  title: string
  content: string
  confirmText: string
  cancelText?: string
}

interface Options<T> {
  key: (item: T) => number
  ask: (item: T) => RemovalQuestion
  /** The server call; it shows its own failure. */
  remove: (item: T) => Promise<unknown>
  /** After the server agreed: take the row out of its list, show what happened. */
  removed: (item: T) => void
  doneText: string
}

/**
 * Removing a row of a list after a confirmation, once at a time per row: a second tap while the
 * first is under way does nothing. `busy` holds the keys being removed (for disabled buttons).
 */
export function useConfirmedRemoval<T>({ key, ask, remove, removed, doneText }: Options<T>) {
  const pending = useRef(new Set<number>())
  const [busy, setBusy] = useState<ReadonlySet<number>>(() => new Set())
  const mark = (id: number, on: boolean) => {
    if (on) pending.current.add(id)
    else pending.current.delete(id)
    setBusy(new Set(pending.current))
  }

  const run = async (item: T): Promise<void> => {
    const id = key(item)
    if (pending.current.has(id)) return
    const { confirm } = await Taro.showModal({ ...ask(item), confirmColor: BRAND_COLOR })
    if (!confirm) return
    mark(id, true)
    try {
      await remove(item)
      removed(item)
      void Taro.showToast({ title: doneText, icon: 'none' })
    } catch {
      // the request layer has shown why
    } finally {
      mark(id, false)
    }
  }
  return { run, busy }
}
