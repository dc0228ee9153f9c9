import type { KeyValueStorage, ReaderPrefs } from '@/core/storage'

/** Text sizes the reader steps through (design px, 750 width). */
export const FONT_SIZES: readonly number[] = [28, 32, 36, 40, 44, 48]
export const DEFAULT_PREFS: ReaderPrefs = { fontSize: 36, night: false }

/** The stored prefs, with anything missing or out of range put back to the default. */
export function readPrefs(storage: KeyValueStorage): ReaderPrefs {
  const stored = storage.get('reader_prefs')
  const fontSize = FONT_SIZES.find((size) => size === stored?.fontSize) ?? DEFAULT_PREFS.fontSize
  return { fontSize, night: stored?.night === true }
}

export function writePrefs(storage: KeyValueStorage, prefs: ReaderPrefs): void {
  storage.set('reader_prefs', prefs)
}

/** One step larger (+1) or smaller (-1), staying within FONT_SIZES. */
export function stepFontSize(current: number, step: 1 | -1): number {
  const at = FONT_SIZES.findIndex((size) => size === current)
  const index = at < 0 ? FONT_SIZES.indexOf(DEFAULT_PREFS.fontSize) : at
  return FONT_SIZES[Math.min(FONT_SIZES.length - 1, Math.max(0, index + step))]
}
