/**
 * Saving the poster on H5: the browser downloads the PNG (a same-origin upload) under a name of
 * its own. WeChat's own browser, where share links open, ignores downloads: there the reader is
 * asked to long-press the image (WeChat's menu saves it). (savePoster.ts is the mini-program's:
 * the photo album.)
 */
import { isWeChatBrowser } from '@/core/platform'

export type SaveOutcome = 'saved' | 'denied' | 'failed' | 'longPress'

export const SAVE_LABEL = '下载海报'

export async function savePoster(url: string): Promise<SaveOutcome> {
  if (isWeChatBrowser()) return 'longPress'
  try {
    const res = await fetch(url)
    if (!res.ok) return 'failed'
    const href = URL.createObjectURL(await res.blob())
    const link = document.createElement('a')
    link.href = href
    link.download = '书友吧主海报.png'
    link.rel = 'noopener'
    document.body.appendChild(link)
    link.click()
    link.remove()
    setTimeout(() => URL.revokeObjectURL(href), 60_000)
    return 'saved'
  } catch {
    return 'failed'
  }
}
