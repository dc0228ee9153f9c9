/**
 * The two settings of read receipts (chat-spec section 3, "User settings"): receipts are asked
 * for, sent and shown only when both are on.
 * - enabledMessageReadReceipt, the app's, is the server's: it comes with the chat login answer,
 *   asked once and kept (a failure counts as off and is asked again next time).
 * - displayMessageReadReceipt, the reader's (设置 → 消息已读回执), is kept on the device under
 *   its own name; on until the reader turns it off.
 */
import { useEffect, useState } from 'react'
import { StorageKey, taroStorage } from '@/core/storage'
import { chatServerSettings } from './chatServerSettings'

export async function appReceiptSetting(): Promise<boolean> {
  return (await chatServerSettings()).readReceipts
}

/** Where the reader's setting is kept (the device's storage; tests pass another). */
export interface SettingStore {
  read(): unknown
  write(on: boolean): void
}

export const deviceSettingStore: SettingStore = {
  read: () => taroStorage.get(StorageKey.displayReceipt),
  write: (on) => taroStorage.set(StorageKey.displayReceipt, on),
}

/** The reader's setting: on unless they turned it off (nothing stored, or anything else, is on). */
export function displayReceiptSetting(store: SettingStore = deviceSettingStore): boolean {
  return store.read() !== false
}

export function setDisplayReceiptSetting(
  on: boolean,
  store: SettingStore = deviceSettingStore,
): void {
  store.write(on)
}

/**
 * The settings page's switch 消息已读回执: shown only while the app setting is on (`available`),
 * signed-in readers only (the app setting comes with the chat login).
 */
export function useReceiptSwitch(signedIn: boolean, store: SettingStore = deviceSettingStore) {
  const [available, setAvailable] = useState(false)
  const [on, setOn] = useState(() => displayReceiptSetting(store))
  useEffect(() => {
    if (!signedIn) {
      setAvailable(false)
      return undefined
    }
    let live = true
    void appReceiptSetting().then((enabled) => live && setAvailable(enabled))
    return () => {
      live = false
    }
  }, [signedIn])
  return {
    available,
    on,
    toggle(next: boolean) {
      setDisplayReceiptSetting(next, store)
      setOn(next)
    },
  }
}
