import Taro from '@tarojs/taro'

/** A short text toast (no icon); a toast that cannot show is not an error. */
export function toast(text: string): void {
  try {
    Taro.showToast({ title: text, icon: 'none' }).catch(() => undefined)
  } catch {
    // No toast on this page or platform.
  }
}
