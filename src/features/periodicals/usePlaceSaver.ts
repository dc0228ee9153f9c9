import { useDidHide, useUnload } from '@tarojs/taro'
import { useCallback, useEffect, useRef } from 'react'

export const SAVE_DELAY_MS = 3000

/**
 * Saves the reader's place with `send` (createBooksReading, saveBooksPressReading) a few seconds
 * after it last moved, and at once when the page hides or closes, like the book reader's
 * useProgressSaver. Only a place that differs from the last one sent goes; nothing while disabled
 * (a guest). Answers `update(place, immediately?)`.
 */
export function usePlaceSaver<P extends object>(
  send: (place: P) => Promise<unknown>,
  enabled: boolean,
): (place: P, immediately?: boolean) => void {
  const pending = useRef<P | null>(null)
  const lastSent = useRef('')
  const timeout = useRef<ReturnType<typeof setTimeout> | null>(null)
  const current = useRef({ send, enabled })
  current.current = { send, enabled }

  const flush = useCallback(() => {
    if (timeout.current) clearTimeout(timeout.current)
    timeout.current = null
    const place = pending.current
    pending.current = null
    if (!place || !current.current.enabled) return
    const key = JSON.stringify(place)
    if (key === lastSent.current) return
    lastSent.current = key
    current.current.send(place).catch(() => {
      lastSent.current = ''
    })
  }, [])

  const update = useCallback(
    (place: P, immediately = false) => {
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
