import Taro, { useUnload } from '@tarojs/taro'
import { useCallback, useEffect, useRef, useState } from 'react'
import { isH5 } from '@/core/platform'
import { taroStorage } from '@/core/storage'
import {
  BRIGHTNESS_STEPS,
  DEFAULT_PREFS,
  LINE_HEIGHTS,
  readPrefs,
  stepFontSize,
  stepIn,
  writePrefs,
} from '../readerPrefs'
import type { ReaderPrefs } from '@/core/storage'

/**
 * The reader's text size, line height, brightness and night mode, kept on the device. Brightness
 * dims the page on H5 (the page draws a layer); on weapp it sets the screen's brightness while the
 * reader is open and gives the screen back its own when the reader closes.
 */
export function useReaderPrefs() {
  const [prefs, setPrefs] = useState(() => readPrefs(taroStorage))
  const screenBefore = useRef<number | null>(null)

  const change = useCallback((update: (prefs: ReaderPrefs) => ReaderPrefs) => {
    setPrefs((current) => {
      const next = update(current)
      writePrefs(taroStorage, next)
      return next
    })
  }, [])

  useEffect(() => {
    if (isH5() || (prefs.brightness === 1 && screenBefore.current === null)) return
    const apply = async () => {
      if (screenBefore.current === null)
        screenBefore.current = (await Taro.getScreenBrightness()).value
      await Taro.setScreenBrightness({ value: prefs.brightness })
    }
    apply().catch(() => undefined)
  }, [prefs.brightness])
  useUnload(() => {
    if (!isH5() && screenBefore.current !== null)
      Taro.setScreenBrightness({ value: screenBefore.current }).catch(() => undefined)
  })

  const changeFont = useCallback(
    (step: 1 | -1) => change((p) => ({ ...p, fontSize: stepFontSize(p.fontSize, step) })),
    [change],
  )
  const changeLineHeight = useCallback(
    (step: 1 | -1) =>
      change((p) => ({
        ...p,
        lineHeight: stepIn(LINE_HEIGHTS, p.lineHeight, step, DEFAULT_PREFS.lineHeight),
      })),
    [change],
  )
  const changeBrightness = useCallback(
    (step: 1 | -1) =>
      change((p) => ({
        ...p,
        brightness: stepIn(BRIGHTNESS_STEPS, p.brightness, step, DEFAULT_PREFS.brightness),
      })),
    [change],
  )
  const toggleNight = useCallback(() => change((p) => ({ ...p, night: !p.night })), [change])

  return { prefs, changeFont, changeLineHeight, changeBrightness, toggleNight }
}
