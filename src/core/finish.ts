/** "Done" after a form: a success toast, then after a moment the page the person goes on to. */
import Taro from '@tarojs/taro'
import type { RoutePath } from './routes'

/** Long enough to read the toast. */
export const FINISH_DELAY_MS = 800

export type FinishTarget =
  | 'back'
  /** Back, or this tab when there is no page to go back to (opened by a link). */
  | { backOr: RoutePath }
  | { switchTab: RoutePath }
  | { redirect: string }

/** Which page is on top: H5 answers copies of its page objects, so it is compared by key. */
function topPage(): string {
  try {
    const pages = Taro.getCurrentPages()
    const top = pages[pages.length - 1] as { $taroPath?: string; path?: string; route?: string }
    return top ? `${pages.length}|${top.$taroPath ?? top.path ?? top.route ?? ''}` : ''
  } catch {
    return ''
  }
}

/**
 * Shows `text` as a success toast and, after FINISH_DELAY_MS, goes back / switches tab / redirects.
 * Nothing happens if the person has left the page meanwhile: the move is meant for this page only.
 */
export function finishWith(text: string, then: FinishTarget): void {
  void Taro.showToast({ title: text, icon: 'success' })
  const page = topPage()
  setTimeout(() => {
    if (topPage() !== page) return
    const tab = (url: string) => Taro.switchTab({ url }).catch(() => undefined)
    if (then === 'back') void Taro.navigateBack().catch(() => undefined)
    else if ('backOr' in then) {
      if (Taro.getCurrentPages().length > 1) void Taro.navigateBack().catch(() => tab(then.backOr))
      else void tab(then.backOr)
    } else if ('switchTab' in then) void tab(then.switchTab)
    else void Taro.redirectTo({ url: then.redirect }).catch(() => undefined)
  }, FINISH_DELAY_MS)
}
