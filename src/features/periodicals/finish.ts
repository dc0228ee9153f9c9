import Taro from '@tarojs/taro'

/** Long enough to read the toast. */
const DELAY_MS = 900

export const SUBMITTED = '已提交，等待审核'

function depth(): number {
  try {
    return Taro.getCurrentPages().length
  } catch {
    return 1
  }
}

/**
 * After an upload went to review: 已提交，等待审核 (a plain toast: a success toast cuts it short on
 * the mini-program), then back to the page the reader came from, or on to `detailUrl` (the
 * upload's magazine or newspaper) in place of the form when `back` is false or there is no page to
 * go back to. Nothing happens if the person has left the form meanwhile.
 */
export function finishSubmitted(detailUrl: string, back: boolean): void {
  void Taro.showToast({ title: SUBMITTED, icon: 'none', duration: 1500 }).catch(() => undefined)
  const at = depth()
  setTimeout(() => {
    if (depth() !== at) return
    if (back && at > 1) void Taro.navigateBack().catch(() => undefined)
    else void Taro.redirectTo({ url: detailUrl }).catch(() => undefined)
  }, DELAY_MS)
}
