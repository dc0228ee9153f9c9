import Taro from '@tarojs/taro'

/** What the agent pages say when a call went through (the server's answer messages). */
export const DoneText = {
  applied: '申请已提交',
  saved: '已保存',
  withdrawn: '提现申请已提交',
  given: '已发放',
} as const

/** A success toast; a toast that cannot show is not an error. */
export function showDone(text: string): void {
  try {
    Taro.showToast({ title: text, icon: 'success' }).catch(() => undefined)
  } catch {
    // No toast on this page or platform.
  }
}
