import Taro from '@tarojs/taro'

/** Storage keys of unsent drafts: report_draft, feedback_draft, thought_draft_<bookId>, chat drafts. */
export const isDraftKey = (key: string): boolean =>
  /(^|_)draft(_|$)/.test(key) || key === 'TUI_CHAT_STORAGE'

/**
 * Removes every unsent draft from the device: called when the session ends, so the next person
 * on this device never sees someone else's text or pictures.
 */
export function clearDrafts(): void {
  try {
    for (const key of Taro.getStorageInfoSync().keys) {
      if (isDraftKey(key)) Taro.removeStorageSync(key)
    }
  } catch {
    // storage unavailable: nothing kept
  }
}
