import Taro, { useDidHide, useDidShow, useUnload } from '@tarojs/taro'
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
 * dims the page on H5 (the page draws a layer); on weapp it sets the screen's brightness to that
 * share of its own while the reader shows.
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

  // weapp: brightness is a share of the screen's own level, set while the reader shows and given
  // back when it hides (WeChat applies it to the whole mini-program) or is set back to 1.
  const level = useRef(prefs.brightness)
  level.current = prefs.brightness
  const apply = useCallback(async () => {
    if (isH5()) return
    if (level.current >= 1) {
      if (screenBefore.current === null) return
      await Taro.setScreenBrightness({ value: screenBefore.current })
      screenBefore.current = null
      return
    }
    if (screenBefore.current === null)
      screenBefore.current = (await Taro.getScreenBrightness()).value
    await Taro.setScreenBrightness({ value: screenBefore.current * level.current })
  }, [])
  const giveBack = useCallback(() => {
    if (isH5() || screenBefore.current === null) return
    Taro.setScreenBrightness({ value: screenBefore.current }).catch(() => undefined)
    screenBefore.current = null
  }, [])
  useEffect(() => {
    apply().catch(() => undefined)
  }, [prefs.brightness, apply])
  useDidShow(() => void apply().catch(() => undefined))
  useDidHide(giveBack)
  useUnload(giveBack)

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
