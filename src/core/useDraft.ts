/**
 * Unsent text kept on the device under a draft key (src/core/drafts.ts), so the session's end
 * clears it. The stored value is read once, on mount; each set writes it; a value equal to `initial`
 * is not kept. `clear` (after sending) removes the stored draft and leaves the shown value alone, so
 * the form does not empty while its success toast is up.
 */
import Taro from '@tarojs/taro'
import { useCallback, useState } from 'react'
import { isDraftKey } from './drafts'

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The stored value checked against the shape of `initial`: an object keeps only the fields whose
 * type matches (the rest come from `initial`); anything else is taken only with the same type.
 */
export function readDraftValue<T>(stored: unknown, initial: T): T {
  if (stored === undefined || stored === null || stored === '') return initial
  if (isPlainObject(initial)) {
    if (!isPlainObject(stored)) return initial
    const merged: Record<string, unknown> = { ...initial }
    for (const [name, fallback] of Object.entries(initial)) {
      const value = stored[name]
      if (value === undefined) continue
      const sameKind =
        Array.isArray(fallback) === Array.isArray(value) &&
        (fallback === null || typeof value === typeof fallback)
      if (sameKind) merged[name] = value
    }
    return merged as T
  }
  if (Array.isArray(initial)) return (Array.isArray(stored) ? stored : initial) as T
  return typeof stored === typeof initial ? (stored as T) : initial
}

const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b)

function readStored(key: string): unknown {
  try {
    return Taro.getStorageSync(key)
  } catch {
    return undefined
  }
}

function writeStored(key: string, value: unknown): void {
  try {
    Taro.setStorageSync(key, value)
  } catch {
    // a full or unavailable storage only loses the draft
  }
}

function removeStored(key: string): void {
  try {
    Taro.removeStorageSync(key)
  } catch {
    // nothing stored or storage unavailable
  }
}

export function useDraft<T>(key: string, initial: T): [T, (next: T) => void, () => void] {
  // A key the logout sweep does not recognise would leave one person's text to the next.
  if (!isDraftKey(key)) throw new Error(`useDraft: "${key}" is not a draft key`)
  const [value, setValue] = useState<T>(() => readDraftValue(readStored(key), initial))

  // Written at once, not debounced: a write landing after a logout would bring the draft back.
  const set = useCallback(
    (next: T) => {
      setValue(() => next)
      if (sameValue(next, initial)) removeStored(key)
      else writeStored(key, next)
    },
    [key], // eslint-disable-line react-hooks/exhaustive-deps
  )

  const clear = useCallback(() => removeStored(key), [key])

  return [value, set, clear]
}
