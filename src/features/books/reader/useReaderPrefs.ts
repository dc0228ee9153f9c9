import { useCallback, useState } from 'react'
import { taroStorage } from '@/core/storage'
import { readPrefs, stepFontSize, writePrefs } from '../readerPrefs'
import type { ReaderPrefs } from '@/core/storage'

/** The reader's text size and night mode, kept on the device. */
export function useReaderPrefs() {
  const [prefs, setPrefs] = useState(() => readPrefs(taroStorage))

  const change = useCallback((update: (prefs: ReaderPrefs) => ReaderPrefs) => {
    setPrefs((current) => {
      const next = update(current)
      writePrefs(taroStorage, next)
      return next
    })
  }, [])

  const changeFont = useCallback(
    (step: 1 | -1) => change((p) => ({ ...p, fontSize: stepFontSize(p.fontSize, step) })),
    [change],
  )
  const toggleNight = useCallback(() => change((p) => ({ ...p, night: !p.night })), [change])

  return { prefs, changeFont, toggleNight }
}
