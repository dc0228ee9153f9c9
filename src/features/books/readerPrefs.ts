import type { KeyValueStorage, ReaderPrefs } from '@/core/storage'

/** Text sizes the reader steps through (design px, 750 width). */
export const FONT_SIZES: readonly number[] = [28, 32, 36, 40, 44, 48]
/** Line heights the reader steps through (multiples of the font size). */
export const LINE_HEIGHTS: readonly number[] = [1.5, 1.7, 1.9, 2.1, 2.3]
/** Brightness steps: 1 is the screen as it is, lower dims the page. */
export const BRIGHTNESS_STEPS: readonly number[] = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]
export const DEFAULT_PREFS: ReaderPrefs = {
  fontSize: 36,
  night: false,
  lineHeight: 1.9,
  brightness: 1,
}

const known = (list: readonly number[], value: unknown, fallback: number): number =>
  list.find((v) => v === value) ?? fallback

/** The stored prefs, with anything missing or out of range put back to the default. */
export function readPrefs(storage: KeyValueStorage): ReaderPrefs {
  const stored = storage.get('reader_prefs')
  return {
    fontSize: known(FONT_SIZES, stored?.fontSize, DEFAULT_PREFS.fontSize),
    night: stored?.night === true,
    lineHeight: known(LINE_HEIGHTS, stored?.lineHeight, DEFAULT_PREFS.lineHeight),
    brightness: known(BRIGHTNESS_STEPS, stored?.brightness, DEFAULT_PREFS.brightness),
  }
}

export function writePrefs(storage: KeyValueStorage, prefs: ReaderPrefs): void {
  storage.set('reader_prefs', prefs)
}

/** One step up (+1) or down (-1) in `list`, staying within it; an unknown value starts at `fallback`. */
export function stepIn(
  list: readonly number[],
  current: number,
  step: 1 | -1,
  fallback: number,
): number {
  const at = list.findIndex((v) => v === current)
  const index = at < 0 ? list.indexOf(fallback) : at
  return list[Math.min(list.length - 1, Math.max(0, index + step))]
}

/** One step larger (+1) or smaller (-1), staying within FONT_SIZES. */
export const stepFontSize = (current: number, step: 1 | -1): number =>
  stepIn(FONT_SIZES, current, step, DEFAULT_PREFS.fontSize)

/**
 * Whether justified text reads well at this size: at the largest sizes a line holds so few
 * characters that spreading them opens wide gaps, so the text is ranged left there.
 */
export const justifies = (fontSize: number): boolean => fontSize <= 40
