/**
 * 推广海报: my poster (made and cached by the server), saved to the phone (the album on weapp, a
 * download on H5; long-press on the image works in WeChat too), and its share card: the home with
 * my id as referrer (spid), so whoever opens it becomes my member.
 */
import { useRef, useState } from 'react'
import { resolveAssetUrl } from '@/core/assets'
import { toast } from '@/core/toast'
import { usePageData } from '@/core/usePageData'
import type { AgentPoster } from '@/types/api/agent'
import { fetchPoster } from './api'
import { savePoster, SAVE_LABEL, type SaveOutcome } from './savePoster'

export const SAVE_TEXT: Record<SaveOutcome, string> = {
  saved: '已保存',
  denied: '请在设置中允许保存到相册',
  failed: '保存失败，请长按图片保存',
  longPress: '请长按图片保存',
}

export function usePoster(loggedIn: boolean) {
  const page = usePageData<AgentPoster | null>(
    () => (loggedIn ? fetchPoster() : Promise.resolve(null)),
    [loggedIn],
    { pullDown: true },
  )
  const [saving, setSaving] = useState(false)
  const busy = useRef(false)
  const poster = page.data

  const save = async () => {
    if (!poster || busy.current) return
    busy.current = true
    setSaving(true)
    try {
      toast(SAVE_TEXT[await savePoster(resolveAssetUrl(poster.image))])
    } finally {
      busy.current = false
      setSaving(false)
    }
  }

  return {
    poster,
    error: page.error,
    retry: () => void page.reload(),
    save,
    saving,
    saveLabel: SAVE_LABEL,
  }
}
