/**
 * The 分享 button's action on H5 (the mini-program's button opens WeChat's own share sheet): in
 * WeChat's browser it points at WeChat's menu, which carries the card; elsewhere it copies the link.
 */
import Taro from '@tarojs/taro'

export const COPIED_TEXT = '链接已复制'
export const WECHAT_MENU_HINT = '点击右上角「···」发送给朋友或分享到朋友圈'

export interface ShareActionDeps {
  setClipboard: (text: string) => Promise<unknown>
  toast: (text: string) => void
  /** Shows the link for copying by hand when the clipboard refuses. */
  showLink: (link: string) => void
}

export const taroShareActionDeps: ShareActionDeps = {
  setClipboard: (data) => Taro.setClipboardData({ data }),
  toast: (title) =>
    void Taro.showToast({ title, icon: 'none', duration: 2000 }).catch(() => undefined),
  showLink: (link) =>
    void Taro.showModal({ title: '复制链接分享', content: link, showCancel: false }).catch(
      () => undefined,
    ),
}

/** Copies the link and says so; true when copied. */
export async function copyShareLink(
  link: string,
  deps: ShareActionDeps = taroShareActionDeps,
): Promise<boolean> {
  try {
    await deps.setClipboard(link)
  } catch {
    deps.showLink(link)
    return false
  }
  deps.toast(COPIED_TEXT)
  return true
}

/** The H5 share action: WeChat's menu inside WeChat's browser, the copied link elsewhere. */
export function shareOnWeb(
  link: string,
  inWeChat: boolean,
  deps: ShareActionDeps = taroShareActionDeps,
): Promise<boolean> {
  if (inWeChat) {
    deps.toast(WECHAT_MENU_HINT)
    return Promise.resolve(true)
  }
  return copyShareLink(link, deps)
}
