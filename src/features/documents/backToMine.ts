import Taro from '@tarojs/taro'
import { finishWith } from '@/core/finish'
import { Route } from '@/core/routes'

/** The page under the top one is 我的文档 (its path, as H5 and the mini-program name pages). */
function cameFromMyDoc(): boolean {
  try {
    const pages = Taro.getCurrentPages()
    const below = pages[pages.length - 2] as
      { $taroPath?: string; path?: string; route?: string } | undefined
    const path = below ? (below.$taroPath ?? below.path ?? below.route ?? '') : ''
    return path.replace(/^\//, '').startsWith(Route.myDoc.slice(1))
  } catch {
    return false
  }
}

/**
 * After a form of my documents (upload, contribute, resubmit): `text` as a success toast, then back
 * to 我的文档 (it reloads its list when shown again), or onto it when the form was opened elsewhere.
 */
export function finishToMyDocs(text: string): void {
  finishWith(text, cameFromMyDoc() ? 'back' : { redirect: Route.myDoc })
}
