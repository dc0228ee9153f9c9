import { useDidHide, useUnload } from '@tarojs/taro'
import { useCallback, useEffect, useRef } from 'react'
import type { SaveProgressReq } from '@/types/api/books'
import { saveProgress } from '../api'
import { trackProgressSave } from '../progressSaving'

const SAVE_DELAY_MS = 3000

/**
 * Saves the reader's place (createBooksInfoReading) a few seconds after it last moved, and at once
 * when the page hides or closes. Only places that differ from the last saved one are sent.
 */
export function useProgressSaver(enabled: boolean) {
  const pending = useRef<SaveProgressReq | null>(null)
  const lastSent = useRef('')
  const timeout = useRef<ReturnType<typeof setTimeout> | null>(null)
  const enabledRef = useRef(enabled)
  enabledRef.current = enabled

  const flush = useCallback(() => {
    if (timeout.current) clearTimeout(timeout.current)
    timeout.current = null
    const place = pending.current
    pending.current = null
    if (!place || !enabledRef.current) return
    const key = JSON.stringify(place)
    if (key === lastSent.current) return
    lastSent.current = key
    trackProgressSave(
      saveProgress(place).catch(() => {
        lastSent.current = ''
      }),
    )
  }, [])

  const update = useCallback(
    (place: SaveProgressReq, immediately = false) => {
      pending.current = place
      if (immediately) return flush()
      if (timeout.current) clearTimeout(timeout.current)
      timeout.current = setTimeout(flush, SAVE_DELAY_MS)
    },
    [flush],
  )

  useEffect(() => () => flush(), [flush])
  useDidHide(flush)
  useUnload(flush)

  return update
}
