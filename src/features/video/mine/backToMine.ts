import Taro from '@tarojs/taro'
import { finishWith } from '@/core/finish'
import { Route } from '@/core/routes'
import { myVideoUrl } from './links'
import { markSentToReview } from './useMyVideos'

/** The page under the top one is 我的视频 (its path, as H5 and the mini-program name pages). */
function cameFromMyVideo(): boolean {
  try {
    const pages = Taro.getCurrentPages()
    const below = pages[pages.length - 2] as
      { $taroPath?: string; path?: string; route?: string } | undefined
    const path = below ? (below.$taroPath ?? below.path ?? below.route ?? '') : ''
    return path.replace(/^\//, '').startsWith(Route.myVideo.slice(1))
  } catch {
    return false
  }
}

/**
 * After publishing: a success toast, then 我的视频 on its 审核中 list, where the new video is (back to
 * it when the form was opened from there, else onto it).
 */
export function finishPublished(): void {
  markSentToReview()
  finishWith(
    '已提交审核',
    cameFromMyVideo() ? 'back' : { redirect: myVideoUrl({ state: 'pending' }) },
  )
}

/**
 * After an edit: `text` as a success toast, then back to 我的视频 (on 审核中 when the edit sent the
 * video to review), or onto it.
 */
export function finishEdited(text: string, toReview: boolean): void {
  if (toReview) markSentToReview()
  const state = toReview ? 'pending' : undefined
  finishWith(text, cameFromMyVideo() ? 'back' : { redirect: myVideoUrl({ state }) })
}

/** There is a page to go back to (not opened by a link). */
function canGoBack(): boolean {
  try {
    return Taro.getCurrentPages().length > 1
  } catch {
    return false
  }
}

/** After deleting an album: a success toast, then back (or onto 我的专辑). */
export function finishAlbumRemoved(text: string): void {
  finishWith(text, canGoBack() ? 'back' : { redirect: myVideoUrl({ tab: 'albums' }) })
}
