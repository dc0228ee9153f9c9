/**
 * The native tab badge of the conversations tab (index 1). The calls fail on pages that are not tab
 * pages; that is harmless, so failures are swallowed.
 */
import Taro from '@tarojs/taro'

export const UNREAD_TAB_INDEX = 1

export interface TabBadgeSink {
  show(text: string): void
  hide(): void
}

function quietly(call: () => Promise<unknown>): void {
  try {
    call().catch(() => undefined)
  } catch {
    // Not a tab page, or no tab bar on this platform.
  }
}

export const taroTabBadge: TabBadgeSink = {
  show(text) {
    quietly(() => Taro.setTabBarBadge({ index: UNREAD_TAB_INDEX, text }))
  },
  hide() {
    quietly(() => Taro.removeTabBarBadge({ index: UNREAD_TAB_INDEX }))
  },
}
