import Taro from '@tarojs/taro'
import { isH5 } from './platform'

/** The spec's page load delay: a page chunk that takes longer than this shows a loading toast. */
export const CHUNK_LOADING_DELAY_MS = 200
export const CHUNK_FAILED_MESSAGE = '网络异常，请重试'

export type ChunkLoader = (chunkId: string | number) => Promise<unknown>

export interface ChunkLoadingUI {
  showLoading(): void
  hideLoading(): void
  failed(): void
}

/**
 * Wraps webpack's chunk loader: while chunks are on their way for longer than `delayMs`, the
 * loading toast shows; it goes when the last one arrives or fails, and a failure says so (the next
 * attempt to open the page loads the chunk again).
 */
export function trackChunkLoads(
  load: ChunkLoader,
  ui: ChunkLoadingUI,
  delayMs = CHUNK_LOADING_DELAY_MS,
): ChunkLoader {
  let pending = 0
  let timer: ReturnType<typeof setTimeout> | null = null
  let shown = false
  let anyFailed = false

  const settle = (failed: boolean) => {
    pending -= 1
    anyFailed = anyFailed || failed
    if (pending > 0) return
    if (timer !== null) clearTimeout(timer)
    timer = null
    if (shown) ui.hideLoading()
    shown = false
    if (anyFailed) ui.failed()
    anyFailed = false
  }

  return (chunkId) => {
    pending += 1
    if (pending === 1) {
      timer = setTimeout(() => {
        timer = null
        shown = true
        ui.showLoading()
      }, delayMs)
    }
    return load(chunkId).then(
      (value) => {
        settle(false)
        return value
      },
      (error: unknown) => {
        settle(true)
        throw error
      },
    )
  }
}

interface WebpackRequire {
  e: ChunkLoader
}
declare const __webpack_require__: WebpackRequire
// eslint-disable-next-line no-var -- webpack's own free variable
declare var __webpack_public_path__: string

const taroUI: ChunkLoadingUI = {
  showLoading: () => void Taro.showLoading({ title: '加载中', mask: false }),
  hideLoading: () => Taro.hideLoading(),
  failed: () => void Taro.showToast({ title: CHUNK_FAILED_MESSAGE, icon: 'none' }),
}

/**
 * H5 only, once at start: chunks load from the page's own origin whatever a `<base>` element
 * says (the build's public path `/` would resolve against document.baseURI), and page chunks
 * show the loading toast after 200 ms and a toast when they fail.
 */
export function installChunkLoading(): void {
  if (!isH5() || typeof location === 'undefined' || !/^https?:$/.test(location.protocol)) return
  __webpack_public_path__ = `${location.origin}/`
  __webpack_require__.e = trackChunkLoads(__webpack_require__.e, taroUI)
}
